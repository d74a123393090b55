// Data, export (the "Export" card): the attendees and the check-in history as CSV, saved
// under the server's name. exportCard() makes one card; its cleanup ends it.

import * as api from '../api.js';
import { h, replace, errorPanel } from '../dom.js';
import { session } from '../session.js';
import { t } from '../i18n.js';

function save(blob, filename) {
  const url = URL.createObjectURL(blob);
  const a = h('a', { href: url, download: filename, hidden: true });
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
}

/**
 * A button that downloads `pathOf(eventId)` of the event and says so in `state.status`;
 * `words` says what became of the file: `saved(filename)` and `failed()` (a title).
 */
function exportButton(state, testid, label, pathOf, words) {
  const btn = h('button', { type: 'button', class: 'btn btn-block', 'data-testid': testid }, label);
  btn.addEventListener('click', async () => {
    if (btn.disabled) return;
    btn.disabled = true;
    btn.textContent = t('data-export-preparing');
    replace(state.status);
    try {
      const { blob, filename } = await api.get(pathOf(session.event.id), {
        raw: 'file', timeout: 120000, headers: { Accept: 'text/csv, application/json' },
      });
      if (!state.alive) return;
      save(blob, filename);
      replace(state.status, h('p', { class: 'notice notice-ok small', 'data-testid': 'export-done' }, words.saved(filename)));
    } catch (e) {
      if (!state.alive) return;
      replace(state.status, errorPanel(e, () => btn.click(), { title: words.failed() }));
    } finally {
      btn.textContent = label;
      btn.disabled = false;
    }
  });
  return btn;
}

/** The "Export" card: {card, cleanup}. */
export function exportCard() {
  const state = { alive: true, status: h('div', { 'aria-live': 'polite', 'data-testid': 'export-status' }) };
  const card = h('div', { class: 'card', 'data-testid': 'export-card' },
    h('h2', null, t('data-export-title')),
    h('p', { class: 'muted small' }, t('data-export-intro')),
    h('div', { class: 'export-list' },
      exportButton(state, 'export-attendees', t('data-export-attendees'), api.paths.exportAttendees, {
        saved: (filename) => t('data-export-attendees-saved', { filename }),
        failed: () => t('data-export-attendees-failed'),
      }),
      exportButton(state, 'export-check-ins', t('data-export-check-ins'), api.paths.exportCheckIns, {
        saved: (filename) => t('data-export-check-ins-saved', { filename }),
        failed: () => t('data-export-check-ins-failed'),
      })),
    state.status);
  return { card, cleanup: () => { state.alive = false; } };
}
