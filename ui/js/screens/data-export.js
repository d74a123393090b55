// Data, export (the "Export" card): the attendees and the check-in history as CSV, saved
// under the server's name. exportCard() makes one card; its cleanup ends it.

import * as api from '../api.js';
import { h, replace, errorPanel } from '../dom.js';
import { session } from '../session.js';

function save(blob, filename) {
  const url = URL.createObjectURL(blob);
  const a = h('a', { href: url, download: filename, hidden: true });
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
}

/** A button that downloads `pathOf(eventId)` of the event and says so in `state.status`. */
function exportButton(state, testid, label, pathOf, what) {
  const btn = h('button', { type: 'button', class: 'btn btn-block', 'data-testid': testid }, label);
  btn.addEventListener('click', async () => {
    if (btn.disabled) return;
    btn.disabled = true;
    btn.textContent = 'Preparing…';
    replace(state.status);
    try {
      const { blob, filename } = await api.get(pathOf(session.event.id), {
        raw: 'file', timeout: 120000, headers: { Accept: 'text/csv, application/json' },
      });
      if (!state.alive) return;
      save(blob, filename);
      replace(state.status, h('p', { class: 'notice notice-ok small', 'data-testid': 'export-done' }, `${what} saved as “${filename}” in your downloads.`));
    } catch (e) {
      if (!state.alive) return;
      replace(state.status, errorPanel(e, () => btn.click(), { title: `${what} not downloaded` }));
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
    h('h2', null, 'Export'),
    h('p', { class: 'muted small' }, 'CSV files for a spreadsheet. The attendee file can be imported again.'),
    h('div', { class: 'export-list' },
      exportButton(state, 'export-attendees', 'Download attendees (CSV)', api.paths.exportAttendees, 'The attendees'),
      exportButton(state, 'export-check-ins', 'Download check-in history (CSV)', api.paths.exportCheckIns, 'The check-in history')),
    state.status);
  return { card, cleanup: () => { state.alive = false; } };
}
