// Data, import: what the import card shows of a dry run's or an import's report (the
// summary tiles, the Import buttons, the column choices, the rows with their problems)
// and the words it uses. Built from the import's state `im` (data-import.js), whose
// `act` holds what the buttons and choices do.

import { humanise } from '../api.js';
import { h, replace, uid } from '../dom.js';
import { takesValue } from '../fields.js';

/** Rows of the report shown at first (and added by "Show more"). */
export const ROWS_SHOWN = 100;
const AUTO = '__auto';

const MEMBERS = [
  ['first_name', 'First name'],
  ['last_name', 'Last name'],
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['job_title', 'Job title'],
  ['company', 'Company'],
  ['rsvp_status', 'RSVP status'],
  ['qr_code', 'Ticket code'],
  ['registration_type', 'Registration type'],
];
const MEMBER_WORDS = Object.fromEntries(MEMBERS);

const PREVIEW_WORDS = { create: 'New', update: 'Update', unchanged: 'Unchanged', invalid: 'Problem' };
const DONE_WORDS = { create: 'Added', update: 'Updated', unchanged: 'Unchanged', invalid: 'Left out' };

export const count = (n) => Number(n).toLocaleString('en');
export const plural = (n, one, many) => `${count(n)} ${n === 1 ? one : many}`;

