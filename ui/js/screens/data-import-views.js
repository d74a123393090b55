// Data, import: what the import card shows of a dry run's or an import's report (the
// summary tiles, the Import buttons, the column choices, the rows with their problems)
// and the words it uses. Built from the import's state `im` (data-import.js), whose
// `act` holds what the buttons and choices do.

import { humanise } from '../api.js';
import { h, replace, uid } from '../dom.js';
import { takesValue } from '../fields.js';
import { t, formatNumber } from '../i18n.js';

/** Rows of the report shown at first (and added by "Show more"). */
export const ROWS_SHOWN = 100;
const AUTO = '__auto';

/** The attendee details a column can fill, in the order the column choice lists them. */
const MEMBERS = [
  'first_name', 'last_name', 'email', 'phone', 'job_title', 'company', 'rsvp_status', 'qr_code', 'registration_type',
];

/** An attendee detail (a column's target) in words; null for none of them. */
function memberWord(member) {
  switch (member) {
    case 'first_name': return t('data-member-first-name');
    case 'last_name': return t('data-member-last-name');
    case 'email': return t('data-member-email');
    case 'phone': return t('data-member-phone');
    case 'job_title': return t('data-member-job-title');
    case 'company': return t('data-member-company');
    case 'rsvp_status': return t('data-member-rsvp-status');
    case 'qr_code': return t('data-member-ticket-code');
    case 'registration_type': return t('data-member-registration-type');
    default: return null;
  }
}

/** What a dry run would do with a row (`action`), in words. */
function previewWord(action) {
  switch (action) {
    case 'create': return t('data-row-new');
    case 'update': return t('data-row-update');
    case 'unchanged': return t('data-unchanged');
    case 'invalid': return t('data-row-problem');
    default: return action;
  }
}

/** What the import did with a row (`action`), in words. */
function doneWord(action) {
  switch (action) {
    case 'create': return t('data-added');
    case 'update': return t('data-updated');
    case 'unchanged': return t('data-unchanged');
    case 'invalid': return t('data-left-out');
    default: return action;
  }
}

/** A count in the UI's language. */
export const count = (n) => formatNumber(Number(n));

export function sizeWords(bytes) {
  if (bytes < 1024) return t('data-size-bytes', { count: bytes });
  if (bytes < 1024 * 1024) return t('data-size-kb', { size: Math.round(bytes / 102.4) / 10 });
  return t('data-size-mb', { size: Math.round(bytes / (1024 * 102.4)) / 10 });
}

/** A server message about a row or the file in words: quotes for code marks, a field's label for its name. */
export function problemWords(message) {
  return humanise(message)
    .replace(/`([^`]*)` \(([^)]*)\)/g, '“$2”')
    .replace(/`([^`]*)`/g, '“$1”')
    .replace(/"([^"]*)"/g, '“$1”');
}

export function resultWords(out) {
  return t('data-result', { added: Number(out.created), updated: Number(out.updated), unchanged: Number(out.unchanged) });
}

function summary(r, done) {
  const tile = (label, value, testid, bad) => h('div', { class: ['kv-item', bad && 'kv-bad'] },
    h('div', { class: 'k' }, label), h('div', { class: 'v', 'data-testid': testid }, count(value)));
  return h('div', { class: 'kv kv-5', 'data-testid': 'import-summary' },
    tile(t('data-sum-rows'), r.rows, 'sum-rows'),
    tile(done ? t('data-added') : t('data-sum-to-add'), r.created, 'sum-create'),
    tile(done ? t('data-updated') : t('data-sum-to-update'), r.updated, 'sum-update'),
    tile(t('data-unchanged'), r.unchanged, 'sum-unchanged'),
    tile(done ? t('data-left-out') : t('data-sum-invalid'), r.invalid, 'sum-invalid', r.invalid > 0));
}

function targetWords(im, target) {
  if (!target) return null;
  if (target.startsWith('field:')) {
    const name = target.slice(6);
    const f = im.fields.find((x) => x.name === name);
    return f ? f.label : name;
  }
  return memberWord(target) || target;
}

/** One column of the file: its heading, what it is read as, and the choice to change that. */
function columnRow(im, c, answerable) {
  const { st } = im;
  const chosen = [...st.maps.keys()].find((k) => k.toLowerCase() === c.heading.toLowerCase());
  const id = uid('col');
  const sel = h('select', {
    id, 'data-testid': 'column-map', 'data-heading': c.heading, disabled: st.busy === 'importing',
    'aria-label': t('data-column-choice-label', { heading: c.heading }),
  },
  h('option', { value: AUTO }, t('data-column-as-heading')),
  h('option', { value: '' }, t('data-column-not-imported')),
  h('optgroup', { label: t('data-column-group-attendee') }, MEMBERS.map((v) => h('option', { value: v }, memberWord(v)))),
  answerable.length ? h('optgroup', { label: t('data-column-group-questions') }, answerable.map((f) => h('option', { value: f.name }, f.label))) : null);
  sel.value = chosen !== undefined ? st.maps.get(chosen) : AUTO;
  sel.addEventListener('change', () => {
    if (chosen !== undefined) st.maps.delete(chosen);
    if (sel.value !== AUTO) st.maps.set(c.heading, sel.value);
    im.act.columnsChanged();
  });
  let readAs;
  if (c.target === undefined) readAs = h('span', { class: 'muted' }, '—');
  else if (c.target === null) readAs = h('span', { class: 'chip chip-ignored' }, t('data-column-not-imported'));
  else readAs = h('span', { class: 'read-as' }, targetWords(im, c.target));
  return h('tr', { 'data-testid': 'import-column', 'data-heading': c.heading, 'data-target': c.target || '' },
    h('th', { scope: 'row', class: 'col-heading' }, c.heading || h('span', { class: 'muted' }, t('data-column-no-heading'))),
    h('td', { 'data-testid': 'column-read-as' }, readAs, chosen !== undefined ? h('span', { class: 'muted small' }, ` ${t('data-column-your-choice')}`) : null),
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
    h('h4', null, t('data-columns-title')),
    h('p', { class: 'muted small' },
      `${t('data-columns-intro')} `,
      st.report ? '' : `${t('data-columns-pending')} `,
      ignored ? t('data-columns-ignored', { count: ignored }) : ''),
    h('div', { class: 'table-wrap' }, h('table', { class: 'columns-table' },
      h('thead', null, h('tr', null, h('th', { scope: 'col' }, t('data-columns-in-file')), h('th', { scope: 'col' }, t('data-columns-read-as')), h('th', { scope: 'col' }, t('data-columns-change')))),
      h('tbody', null, rows))));
}

