// Data (organisers): import attendees from a CSV file and download CSV files.
// Import: choose or drop a file; a dry run always comes first and shows a summary, how
// each column is read (with a choice for each: a member, a question of the event, or not
// imported; a change checks the file again) and the rows with their problems. Then
// "Import N rows" (only when no row has a problem) or "Import only the N valid rows"
// (after a confirmation), with the upload's progress, then "Processing…" until the server
// answers with what it did. The file and the choices stay when a request fails.
// Export: the attendees and the check-in history as CSV, saved under the server's name.

import * as api from '../api.js';
import { humanise } from '../api.js';
import { h, replace, errorPanel, uid, confirmDialog, randomKey } from '../dom.js';
import { session, eventPath, fields as loadFields } from '../session.js';
import { takesValue } from '../fields.js';
import { refreshCounters } from '../shell.js';

/** The server's limit for one file. */
const MAX_BYTES = 64 * 1024 * 1024;
/** Requests with an Idempotency-Key are buffered up to 1 MiB by the server. */
const KEYED_MAX_BYTES = 1024 * 1024;
/** Rows of the report shown at first (and added by "Show more"). */
const ROWS_SHOWN = 100;
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

/** The column choices (heading → target) per event, kept while the kiosk runs. */
const choices = new Map();

const count = (n) => Number(n).toLocaleString('en');
const plural = (n, one, many) => `${count(n)} ${n === 1 ? one : many}`;