export function sizeWords(bytes) {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 102.4) / 10} kB`;
  return `${Math.round(bytes / (1024 * 102.4)) / 10} MB`;
}

/** A server message about a row or the file in words: quotes for code marks, a field's label for its name. */
export function problemWords(message) {
  return humanise(message)
    .replace(/`([^`]*)` \(([^)]*)\)/g, '“$2”')
    .replace(/`([^`]*)`/g, '“$1”')
    .replace(/"([^"]*)"/g, '“$1”');
}

export function resultWords(out) {
  const parts = [
    `${plural(out.created, 'person', 'people')} added`,
    `${count(out.updated)} updated`,
    `${count(out.unchanged)} unchanged`,
  ];
  return `Imported: ${parts.join(', ')}.`;
}

function summary(r, done) {
  const tile = (label, value, testid, bad) => h('div', { class: ['kv-item', bad && 'kv-bad'] },
    h('div', { class: 'k' }, label), h('div', { class: 'v', 'data-testid': testid }, count(value)));
  return h('div', { class: 'kv kv-5', 'data-testid': 'import-summary' },
    tile('Rows', r.rows, 'sum-rows'),
    tile(done ? 'Added' : 'To add', r.created, 'sum-create'),
    tile(done ? 'Updated' : 'To update', r.updated, 'sum-update'),
    tile('Unchanged', r.unchanged, 'sum-unchanged'),
    tile(done ? 'Left out' : 'Invalid', r.invalid, 'sum-invalid', r.invalid > 0));
}

function targetWords(im, target) {
  if (!target) return null;
  if (target.startsWith('field:')) {
    const name = target.slice(6);
    const f = im.fields.find((x) => x.name === name);
    return f ? f.label : name;
  }
  return MEMBER_WORDS[target] || target;
}

/** One column of the file: its heading, what it is read as, and the choice to change that. */
function columnRow(im, c, answerable) {
  const { st } = im;
  const chosen = [...st.maps.keys()].find((k) => k.toLowerCase() === c.heading.toLowerCase());
  const id = uid('col');
  const sel = h('select', {
    id, 'data-testid': 'column-map', 'data-heading': c.heading, disabled: st.busy === 'importing',
    'aria-label': `Import the column “${c.heading}” as`,
  },
  h('option', { value: AUTO }, 'As the heading says'),
  h('option', { value: '' }, 'Not imported'),
  h('optgroup', { label: 'Attendee' }, MEMBERS.map(([v, w]) => h('option', { value: v }, w))),
  answerable.length ? h('optgroup', { label: 'Questions of this event' }, answerable.map((f) => h('option', { value: f.name }, f.label))) : null);
  sel.value = chosen !== undefined ? st.maps.get(chosen) : AUTO;
  sel.addEventListener('change', () => {
    if (chosen !== undefined) st.maps.delete(chosen);
    if (sel.value !== AUTO) st.maps.set(c.heading, sel.value);
    im.act.columnsChanged();
  });
  let readAs;
  if (c.target === undefined) readAs = h('span', { class: 'muted' }, '—');
  else if (c.target === null) readAs = h('span', { class: 'chip chip-ignored' }, 'Not imported');
  else readAs = h('span', { class: 'read-as' }, targetWords(im, c.target));
  return h('tr', { 'data-testid': 'import-column', 'data-heading': c.heading, 'data-target': c.target || '' },
    h('th', { scope: 'row', class: 'col-heading' }, c.heading || h('span', { class: 'muted' }, '(no heading)')),
    h('td', { 'data-testid': 'column-read-as' }, readAs, chosen !== undefined ? h('span', { class: 'muted small' }, ' (your choice)') : null),
    h('td', null, sel));
}

function columnsView(im) {
  const { st } = im;
  const cols = st.report
    ? st.report.columns
    : st.headings.map((heading) => ({ heading, target: undefined }));
  if (cols.length === 0) return null;
  const answerable = im.fields.filter((f) => takesValue(f.type));
  const rows = cols.map((c) => columnRow(im, c, answerable));
  const ignored = st.report ? st.report.columns.filter((c) => c.target === null).length : 0;
  return h('div', { class: 'import-section' },
    h('h4', null, 'Columns'),
    h('p', { class: 'muted small' },
      'Headings are matched to attendee details and to this event’s questions by name. ',
      st.report ? '' : 'What each column is read as shows once the file can be read. ',
      ignored ? `${plural(ignored, 'column is', 'columns are')} not imported: choose what ${ignored === 1 ? 'it holds' : 'they hold'}, or leave ${ignored === 1 ? 'it' : 'them'} out.` : ''),
    h('div', { class: 'table-wrap' }, h('table', { class: 'columns-table' },
      h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'Column in the file'), h('th', { scope: 'col' }, 'Read as'), h('th', { scope: 'col' }, 'Change'))),
      h('tbody', null, rows))));
}

/** The table of the rows shown (or a line saying no row has a problem). */
function rowsTable(shown, done) {
  const words = done ? DONE_WORDS : PREVIEW_WORDS;
  if (shown.length === 0) return h('p', { class: 'empty', 'data-testid': 'no-problem-rows' }, 'No row has a problem.');
  return h('div', { class: 'table-wrap' }, h('table', { class: 'import-table' },
    h('thead', null, h('tr', null,
      h('th', { scope: 'col', class: 'num' }, 'Row'),
      h('th', { scope: 'col' }, done ? 'Outcome' : 'Will be'),
      h('th', { scope: 'col' }, 'Name'),
      h('th', { scope: 'col' }, 'Problems'))),
    h('tbody', null, shown.map((x) => h('tr', {
      'data-testid': 'import-row', 'data-row': x.row, 'data-action': x.action, class: x.action === 'invalid' && 'row-invalid',
    },
    h('td', { class: 'num', 'data-testid': 'row-number' }, String(x.row)),
    h('td', null, h('span', { class: ['chip', `chip-${x.action}`] }, words[x.action] || x.action)),
    h('td', { class: 'row-name' }, done && x.attendee_id && x.action !== 'invalid'
      ? h('a', { class: 'row-link', href: `#/attendees/${x.attendee_id}`, 'data-keep-enabled': 'true' }, x.name || '(no name)')
      : x.name || h('span', { class: 'muted' }, '(no name)')),
    h('td', { 'data-testid': 'row-errors' }, x.errors.length
      ? h('ul', { class: 'row-errors' }, x.errors.map((m) => h('li', null, problemWords(m))))
      : null))))));
}

