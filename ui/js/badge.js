// Badges: the server renders the badge page (GET .../badge, behind the token). The page has
// an inline style, which this UI's CSP would block in a blob window, so its markup is taken
// into this page (as a `.badge-card`, styled by kiosk.css) and printed from here: the print
// stylesheet shows only the badge, on a 4 × 3 in page.

import * as api from './api.js';
import { h, replace } from './dom.js';
import { session } from './session.js';
import { t } from './i18n.js';

async function badgeCard(attendeeId) {
  const html = await api.get(api.paths.attendeeBadge(session.event.id, attendeeId), { raw: 'text', headers: { Accept: 'text/html' } });
  // Drop the page's own styles before parsing: this page's CSP would refuse them anyway.
  const markup = html.replace(/<style[\s\S]*?<\/style>/gi, '').replace(/\sstyle="[^"]*"/gi, '');
  const doc = new DOMParser().parseFromString(markup, 'text/html');
  const source = doc.querySelector('.badge');
  if (!source) throw Object.assign(new Error('The badge page had no badge.'), { words: t('shell-badge-unreadable') });
  for (const bad of source.querySelectorAll('script, style, link, iframe, object')) bad.remove();
  for (const el of [source, ...source.querySelectorAll('*')]) {
    for (const attr of Array.from(el.attributes)) {
      if (/^on/i.test(attr.name) || attr.name === 'style') el.removeAttribute(attr.name);
    }
  }
  const card = document.importNode(source, true);
  card.className = 'badge-card';
  card.setAttribute('data-testid', 'badge-card');
  return card;
}

/** The badge as an element, to show on screen. */
export async function badgePreview(attendeeId) {
  return h('div', { class: 'badge-sheet' }, await badgeCard(attendeeId));
}

/** Opens the browser's print dialog with only the badge on the page. */
export async function printBadge(attendeeId) {
  const card = await badgeCard(attendeeId);
  const area = document.getElementById('print-area');
  replace(area, h('div', { class: 'badge-sheet' }, card));
  window.__entradaPrinted = (window.__entradaPrinted || 0) + 1;
  // Let the badge lay out before the dialog takes its snapshot.
  await new Promise((r) => requestAnimationFrame(() => r()));
  window.print();
}
