// Data, import (the "Import attendees" card): choose or drop a CSV file; a dry run always
// comes first and shows a summary, how each column is read (with a choice for each: a
// member, a question of the event, or not imported; a change checks the file again) and
// the rows with their problems (data-import-views.js). Then "Import N rows" (only when no
// row has a problem) or "Import only the N valid rows" (after a confirmation), with the
// upload's progress, then "Processing…" until the server answers with what it did. The
// file and the choices stay when a request fails.
//
// importCard() makes one card with its own state (`im`, below); its cleanup ends it.

import * as api from '../api.js';
import { h, replace, errorPanel, confirmDialog, randomKey } from '../dom.js';
import { session, fields as loadFields } from '../session.js';
import { refreshCounters } from '../shell.js';
import { t } from '../i18n.js';
import {
  ROWS_SHOWN, sizeWords, problemWords, resultWords, previewView, resultView,
} from './data-import-views.js';

/** The server's limit for one file. */
const MAX_BYTES = 64 * 1024 * 1024;
/** Requests with an Idempotency-Key are buffered up to 1 MiB by the server. */
const KEYED_MAX_BYTES = 1024 * 1024;

/**
 * The column choices (heading → target) per event, kept while the kiosk runs: choosing
 * another file of the same event, or coming back to Data, offers them again. So they are
 * this module's, not a card's; only this module reads them (see session.js on app state).
 */
const choices = new Map();

/** Why the server could not read the file (422), in this screen's words. */
function fileProblemWords(message) {
  const m = String(message);
  let x;
  if (/^no column holds first names/.test(m)) {
    return t('data-problem-no-first-names');
  }
  if ((x = m.match(/^columns `(.*)` and `(.*)` both fill the same member/))) {
    return t('data-problem-same-place', { first: x[1], second: x[2] });
  }
  if ((x = m.match(/^(?:map: )?a mapping names a column `(.*)` the file does not have/))) {
    return t('data-problem-no-column', { column: x[1] });
  }
  if ((x = m.match(/^column `(.*?)` is mapped to `(.*?)`, which is neither/))) {
    return t('data-problem-gone-target', { column: x[1], target: x[2] });
  }
  return problemWords(m);
}

/** The separator as the server picks it: the one the heading line uses most (a tie goes to the later). */
function separatorOf(firstLine) {
  let sep = ',';
  let best = -1;
  for (const d of [',', ';', '\t']) {
    const n = firstLine.split(d).length - 1;
    if (n >= best) { best = n; sep = d; }
  }
  return sep;
}

/**
 * The headings of a CSV file, read here only to offer the column choices when the server
 * cannot read the file yet (no first-name column). Separator: comma, semicolon or tab.
 */