function rowsView(im, r, done) {
  const { st } = im;
  if (r.rows === 0) return h('p', { class: 'empty', 'data-testid': 'no-rows' }, 'The file has no rows under its heading line.');
  const list = st.onlyProblems ? r.results.filter((x) => x.action === 'invalid') : r.results;
  const shown = list.slice(0, st.shown);
  const box = h('input', {
    type: 'checkbox', checked: st.onlyProblems, 'data-testid': 'only-problems', 'data-keep-enabled': 'true',
  });
  box.addEventListener('change', () => {
    st.onlyProblems = box.checked;
    st.shown = ROWS_SHOWN;
    replace(rowsSlot, rowsView(im, r, done));
    const again = rowsSlot.querySelector('[data-testid="only-problems"]');
    if (again) again.focus();
  });
  const rowsSlot = h('div');
  const more = list.length - shown.length;
  replace(rowsSlot,
    h('div', { class: 'rows-head' },
      h('h4', null, 'Rows'),
      h('label', { class: 'check-row' }, box, ` Only rows with problems (${r.invalid})`)),
    rowsTable(shown, done),
    more > 0 ? h('div', { class: 'btn-row more-row' },
      h('span', { class: 'muted' }, `Showing ${shown.length} of ${list.length}.`),
      h('button', {
        type: 'button', class: 'btn', 'data-testid': 'rows-more', 'data-keep-enabled': 'true',
        onclick: () => {
          st.shown += ROWS_SHOWN;
          replace(rowsSlot, rowsView(im, r, done));
        },
      }, `Show ${Math.min(ROWS_SHOWN, more)} more`)) : null);
  return rowsSlot;
}

function actionsView(im, r) {
  const { st } = im;
  const valid = r.rows - r.invalid;
  const importing = st.busy === 'importing';
  if (r.rows === 0) return null;
  const all = h('button', {
    type: 'button', class: 'btn btn-primary', 'data-testid': 'import-all', disabled: r.invalid > 0 || !!st.busy,
    onclick: () => im.act.runImport(false),
  }, importing ? 'Importing…' : `Import ${plural(r.rows, 'row', 'rows')}`);
  const some = r.invalid > 0 && valid > 0
    ? h('button', {
      type: 'button', class: 'btn', 'data-testid': 'import-valid', disabled: !!st.busy, onclick: () => im.act.runImport(true),
    }, `Import only the ${plural(valid, 'valid row', 'valid rows')}`)
    : null;
  let hint = null;
  if (r.invalid > 0 && valid === 0) hint = 'No row can be imported yet: every row has a problem. Fix the file, then choose it again.';
  else if (r.invalid > 0) hint = `${plural(r.invalid, 'row has', 'rows have')} problems. Fix ${r.invalid === 1 ? 'it' : 'them'} in the file and choose it again, or import only the valid rows.`;
  else if (r.created === 0 && r.updated === 0) hint = 'Everyone in the file is already here, unchanged: importing changes nothing.';
  return h('div', { class: 'import-actions' },
    hint ? h('p', { class: ['small', r.invalid > 0 ? 'hint-bad' : 'muted'], 'data-testid': 'import-hint' }, hint) : null,
    h('div', { class: 'btn-row' }, all, some));
}

/** The dry run's report: what importing would do, with the Import buttons. */
export function previewView(im) {
  const { st } = im;
  const r = st.report;
  return h('div', { class: 'import-preview', 'data-testid': 'import-preview' },
    h('h3', null, 'Check before importing'),
    st.problems ? h('div', { class: 'error-panel', role: 'alert', 'data-testid': 'file-problems' },
      h('p', { class: 'error-title' }, 'The file cannot be imported as it is'),
      st.problems.length === 1 ? h('p', null, st.problems[0]) : h('ul', null, st.problems.map((m) => h('li', null, m)))) : null,
    r ? h('p', { class: 'muted small' }, 'Nothing has been written yet. People already here are recognised by ticket code, else email, and updated rather than added twice.') : null,
    r ? summary(r, false) : null,
    r ? actionsView(im, r) : null,
    columnsView(im),
    r ? rowsView(im, r, false) : null);
}

/** The import's report: what was done. */
export function resultView(im, r) {
  const again = h('button', {
    type: 'button', class: 'btn', 'data-testid': 'import-again', 'data-keep-enabled': 'true',
    onclick: () => im.act.checkAgain(),
  }, 'Check this file again');
  const left = r.invalid;
  return h('div', { class: 'import-done', 'data-testid': 'import-done' },
    h('h3', null, 'Import finished'),
    h('p', { class: 'notice notice-ok', 'data-testid': 'import-result' },
      resultWords(r),
      left ? ` ${plural(left, 'row', 'rows')} with problems ${left === 1 ? 'was' : 'were'} left out.` : ''),
    summary(r, true),
    h('div', { class: 'btn-row' },
      h('a', { class: 'btn btn-primary', href: '#/attendees', 'data-testid': 'see-attendees' }, 'See the attendees'),
      again),
    rowsView(im, r, true));
}