/** The table of the rows shown (or a line saying no row has a problem). */
function rowsTable(shown, done) {
  const words = done ? doneWord : previewWord;
  if (shown.length === 0) return h('p', { class: 'empty', 'data-testid': 'no-problem-rows' }, t('data-rows-no-problem'));
  return h('div', { class: 'table-wrap' }, h('table', { class: 'import-table' },
    h('thead', null, h('tr', null,
      h('th', { scope: 'col', class: 'num' }, t('data-rows-row')),
      h('th', { scope: 'col' }, done ? t('data-rows-outcome') : t('data-rows-will-be')),
      h('th', { scope: 'col' }, t('data-rows-name')),
      h('th', { scope: 'col' }, t('data-rows-problems')))),
    h('tbody', null, shown.map((x) => h('tr', {
      'data-testid': 'import-row', 'data-row': x.row, 'data-action': x.action, class: x.action === 'invalid' && 'row-invalid',
    },
    h('td', { class: 'num', 'data-testid': 'row-number' }, String(x.row)),
    h('td', null, h('span', { class: ['chip', `chip-${x.action}`] }, words(x.action))),
    h('td', { class: 'row-name' }, done && x.attendee_id && x.action !== 'invalid'
      ? h('a', { class: 'row-link', href: `#/attendees/${x.attendee_id}`, 'data-keep-enabled': 'true' }, x.name || t('data-rows-no-name'))
      : x.name || h('span', { class: 'muted' }, t('data-rows-no-name'))),
    h('td', { 'data-testid': 'row-errors' }, x.errors.length
      ? h('ul', { class: 'row-errors' }, x.errors.map((m) => h('li', null, problemWords(m))))
      : null))))));
}

function rowsView(im, r, done) {
  const { st } = im;
  if (r.rows === 0) return h('p', { class: 'empty', 'data-testid': 'no-rows' }, t('data-rows-none'));
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
      h('h4', null, t('data-rows-title')),
      h('label', { class: 'check-row' }, box, ` ${t('data-rows-only-problems', { count: Number(r.invalid) })}`)),
    rowsTable(shown, done),
    more > 0 ? h('div', { class: 'btn-row more-row' },
      h('span', { class: 'muted' }, t('data-rows-showing', { shown: shown.length, total: list.length })),
      h('button', {
        type: 'button', class: 'btn', 'data-testid': 'rows-more', 'data-keep-enabled': 'true',
        onclick: () => {
          st.shown += ROWS_SHOWN;
          replace(rowsSlot, rowsView(im, r, done));
        },
      }, t('data-rows-show-more', { count: Math.min(ROWS_SHOWN, more) }))) : null);
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
  }, importing ? t('data-importing') : t('data-import-rows', { count: Number(r.rows) }));
  const some = r.invalid > 0 && valid > 0
    ? h('button', {
      type: 'button', class: 'btn', 'data-testid': 'import-valid', disabled: !!st.busy, onclick: () => im.act.runImport(true),
    }, t('data-import-valid', { count: valid }))
    : null;
  let hint = null;
  if (r.invalid > 0 && valid === 0) hint = t('data-hint-all-invalid');
  else if (r.invalid > 0) hint = t('data-hint-some-invalid', { count: Number(r.invalid) });
  else if (r.created === 0 && r.updated === 0) hint = t('data-hint-unchanged');
  return h('div', { class: 'import-actions' },
    hint ? h('p', { class: ['small', r.invalid > 0 ? 'hint-bad' : 'muted'], 'data-testid': 'import-hint' }, hint) : null,
    h('div', { class: 'btn-row' }, all, some));
}

/** The dry run's report: what importing would do, with the Import buttons. */
export function previewView(im) {
  const { st } = im;
  const r = st.report;
  return h('div', { class: 'import-preview', 'data-testid': 'import-preview' },
    h('h3', null, t('data-preview-title')),
    st.problems ? h('div', { class: 'error-panel', role: 'alert', 'data-testid': 'file-problems' },
      h('p', { class: 'error-title' }, t('data-file-problems-title')),
      st.problems.length === 1 ? h('p', null, st.problems[0]) : h('ul', null, st.problems.map((m) => h('li', null, m)))) : null,
    r ? h('p', { class: 'muted small' }, t('data-preview-intro')) : null,
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
  }, t('data-check-again'));
  const left = r.invalid;
  return h('div', { class: 'import-done', 'data-testid': 'import-done' },
    h('h3', null, t('data-done-title')),
    h('p', { class: 'notice notice-ok', 'data-testid': 'import-result' },
      resultWords(r),
      left ? ` ${t('data-result-left-out', { count: Number(left) })}` : ''),
    summary(r, true),
    h('div', { class: 'btn-row' },
      h('a', { class: 'btn btn-primary', href: '#/attendees', 'data-testid': 'see-attendees' }, t('data-see-attendees')),
      again),
    rowsView(im, r, true));
}