async function readHeadings(file) {
  let text;
  try {
    text = await file.slice(0, 256 * 1024).text();
  } catch (e) {
    return [];
  }
  text = text.replace(/^\uFEFF/, '');
  const sep = separatorOf(text.split('\n')[0]);
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

// ---- The card's state ----------------------------------------------------------------

function progressElements() {
  const el = h('div', { class: 'upload-progress', 'data-testid': 'import-progress', hidden: true });
  const label = h('p', { class: 'upload-label', 'data-testid': 'import-progress-label' });
  const bar = h('div', { class: 'meter-bar' });
  const meter = h('div', {
    class: 'meter', role: 'progressbar', 'aria-valuemin': '0', 'aria-valuemax': '100', 'aria-label': t('data-progress'),
  }, bar);
  el.append(label, meter);
  return { el, label, meter, bar };
}

/** A new import card's state and elements (`act`: what its buttons and choices do). */
function newImport() {
  const eventId = session.event.id;
  if (!choices.has(eventId)) choices.set(eventId, new Map());
  const im = {
    alive: true,
    seq: 0,
    current: null, // the AbortController of a running dry run
    fields: [],
    remap: null, // debounce timer of a column change
    dragDepth: 0,
    st: {
      file: null,
      headings: [],
      maps: choices.get(eventId), // heading → target ('' = not imported), the organiser's choices
      report: null, // the last dry run's report
      problems: null, // why the server could not read the file (422), in words
      error: null, // the last failed request
      retry: null,
      busy: null, // 'checking' | 'importing' while a request runs
      result: null, // the import's report
      notice: null,
      onlyProblems: false,
      shown: ROWS_SHOWN,
    },
    fileInput: h('input', {
      type: 'file', accept: '.csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain', hidden: true, 'data-testid': 'import-file', tabindex: '-1',
    }),
    zone: h('div', { class: 'drop-zone', 'data-testid': 'drop-zone' }),
    pickerNote: h('p', { class: 'form-error', role: 'alert', 'data-testid': 'file-error' }),
    progress: progressElements(),
    live: h('p', { class: 'visually-hidden', 'aria-live': 'polite', 'data-testid': 'import-live' }),
    statusBox: h('div', { 'data-testid': 'import-status' }),
    body: h('div', { 'data-testid': 'import-body' }),
  };
  im.act = {
    runImport: (validOnly) => runImport(im, validOnly),
    columnsChanged: () => {
      clearTimeout(im.remap);
      // Arrow keys change a closed select at every press: check once they settle.
      im.remap = setTimeout(() => dryRun(im), 350);
    },
    checkAgain: () => {
      im.st.result = null;
      im.st.report = null;
      renderAll(im);
      dryRun(im, { focus: 'preview' });
    },
  };
  return im;
}

// ---- The file picker (button + drop zone) --------------------------------------------

/** Listens to the file input and the drop zone; returns what stops the window's listeners. */
function wirePicker(im) {
  const { fileInput, zone, st } = im;
  fileInput.addEventListener('change', () => {
    const file = fileInput.files && fileInput.files[0];
    // Cleared, so that choosing the same file again is a change too.
    fileInput.value = '';
    if (file) choose(im, file);
  });
  zone.addEventListener('dragenter', (e) => {
    e.preventDefault();
    im.dragDepth += 1;
    if (!st.busy || st.busy === 'checking') zone.classList.add('dragging');
  });
  zone.addEventListener('dragleave', () => {
    im.dragDepth = Math.max(0, im.dragDepth - 1);
    if (im.dragDepth === 0) zone.classList.remove('dragging');
  });
  zone.addEventListener('dragover', (e) => {
    e.preventDefault();
    e.dataTransfer.dropEffect = st.busy === 'importing' ? 'none' : 'copy';
  });
  zone.addEventListener('drop', (e) => {
    e.preventDefault();
    e.stopPropagation();
    im.dragDepth = 0;
    zone.classList.remove('dragging');
    const files = e.dataTransfer && e.dataTransfer.files;
    if (!files || files.length === 0 || st.busy === 'importing') return;
    if (files.length > 1) {
      im.pickerNote.textContent = t('data-drop-one-file');
      return;
    }
    choose(im, files[0]);
  });
  // A file dropped beside the zone must not open in the kiosk's window.
  const blockDrop = (e) => {
    if (zone.contains(e.target)) return;
    e.preventDefault();
    if (e.type === 'dragover' && e.dataTransfer) e.dataTransfer.dropEffect = 'none';
  };
  window.addEventListener('dragover', blockDrop);
  window.addEventListener('drop', blockDrop);
  return () => {
    window.removeEventListener('dragover', blockDrop);
    window.removeEventListener('drop', blockDrop);
  };
}

function openPicker(im) {
  if (im.st.busy === 'importing') return;
  im.fileInput.click();
}

function renderZone(im) {
  const { st, zone, fileInput } = im;
  const importing = st.busy === 'importing';
  if (!st.file) {
    zone.classList.remove('has-file');
    replace(zone,
      h('p', { class: 'drop-title' }, t('data-drop-title')),
      h('p', { class: 'muted small' }, t('data-drop-format')),
      h('button', { type: 'button', class: 'btn btn-primary', 'data-testid': 'import-choose', onclick: () => openPicker(im) }, t('data-choose-file')),
      fileInput);
    return;
  }
  zone.classList.add('has-file');
  replace(zone,
    h('div', { class: 'file-chip' },
      h('span', { class: 'file-name', 'data-testid': 'file-name' }, st.file.name),
      h('span', { class: 'muted small' }, ` · ${sizeWords(st.file.size)}`),
      h('span', { class: 'muted small drop-hint' }, ` · ${t('data-drop-another')}`)),
    h('button', {
      type: 'button', class: 'btn', 'data-testid': 'import-choose', disabled: importing, onclick: () => openPicker(im),
    }, t('data-choose-another')),
    fileInput);
}

/** Why `file` cannot be checked at all (a workbook, too large, empty), else null. */
function fileRefusal(file) {
  if (/\.(xlsx|xlsm|xls|ods|numbers)$/i.test(file.name)) {
    return t('data-refuse-workbook', { name: file.name });
  }
  if (file.size > MAX_BYTES) {
    return t('data-refuse-too-large', { name: file.name, size: sizeWords(file.size) });
  }
  if (file.size === 0) return t('data-refuse-empty', { name: file.name });
  return null;
}

async function choose(im, file) {
  im.pickerNote.textContent = '';
  const refusal = fileRefusal(file);
  if (refusal) {
    im.pickerNote.textContent = refusal;
    return;
  }
  const headings = await readHeadings(file);
  if (!im.alive) return;
  // The choices are kept (by heading) for every file of this event; each check sends
  // those of the headings the file has.
  Object.assign(im.st, {
    file, headings, report: null, problems: null, error: null, retry: null, result: null, notice: null, onlyProblems: false, shown: ROWS_SHOWN,
  });
  im.st.busy = 'checking';
  renderAll(im);
  dryRun(im, { focus: 'preview' });
}

// ---- Requests ------------------------------------------------------------------------

function showSending(im, fraction) {
  const { el, label, meter, bar } = im.progress;
  el.hidden = false;
  const pct = Math.max(0, Math.min(100, Math.round(fraction * 100)));
  label.textContent = t('data-sending', { percent: pct });
  meter.classList.remove('indeterminate');
  meter.setAttribute('aria-valuenow', String(pct));
  meter.removeAttribute('aria-valuetext');
  bar.style.width = `${pct}%`;
}

function showProcessing(im, words) {
  const { el, label, meter, bar } = im.progress;
  el.hidden = false;
  label.textContent = words;
  meter.classList.add('indeterminate');
  meter.removeAttribute('aria-valuenow');
  meter.setAttribute('aria-valuetext', words);
  bar.style.width = '';
}

/** The `map=Heading=target` values: the choices for the headings this file has. */
function mapQuery(st) {
  const has = new Set(st.headings.map((x) => x.toLowerCase()));
  return [...st.maps].filter(([heading]) => has.has(heading.toLowerCase())).map(([heading, target]) => `${heading}=${target}`);
}

function send(im, query, { processing, signal, headers }) {
  showSending(im, 0);
  return api.upload('POST', api.paths.importAttendees(session.event.id), im.st.file, {
    query: { ...query, map: mapQuery(im.st) },
    contentType: 'text/csv',
    headers,
    signal,
    onProgress: (sent, total) => showSending(im, total ? sent / total : 0),
    onSent: () => showProcessing(im, processing),
  });
}

async function dryRun(im, { focus } = {}) {
  const { st } = im;
  if (!st.file) return;
  const mine = ++im.seq;
  if (im.current) im.current.abort();
  im.current = new AbortController();
  st.busy = 'checking';
  st.error = null;
  st.retry = null;
  renderStatus(im);
  im.body.classList.add('stale');
  try {
    const res = await send(im, { dry_run: 'true' }, { processing: t('data-checking'), signal: im.current.signal });
    if (!im.alive || mine !== im.seq) return;
    st.report = res.item;
    st.problems = null;
    announce(im, t('data-checked', { rows: Number(st.report.rows), invalid: Number(st.report.invalid) }));
  } catch (e) {
    if (e.aborted || !im.alive || mine !== im.seq) return;
    st.report = null;
    if (e.status === 422) {
      st.problems = (e.errors.length ? e.errors : [e.words]).map(fileProblemWords);
      announce(im, t('data-file-problems-said'));
    } else {
      st.problems = null;
      st.error = e;
      st.retry = () => dryRun(im, { focus: 'status' });
    }
  }
  im.current = null;
  st.busy = null;
  renderAll(im, { focus });
}

/** Asks before importing only the valid rows of the report `r`. */
function confirmValidOnly(r) {
  const valid = r.rows - r.invalid;
  const left = r.results.filter((x) => x.action === 'invalid').map((x) => x.row);
  const which = left.length > 6
    ? t('data-rows-listed-more', { rows: left.slice(0, 6).join(', ') })
    : t('data-rows-listed', { count: left.length, rows: left.join(', ') });
  return confirmDialog({
    title: t('data-confirm-valid-title', { count: valid }),
    body: t('data-confirm-valid-body', { count: Number(r.invalid), which }),
    confirmWords: t('data-import-rows', { count: valid }),
    testid: 'confirm-valid-only',
  });
}

/** The import's answer `out` (import only the valid rows: `validOnly`) into the state. */
function imported(im, out, validOnly) {
  const { st } = im;
  if (!validOnly && out.invalid > 0) {
    // Something changed since the check (another import, a field): the server stores
    // nothing unless every row is valid.
    st.report = out;
    st.notice = t('data-nothing-imported', { count: Number(out.invalid) });
  } else {
    st.result = out;
    refreshCounters();
    announce(im, resultWords(out));
  }
}

async function runImport(im, validOnly, { confirmed = false, key = null } = {}) {
  const { st } = im;
  const r = st.report;
  if (!r || st.busy) return;
  if (validOnly && !confirmed) {
    const yes = await confirmValidOnly(r);
    if (!yes || !im.alive) return;
  }
  // A retry of the same import sends the same key, so that it is never done twice
  // (the server keys only bodies up to 1 MiB; above that, matching by ticket code or
  // email keeps a retry from adding people twice).
  const idem = key || (st.file.size <= KEYED_MAX_BYTES ? randomKey('import') : null);
  const mine = ++im.seq;
  clearTimeout(im.remap);
  if (im.current) im.current.abort();
  im.current = null;
  st.busy = 'importing';
  st.error = null;
  st.retry = null;
  st.notice = null;
  renderAll(im);
  try {
    const res = await send(im, { dry_run: 'false', valid_only: validOnly ? 'true' : 'false' }, {
      processing: t('data-importing-wait'),
      headers: idem ? { 'Idempotency-Key': idem } : {},
    });
    if (!im.alive || mine !== im.seq) return;
    imported(im, res.item, validOnly);
  } catch (e) {
    if (!im.alive || mine !== im.seq) return;
    if (e.status === 422) {
      st.report = null;
      st.problems = (e.errors.length ? e.errors : [e.words]).map(fileProblemWords);
    } else {
      st.error = e;
      st.retry = () => runImport(im, validOnly, { confirmed: true, key: idem });
    }
  }
  st.busy = null;
  renderAll(im, { focus: st.result ? 'result' : 'status' });
}

// ---- Rendering -----------------------------------------------------------------------

function announce(im, words) {
  im.live.textContent = words;
}

function renderStatus(im) {
  const { st, progress, body } = im;
  if (!st.busy) progress.el.hidden = true;
  replace(im.statusBox,
    st.busy ? progress.el : null,
    !st.busy && st.error ? errorPanel(st.error, st.retry, {
      title: st.report ? t('data-not-imported-yet') : t('data-not-checked'),
    }) : null,
    !st.busy && st.notice ? h('p', { class: 'notice notice-warn', role: 'alert', 'data-testid': 'import-notice' }, st.notice) : null);
  renderZone(im);
  // While a request runs, nothing may start another import; while the import runs,
  // the columns cannot change either.
  for (const el of body.querySelectorAll('button, select, input')) {
    if (el.dataset.keepEnabled) continue;
    if (st.busy === 'importing' || (st.busy && /^import-(all|valid)$/.test(el.dataset.testid || ''))) el.disabled = true;
  }
}

/** Moves the focus after a render: back to the column choice it was on, or as asked. */
function refocus(im, focusColumn, focus) {
  const { body } = im;
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
    const retry = im.statusBox.querySelector('[data-testid="retry"]');
    if (retry) retry.focus();
  }
}