function sizeWords(bytes) {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 102.4) / 10} kB`;
  return `${Math.round(bytes / (1024 * 102.4)) / 10} MB`;
}

/** A server message about a row or the file in words: quotes for code marks, a field's label for its name. */
function problemWords(message) {
  return humanise(message)
    .replace(/`([^`]*)` \(([^)]*)\)/g, '“$2”')
    .replace(/`([^`]*)`/g, '“$1”')
    .replace(/"([^"]*)"/g, '“$1”');
}

/** Why the server could not read the file (422), in this screen's words. */
function fileProblemWords(message) {
  const m = String(message);
  let x;
  if (/^no column holds first names/.test(m)) {
    return 'No column holds first names. Under “Columns”, choose the column that has them.';
  }
  if ((x = m.match(/^columns `(.*)` and `(.*)` both fill the same member/))) {
    return `The columns “${x[1]}” and “${x[2]}” would both fill the same place. Set one of them to something else or to “Not imported”.`;
  }
  if ((x = m.match(/^(?:map: )?a mapping names a column `(.*)` the file does not have/))) {
    return `The file has no column “${x[1]}”.`;
  }
  if ((x = m.match(/^column `(.*?)` is mapped to `(.*?)`, which is neither/))) {
    return `The column “${x[1]}” is set to “${x[2]}”, which is neither an attendee detail nor a question of this event any more. Choose again.`;
  }
  return problemWords(m);
}

/**
 * The headings of a CSV file, read here only to offer the column choices when the server
 * cannot read the file yet (no first-name column). Separator as the server picks it: the
 * one the heading line uses most (comma, semicolon or tab; a tie goes to the later).
 */
async function readHeadings(file) {
  let text;
  try {
    text = await file.slice(0, 256 * 1024).text();
  } catch (e) {
    return [];
  }
  text = text.replace(/^\uFEFF/, '');
  const firstLine = text.split('\n')[0];
  let sep = ',';
  let best = -1;
  for (const d of [',', ';', '\t']) {
    const n = firstLine.split(d).length - 1;
    if (n >= best) { best = n; sep = d; }
  }
  const cells = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { cell += '"'; i += 1; } else if (c === '"') quoted = false; else cell += c;
    } else if (c === '"') {
      quoted = true;
    } else if (c === sep) {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      break;
    } else {
      cell += c;
    }
  }
  cells.push(cell);
  return cells.map((x) => x.trim()).filter((x, i, all) => x !== '' || all.length > 1);
}

export function render(root) {
  let alive = true;
  let seq = 0;
  let current = null; // the AbortController of a running dry run
  let fields = [];
  let remap = null; // debounce timer of a column change
  const st = {
    file: null,
    headings: [],
    maps: null, // heading → target ('' = not imported), the organiser's choices
    report: null, // the last dry run's report
    problems: null, // why the server could not read the file (422), in words
    error: null, // the last failed request
    retry: null,
    busy: null, // 'checking' | 'importing' while a request runs
    result: null, // the import's report
    notice: null,
    onlyProblems: false,
    shown: ROWS_SHOWN,
  };
  const eventId = session.event.id;
  if (!choices.has(eventId)) choices.set(eventId, new Map());
  st.maps = choices.get(eventId);

  // ---- The file picker (button + drop zone) ----------------------------------------
  const fileInput = h('input', {
    type: 'file', accept: '.csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain', hidden: true, 'data-testid': 'import-file', tabindex: '-1',
  });
  fileInput.addEventListener('change', () => {
    const file = fileInput.files && fileInput.files[0];
    // Cleared, so that choosing the same file again is a change too.
    fileInput.value = '';
    if (file) choose(file);
  });
  const zone = h('div', { class: 'drop-zone', 'data-testid': 'drop-zone' });
  const pickerNote = h('p', { class: 'form-error', role: 'alert', 'data-testid': 'file-error' });
  let dragDepth = 0;
  zone.addEventListener('dragenter', (e) => {
    e.preventDefault();
    dragDepth += 1;
    if (!st.busy || st.busy === 'checking') zone.classList.add('dragging');
  });
  zone.addEventListener('dragleave', () => {
    dragDepth = Math.max(0, dragDepth - 1);
    if (dragDepth === 0) zone.classList.remove('dragging');
  });
  zone.addEventListener('dragover', (e) => {
    e.preventDefault();
    e.dataTransfer.dropEffect = st.busy === 'importing' ? 'none' : 'copy';
  });
  zone.addEventListener('drop', (e) => {
    e.preventDefault();
    e.stopPropagation();
    dragDepth = 0;
    zone.classList.remove('dragging');
    const files = e.dataTransfer && e.dataTransfer.files;
    if (!files || files.length === 0 || st.busy === 'importing') return;
    if (files.length > 1) {
      pickerNote.textContent = 'Drop one file at a time.';
      return;
    }
    choose(files[0]);
  });
  // A file dropped beside the zone must not open in the kiosk's window.
  const blockDrop = (e) => {
    if (zone.contains(e.target)) return;
    e.preventDefault();
    if (e.type === 'dragover' && e.dataTransfer) e.dataTransfer.dropEffect = 'none';
  };
  window.addEventListener('dragover', blockDrop);
  window.addEventListener('drop', blockDrop);

  function openPicker() {
    if (st.busy === 'importing') return;
    fileInput.click();
  }

  function renderZone() {
    const importing = st.busy === 'importing';
    if (!st.file) {
      zone.classList.remove('has-file');
      replace(zone,
        h('p', { class: 'drop-title' }, 'Drop a CSV file here'),
        h('p', { class: 'muted small' }, 'UTF-8, separated by commas, semicolons or tabs, with a heading line that names the columns.'),
        h('button', { type: 'button', class: 'btn btn-primary', 'data-testid': 'import-choose', onclick: openPicker }, 'Choose a CSV file…'),
        fileInput);
      return;
    }
    zone.classList.add('has-file');
    replace(zone,
      h('div', { class: 'file-chip' },
        h('span', { class: 'file-name', 'data-testid': 'file-name' }, st.file.name),
        h('span', { class: 'muted small' }, ` · ${sizeWords(st.file.size)}`),
        h('span', { class: 'muted small drop-hint' }, ' · or drop another file here')),
      h('button', {
        type: 'button', class: 'btn', 'data-testid': 'import-choose', disabled: importing, onclick: openPicker,
      }, 'Choose another file…'),
      fileInput);
  }

  async function choose(file) {
    pickerNote.textContent = '';
    if (/\.(xlsx|xlsm|xls|ods|numbers)$/i.test(file.name)) {
      pickerNote.textContent = `“${file.name}” is a spreadsheet workbook. In the spreadsheet, save it as “CSV UTF-8”, then choose that file.`;
      return;
    }
    if (file.size > MAX_BYTES) {
      pickerNote.textContent = `“${file.name}” is ${sizeWords(file.size)}; at most 64 MB can be imported at once. Split it into smaller files.`;
      return;
    }
    if (file.size === 0) {
      pickerNote.textContent = `“${file.name}” is empty. Choose the file with the registrations.`;
      return;
    }
    const headings = await readHeadings(file);
    if (!alive) return;
    // The choices are kept (by heading) for every file of this event; each check sends
    // those of the headings the file has.
    Object.assign(st, {
      file, headings, report: null, problems: null, error: null, retry: null, result: null, notice: null, onlyProblems: false, shown: ROWS_SHOWN,
    });
    st.busy = 'checking';
    renderAll();
    dryRun({ focus: 'preview' });
  }

  // ---- Requests ----------------------------------------------------------------------
  const progress = h('div', { class: 'upload-progress', 'data-testid': 'import-progress', hidden: true });
  const progressLabel = h('p', { class: 'upload-label', 'data-testid': 'import-progress-label' });
  const meterBar = h('div', { class: 'meter-bar' });
  const meter = h('div', {
    class: 'meter', role: 'progressbar', 'aria-valuemin': '0', 'aria-valuemax': '100', 'aria-label': 'Progress',
  }, meterBar);
  progress.append(progressLabel, meter);

  function showSending(fraction) {
    progress.hidden = false;
    const pct = Math.max(0, Math.min(100, Math.round(fraction * 100)));
    progressLabel.textContent = `Sending the file… ${pct} %`;
    meter.classList.remove('indeterminate');
    meter.setAttribute('aria-valuenow', String(pct));
    meter.removeAttribute('aria-valuetext');
    meterBar.style.width = `${pct}%`;
  }

  function showProcessing(words) {
    progress.hidden = false;
    progressLabel.textContent = words;
    meter.classList.add('indeterminate');
    meter.removeAttribute('aria-valuenow');
    meter.setAttribute('aria-valuetext', words);
    meterBar.style.width = '';
  }

  /** The `map=Heading=target` values: the choices for the headings this file has. */
  function mapQuery() {
    const has = new Set(st.headings.map((x) => x.toLowerCase()));
    return [...st.maps].filter(([heading]) => has.has(heading.toLowerCase())).map(([heading, target]) => `${heading}=${target}`);
  }

  function send(query, { processing, signal, headers }) {
    showSending(0);
    return api.upload('POST', eventPath('/imports/attendees'), st.file, {
      query: { ...query, map: mapQuery() },
      contentType: 'text/csv',
      headers,
      signal,
      onProgress: (sent, total) => showSending(total ? sent / total : 0),
      onSent: () => showProcessing(processing),
    });
  }

  async function dryRun({ focus } = {}) {
    if (!st.file) return;
    const mine = ++seq;
    if (current) current.abort();
    current = new AbortController();
    st.busy = 'checking';
    st.error = null;
    st.retry = null;
    renderStatus();
    body.classList.add('stale');
    try {
      const res = await send({ dry_run: 'true' }, { processing: 'Checking every row…', signal: current.signal });
      if (!alive || mine !== seq) return;
      st.report = res.item;
      st.problems = null;
      announce(`Checked: ${plural(st.report.rows, 'row', 'rows')}, ${plural(st.report.invalid, 'row', 'rows')} with problems.`);
    } catch (e) {
      if (e.aborted || !alive || mine !== seq) return;
      st.report = null;
      if (e.status === 422) {
        st.problems = (e.errors.length ? e.errors : [e.words]).map(fileProblemWords);
        announce('The file cannot be imported as it is.');
      } else {
        st.problems = null;
        st.error = e;
        st.retry = () => dryRun({ focus: 'status' });
      }
    }
    current = null;
    st.busy = null;
    renderAll({ focus });
  }

  async function runImport(validOnly, { confirmed = false, key = null } = {}) {
    const r = st.report;
    if (!r || st.busy) return;
    const valid = r.rows - r.invalid;
    if (validOnly && !confirmed) {
      const left = r.results.filter((x) => x.action === 'invalid').map((x) => x.row);
      const yes = await confirmDialog({
        title: `Import only the ${plural(valid, 'valid row', 'valid rows')}?`,
        body: `${plural(r.invalid, 'row', 'rows')} with problems will be left out (${left.length > 6 ? `rows ${left.slice(0, 6).join(', ')}…` : `${left.length === 1 ? 'row' : 'rows'} ${left.join(', ')}`}). You can fix ${r.invalid === 1 ? 'it' : 'them'} in the file and import it again later: people already imported are recognised, not added twice.`,
        confirmWords: `Import ${plural(valid, 'row', 'rows')}`,
        testid: 'confirm-valid-only',
      });
      if (!yes || !alive) return;
    }
    // A retry of the same import sends the same key, so that it is never done twice
    // (the server keys only bodies up to 1 MiB; above that, matching by ticket code or
    // email keeps a retry from adding people twice).
    const idem = key || (st.file.size <= KEYED_MAX_BYTES ? randomKey('import') : null);
    const mine = ++seq;
    clearTimeout(remap);
    if (current) current.abort();
    current = null;
    st.busy = 'importing';
    st.error = null;
    st.retry = null;
    st.notice = null;
    renderAll();
    try {
      const res = await send({ dry_run: 'false', valid_only: validOnly ? 'true' : 'false' }, {
        processing: 'Importing… the server answers when every row is stored.',
        headers: idem ? { 'Idempotency-Key': idem } : {},
      });
      if (!alive || mine !== seq) return;
      const out = res.item;
      if (!validOnly && out.invalid > 0) {
        // Something changed since the check (another import, a field): the server stores
        // nothing unless every row is valid.
        st.report = out;
        st.notice = `Nothing was imported: ${plural(out.invalid, 'row has', 'rows have')} problems now. Check the rows below.`;
      } else {
        st.result = out;
        refreshCounters();
        announce(resultWords(out));
      }
    } catch (e) {
      if (!alive || mine !== seq) return;
      if (e.status === 422) {
        st.report = null;
        st.problems = (e.errors.length ? e.errors : [e.words]).map(fileProblemWords);
      } else {
        st.error = e;
        st.retry = () => runImport(validOnly, { confirmed: true, key: idem });
      }
    }
    st.busy = null;
    renderAll({ focus: st.result ? 'result' : 'status' });
  }

  function resultWords(out) {
    const parts = [
      `${plural(out.created, 'person', 'people')} added`,
      `${count(out.updated)} updated`,
      `${count(out.unchanged)} unchanged`,
    ];
    return `Imported: ${parts.join(', ')}.`;
  }

  // ---- Rendering ---------------------------------------------------------------------
  const live = h('p', { class: 'visually-hidden', 'aria-live': 'polite', 'data-testid': 'import-live' });
  const statusBox = h('div', { 'data-testid': 'import-status' });
  const body = h('div', { 'data-testid': 'import-body' });

  function announce(words) {
    live.textContent = words;
  }

  function renderStatus() {
    if (!st.busy) progress.hidden = true;
    replace(statusBox,
      st.busy ? progress : null,
      !st.busy && st.error ? errorPanel(st.error, st.retry, {
        title: st.report ? 'Not imported yet — your file and choices are kept' : 'The file could not be checked — your file and choices are kept',
      }) : null,
      !st.busy && st.notice ? h('p', { class: 'notice notice-warn', role: 'alert', 'data-testid': 'import-notice' }, st.notice) : null);
    renderZone();
    // While a request runs, nothing may start another import; while the import runs,
    // the columns cannot change either.
    for (const el of body.querySelectorAll('button, select, input')) {
      if (el.dataset.keepEnabled) continue;
      if (st.busy === 'importing' || (st.busy && /^import-(all|valid)$/.test(el.dataset.testid || ''))) el.disabled = true;
    }
  }

  function renderAll({ focus } = {}) {
    const active = document.activeElement;
    const focusColumn = active && active.dataset && active.dataset.heading !== undefined && body.contains(active) ? active.dataset.heading : null;
    body.classList.toggle('stale', st.busy === 'checking');
    if (!st.file || (st.busy === 'checking' && !st.report && !st.problems)) {
      // A new file: nothing to show until its check answers.
      replace(body);
    } else if (st.result) {
      replace(body, resultView(st.result));
    } else {
      replace(body, previewView());
    }
    renderStatus();
    if (focusColumn !== null) {
      const sel = [...body.querySelectorAll('select[data-heading]')].find((x) => x.dataset.heading === focusColumn);
      if (sel) sel.focus();
    } else if (focus === 'preview' || focus === 'result') {
      const head = body.querySelector('h3');
      if (head) {
        head.setAttribute('tabindex', '-1');
        head.focus();
      }
    } else if (focus === 'status') {
      const retry = statusBox.querySelector('[data-testid="retry"]');
      if (retry) retry.focus();
    }
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

  function targetWords(target) {
    if (!target) return null;
    if (target.startsWith('field:')) {
      const name = target.slice(6);
      const f = fields.find((x) => x.name === name);
      return f ? f.label : name;
    }
    return MEMBER_WORDS[target] || target;
  }

  function columnsView() {
    const cols = st.report
      ? st.report.columns
      : st.headings.map((heading) => ({ heading, target: undefined }));
    if (cols.length === 0) return null;
    const answerable = fields.filter((f) => takesValue(f.type));
    const rows = cols.map((c) => {
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
        clearTimeout(remap);
        // Arrow keys change a closed select at every press: check once they settle.
        remap = setTimeout(() => dryRun(), 350);
      });
      let readAs;
      if (c.target === undefined) readAs = h('span', { class: 'muted' }, '—');
      else if (c.target === null) readAs = h('span', { class: 'chip chip-ignored' }, 'Not imported');
      else readAs = h('span', { class: 'read-as' }, targetWords(c.target));
      return h('tr', { 'data-testid': 'import-column', 'data-heading': c.heading, 'data-target': c.target || '' },
        h('th', { scope: 'row', class: 'col-heading' }, c.heading || h('span', { class: 'muted' }, '(no heading)')),
        h('td', { 'data-testid': 'column-read-as' }, readAs, chosen !== undefined ? h('span', { class: 'muted small' }, ' (your choice)') : null),
        h('td', null, sel));
    });
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

  function rowsView(r, done) {
    if (r.rows === 0) return h('p', { class: 'empty', 'data-testid': 'no-rows' }, 'The file has no rows under its heading line.');
    const words = done ? DONE_WORDS : PREVIEW_WORDS;
    const list = st.onlyProblems ? r.results.filter((x) => x.action === 'invalid') : r.results;
    const shown = list.slice(0, st.shown);
    const box = h('input', {
      type: 'checkbox', checked: st.onlyProblems, 'data-testid': 'only-problems', 'data-keep-enabled': 'true',
    });
    box.addEventListener('change', () => {
      st.onlyProblems = box.checked;
      st.shown = ROWS_SHOWN;
      replace(rowsSlot, rowsView(r, done));
      const again = rowsSlot.querySelector('[data-testid="only-problems"]');
      if (again) again.focus();
    });
    const rowsSlot = h('div');
    const more = list.length - shown.length;
    const table = shown.length === 0
      ? h('p', { class: 'empty', 'data-testid': 'no-problem-rows' }, 'No row has a problem.')
      : h('div', { class: 'table-wrap' }, h('table', { class: 'import-table' },
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
    replace(rowsSlot,
      h('div', { class: 'rows-head' },
        h('h4', null, 'Rows'),
        h('label', { class: 'check-row' }, box, ` Only rows with problems (${r.invalid})`)),
      table,
      more > 0 ? h('div', { class: 'btn-row more-row' },
        h('span', { class: 'muted' }, `Showing ${shown.length} of ${list.length}.`),
        h('button', {
          type: 'button', class: 'btn', 'data-testid': 'rows-more', 'data-keep-enabled': 'true',
          onclick: () => {
            st.shown += ROWS_SHOWN;
            replace(rowsSlot, rowsView(r, done));
          },
        }, `Show ${Math.min(ROWS_SHOWN, more)} more`)) : null);
    return rowsSlot;
  }

  function actionsView(r) {
    const valid = r.rows - r.invalid;
    const importing = st.busy === 'importing';
    if (r.rows === 0) return null;
    const all = h('button', {
      type: 'button', class: 'btn btn-primary', 'data-testid': 'import-all', disabled: r.invalid > 0 || !!st.busy,
      onclick: () => runImport(false),
    }, importing ? 'Importing…' : `Import ${plural(r.rows, 'row', 'rows')}`);
    const some = r.invalid > 0 && valid > 0
      ? h('button', {
        type: 'button', class: 'btn', 'data-testid': 'import-valid', disabled: !!st.busy, onclick: () => runImport(true),
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

  function previewView() {
    const r = st.report;
    return h('div', { class: 'import-preview', 'data-testid': 'import-preview' },
      h('h3', null, 'Check before importing'),
      st.problems ? h('div', { class: 'error-panel', role: 'alert', 'data-testid': 'file-problems' },
        h('p', { class: 'error-title' }, 'The file cannot be imported as it is'),
        st.problems.length === 1 ? h('p', null, st.problems[0]) : h('ul', null, st.problems.map((m) => h('li', null, m)))) : null,
      r ? h('p', { class: 'muted small' }, 'Nothing has been written yet. People already here are recognised by ticket code, else email, and updated rather than added twice.') : null,
      r ? summary(r, false) : null,
      r ? actionsView(r) : null,
      columnsView(),
      r ? rowsView(r, false) : null);
  }

  function resultView(r) {
    const again = h('button', {
      type: 'button', class: 'btn', 'data-testid': 'import-again', 'data-keep-enabled': 'true',
      onclick: () => {
        st.result = null;
        st.report = null;
        renderAll();
        dryRun({ focus: 'preview' });
      },
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
      rowsView(r, true));
  }

  // ---- Export ------------------------------------------------------------------------
  const exportStatus = h('div', { 'aria-live': 'polite', 'data-testid': 'export-status' });

  function save(blob, filename) {
    const url = URL.createObjectURL(blob);
    const a = h('a', { href: url, download: filename, hidden: true });
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
  }

  function exportButton(testid, label, path, what) {
    const btn = h('button', { type: 'button', class: 'btn btn-block', 'data-testid': testid }, label);
    btn.addEventListener('click', async () => {
      if (btn.disabled) return;
      btn.disabled = true;
      btn.textContent = 'Preparing…';
      replace(exportStatus);
      try {
        const { blob, filename } = await api.get(eventPath(path), {
          raw: 'file', timeout: 120000, headers: { Accept: 'text/csv, application/json' },
        });
        if (!alive) return;
        save(blob, filename);
        replace(exportStatus, h('p', { class: 'notice notice-ok small', 'data-testid': 'export-done' }, `${what} saved as “${filename}” in your downloads.`));
      } catch (e) {
        if (!alive) return;
        replace(exportStatus, errorPanel(e, () => btn.click(), { title: `${what} not downloaded` }));
      } finally {
        btn.textContent = label;
        btn.disabled = false;
      }
    });
    return btn;
  }

  // ---- The screen --------------------------------------------------------------------
  replace(root, h('section', { class: 'screen', 'data-testid': 'data-screen' },
    h('div', { class: 'screen-head' }, h('h1', null, 'Data')),
    h('div', { class: 'data-grid' },
      h('div', { class: 'card', 'data-testid': 'import-card' },
        h('h2', null, 'Import attendees'),
        h('p', { class: 'muted small' }, 'From a CSV file, such as a spreadsheet saved as “CSV UTF-8” or a file downloaded here. You see what would happen before anything is written.'),
        zone, pickerNote, statusBox, live, body),
      h('div', { class: 'card', 'data-testid': 'export-card' },
        h('h2', null, 'Export'),
        h('p', { class: 'muted small' }, 'CSV files for a spreadsheet. The attendee file can be imported again.'),
        h('div', { class: 'export-list' },
          exportButton('export-attendees', 'Download attendees (CSV)', '/exports/attendees.csv', 'The attendees'),
          exportButton('export-check-ins', 'Download check-in history (CSV)', '/exports/check_ins.csv', 'The check-in history')),
        exportStatus))));
  renderZone();

  loadFields().then((list) => {
    if (!alive) return;
    fields = list;
    if (st.file && !st.busy) renderAll();
  }).catch(() => {
    // The column choices then offer the attendee details only; the dry run still works.
  });

  return () => {
    alive = false;
    clearTimeout(remap);
    // A dry run can stop; an import runs to its end on the server either way.
    if (current) current.abort();
    window.removeEventListener('dragover', blockDrop);
    window.removeEventListener('drop', blockDrop);
  };
}
