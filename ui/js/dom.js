// Small DOM helpers: elements are built with `h()`, never from HTML strings, so text from
// the server can never become markup (and the CSP forbids inline styles anyway).

import { t, language } from './i18n.js';

/**
 * h('button', {class: 'btn', onclick: fn, 'data-testid': 'x'}, 'Text', child, [more])
 * Attributes: `class`, `for`, `text`, boolean attributes (true/false), `on*` handlers,
 * `dataset`; any other key becomes an attribute (null/undefined/false skip it).
 */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  if (attrs) {
    for (const [key, value] of Object.entries(attrs)) {
      if (value === null || value === undefined || value === false) continue;
      if (key.startsWith('on') && typeof value === 'function') {
        el.addEventListener(key.slice(2).toLowerCase(), value);
      } else if (key === 'class') {
        el.className = Array.isArray(value) ? value.filter(Boolean).join(' ') : value;
      } else if (key === 'text') {
        el.textContent = value;
      } else if (key === 'dataset') {
        Object.assign(el.dataset, value);
      } else if (key === 'value' && 'value' in el) {
        el.value = value;
      } else if (key === 'checked' || key === 'selected' || key === 'disabled' || key === 'hidden' || key === 'required' || key === 'multiple') {
        el[key] = !!value;
        if (value === true && key !== 'checked' && key !== 'selected') el.setAttribute(key, '');
      } else if (value === true) {
        el.setAttribute(key, '');
      } else {
        el.setAttribute(key, String(value));
      }
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else if (child instanceof Node) el.appendChild(child);
    else el.appendChild(document.createTextNode(String(child)));
  }
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

export function replace(el, ...children) {
  clear(el);
  append(el, children);
  return el;
}

let idCounter = 0;
export function uid(prefix = 'id') {
  idCounter += 1;
  return `${prefix}-${idCounter}`;
}

/** A person's name as a door person reads it. */
export function fullName(a) {
  if (!a) return '';
  return [a.first_name, a.last_name].filter(Boolean).join(' ');
}

// Times are shown in the event's time zone (as the server's messages are), 24-hour, in
// the UI's language (`i18n.language()`; boot calls `refreshFormats` once it is known).
let timeZone;
let timeFmt;
let dateTimeFmt;
let dateFmt;
function makeFormats() {
  const tz = timeZone ? { timeZone } : {};
  const lang = language();
  timeFmt = new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', ...tz });
  dateTimeFmt = new Intl.DateTimeFormat(lang, {
    year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', ...tz,
  });
  dateFmt = new Intl.DateTimeFormat(lang, { year: 'numeric', month: 'short', day: 'numeric', ...tz });
}
makeFormats();

/** Makes the date and time formats again, after the UI's language is known. */
export function refreshFormats() {
  makeFormats();
}

/** Shows times in this IANA zone (the event's); null for the device's own. */
export function setTimeZone(tz) {
  try {
    timeZone = tz || undefined;
    makeFormats();
  } catch (e) {
    timeZone = undefined;
    makeFormats();
  }
}

export function formatTime(iso) {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : timeFmt.format(d);
}

export function formatDateTime(iso) {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateTimeFmt.format(d);
}

export function formatDate(iso) {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateFmt.format(d);
}

/** "3 minutes ago", for status lines. */
export function ago(iso) {
  if (!iso) return t('common-ago-never');
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return iso;
  const s = Math.round((Date.now() - then) / 1000);
  if (s < 10) return t('common-ago-now');
  if (s < 60) return t('common-ago-seconds', { count: s });
  const m = Math.round(s / 60);
  if (m < 60) return t('common-ago-minutes', { count: m });
  const hrs = Math.round(m / 60);
  if (hrs < 24) return t('common-ago-hours', { count: hrs });
  return formatDateTime(iso);
}

/** An attendee's check-in status in words. */
export function statusWord(status) {
  switch (status) {
    case 'not_checked_in': return t('common-status-not-checked-in');
    case 'checked_in': return t('common-status-checked-in');
    case 'checked_out': return t('common-status-checked-out');
    default: return status;
  }
}

/** The RSVP statuses, in the order a picker lists them. */
export const RSVP_STATUSES = ['confirmed', 'unconfirmed', 'declined', 'waitlisted', 'pending_approval'];

/** An RSVP status in words. */
export function rsvpWord(status) {
  switch (status) {
    case 'confirmed': return t('common-rsvp-confirmed');
    case 'unconfirmed': return t('common-rsvp-unconfirmed');
    case 'declined': return t('common-rsvp-declined');
    case 'waitlisted': return t('common-rsvp-waitlisted');
    case 'pending_approval': return t('common-rsvp-pending-approval');
    default: return status;
  }
}

/** A check-in action in words. */
export function actionWord(action) {
  switch (action) {
    case 'check_in': return t('common-action-check-in');
    case 'check_out': return t('common-action-check-out');
    case 'undo': return t('common-action-undo');
    default: return action;
  }
}

export function statusChip(status) {
  return h('span', { class: ['chip', `chip-${status}`], 'data-testid': 'status-chip' }, statusWord(status));
}

/** Debounce: calls `fn` once `ms` after the last call. */
export function debounce(fn, ms) {
  let timer = null;
  const wrapped = (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
  wrapped.cancel = () => clearTimeout(timer);
  return wrapped;
}

/** A random id for Idempotency-Key headers. */
export function randomKey(prefix = 'k') {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return prefix + '-' + Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Moves focus to the first heading of a new screen, for keyboard and screen-reader users. */
export function focusHeading(root) {
  const heading = root.querySelector('h1, h2');
  if (heading) {
    heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
  }
}

/** A screen's loading placeholder. */
export function loading(text = t('common-loading')) {
  return h('div', { class: 'loading', role: 'status', 'data-testid': 'loading' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), text);
}

/** An error panel with the error in words and a Retry button. */
export function errorPanel(err, retry, opts = {}) {
  const message = err && err.words ? err.words : String((err && err.message) || err || t('common-error-unknown'));
  return h('div', { class: 'error-panel', role: 'alert', 'data-testid': 'error-panel' },
    h('p', { class: 'error-title' }, opts.title || t('common-error-title')),
    h('p', null, message),
    err && err.details && err.details.length ? h('ul', null, err.details.map((d) => h('li', null, d))) : null,
    retry ? h('button', { type: 'button', class: 'btn', onclick: retry, 'data-testid': 'retry' }, t('common-try-again')) : null,
  );
}

/** What a form says when some entries need fixing. */
export function fixEntries() {
  return t('common-fix-entries');
}

/**
 * A form's save failed. For a 422 the screen has already put the messages it could place
 * beside their inputs; the rest (`leftover`) are listed here, after `lead` when given.
 * Anything else shows the error with Try again (which submits the form again): the
 * entries stay as typed.
 */
export function saveFailed(box, err, form, { leftover = [], lead = null, kept = t('common-entries-kept') } = {}) {
  if (err && err.status === 422) {
    replace(box, leftover.length ? h('div', null, lead, h('ul', null, leftover.map((m) => h('li', null, m)))) : fixEntries());
  } else {
    replace(box, errorPanel(err, () => form.requestSubmit(), { title: t('common-not-saved-yet', { kept }) }));
  }
}

/** A modal confirmation (a <dialog>): resolves true when confirmed. */
export function confirmDialog({ title, body, confirmWords = t('common-ok'), danger = false, testid = 'confirm-dialog' }) {
  return new Promise((resolve) => {
    const ok = h('button', { type: 'button', class: ['btn', danger ? 'btn-danger' : 'btn-primary'], 'data-testid': 'confirm-ok' }, confirmWords);
    const cancel = h('button', { type: 'button', class: 'btn', 'data-testid': 'confirm-cancel' }, t('common-cancel'));
    const titleId = uid('dlg');
    const dialog = h('dialog', { 'data-testid': testid, 'aria-labelledby': titleId },
      h('h2', { id: titleId }, title),
      body ? h('p', null, body) : null,
      h('div', { class: 'btn-row' }, ok, cancel));
    let answer = false;
    ok.addEventListener('click', () => { answer = true; dialog.close(); });
    cancel.addEventListener('click', () => dialog.close());
    dialog.addEventListener('close', () => { dialog.remove(); resolve(answer); });
    document.body.appendChild(dialog);
    dialog.showModal();
    cancel.focus();
  });
}