function renderAll(im, { focus } = {}) {
  const { st, body } = im;
  const active = document.activeElement;
  const focusColumn = active && active.dataset && active.dataset.heading !== undefined && body.contains(active) ? active.dataset.heading : null;
  body.classList.toggle('stale', st.busy === 'checking');
  if (!st.file || (st.busy === 'checking' && !st.report && !st.problems)) {
    // A new file: nothing to show until its check answers.
    replace(body);
  } else if (st.result) {
    replace(body, resultView(im, st.result));
  } else {
    replace(body, previewView(im));
  }
  renderStatus(im);
  refocus(im, focusColumn, focus);
}

// ---- The card ------------------------------------------------------------------------

/** The "Import attendees" card: {card, cleanup}. */
export function importCard() {
  const im = newImport();
  const unwire = wirePicker(im);
  const card = h('div', { class: 'card', 'data-testid': 'import-card' },
    h('h2', null, t('data-import-title')),
    h('p', { class: 'muted small' }, t('data-import-intro')),
    im.zone, im.pickerNote, im.statusBox, im.live, im.body);
  renderZone(im);

  loadFields().then((list) => {
    if (!im.alive) return;
    im.fields = list;
    if (im.st.file && !im.st.busy) renderAll(im);
  }).catch(() => {
    // The column choices then offer the attendee details only; the dry run still works.
  });

  const cleanup = () => {
    im.alive = false;
    clearTimeout(im.remap);
    // A dry run can stop; an import runs to its end on the server either way.
    if (im.current) im.current.abort();
    unwire();
  };
  return { card, cleanup };
}
