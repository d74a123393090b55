// Attendee forms: one control per attendee member or event field, rendered for its type,
// checked on the client the way the server checks it (see the OpenAPI description's
// "Answer shapes"), and able to show the server's 422 messages beside the right input.

import { h, uid, replace, fixEntries, rsvpWord } from './dom.js';
import { humanise } from './api.js';
import { t, language } from './i18n.js';

export const MAX_SHORT = 200;
export const MAX_LONG = 10000;

/** The field types of the spec, grouped for the type picker (see fieldTypes()). */
const TYPE_GROUPS = [
  ['text', [
    'text', 'short_text', 'long_text', 'text_area', 'bio', 'headline', 'first_name', 'last_name',
    'full_name', 'company_name', 'job_title', 'gender', 'guest', 'external_id', 'passport_number',
    'dietary_requirements', 'accessibility_requirements',
  ]],
  ['choice', ['dropdown', 'radio', 'checkbox']],
  ['date_number', ['date', 'date_of_birth', 'time', 'number']],
  ['contact', ['email', 'url', 'tel', 'contact_phone']],
  ['place', ['address', 'home_address', 'work_address', 'shipping_address', 'country', 'nationality']],
  ['social', [
    'social_account', 'facebook_account', 'github_account', 'instagram_account', 'linkedin_account',
    'twitter_account', 'youtube_account',
  ]],
  ['consent', ['consent', 'term_and_consent']],
  ['layout', ['section_divider', 'paragraph', 'spacer']],
  ['other', ['captcha', 'file_upload', 'image']],
];

/** A group of the type picker in words. */
function groupWord(group) {
  switch (group) {
    case 'text': return t('fields-group-text');
    case 'choice': return t('fields-group-choice');
    case 'date_number': return t('fields-group-date-number');
    case 'contact': return t('fields-group-contact');
    case 'place': return t('fields-group-place');
    case 'social': return t('fields-group-social');
    case 'consent': return t('fields-group-consent');
    case 'layout': return t('fields-group-layout');
    case 'other': return t('fields-group-other');
    default: return group;
  }
}

/** A field type in words for people (the type itself when unknown). */
export function typeWord(type) {
  switch (type) {
    case 'text': return t('fields-type-text');
    case 'short_text': return t('fields-type-short-text');
    case 'long_text': return t('fields-type-long-text');
    case 'text_area': return t('fields-type-text-area');
    case 'bio': return t('fields-type-bio');
    case 'headline': return t('fields-type-headline');
    case 'first_name': return t('fields-type-first-name');
    case 'last_name': return t('fields-type-last-name');
    case 'full_name': return t('fields-type-full-name');
    case 'company_name': return t('fields-type-company-name');
    case 'job_title': return t('fields-type-job-title');
    case 'gender': return t('fields-type-gender');
    case 'guest': return t('fields-type-guest');
    case 'external_id': return t('fields-type-external-id');
    case 'passport_number': return t('fields-type-passport-number');
    case 'dietary_requirements': return t('fields-type-dietary-requirements');
    case 'accessibility_requirements': return t('fields-type-accessibility-requirements');
    case 'dropdown': return t('fields-type-dropdown');
    case 'radio': return t('fields-type-radio');
    case 'checkbox': return t('fields-type-checkbox');
    case 'date': return t('fields-type-date');
    case 'date_of_birth': return t('fields-type-date-of-birth');
    case 'time': return t('fields-type-time');
    case 'number': return t('fields-type-number');
    case 'email': return t('fields-type-email');
    case 'url': return t('fields-type-url');
    case 'tel': return t('fields-type-tel');
    case 'contact_phone': return t('fields-type-contact-phone');
    case 'address': return t('fields-type-address');
    case 'home_address': return t('fields-type-home-address');
    case 'work_address': return t('fields-type-work-address');
    case 'shipping_address': return t('fields-type-shipping-address');
    case 'country': return t('fields-type-country');
    case 'nationality': return t('fields-type-nationality');
    case 'social_account': return t('fields-type-social-account');
    // Brands keep their names in every language.
    case 'facebook_account': return 'Facebook';
    case 'github_account': return 'GitHub';
    case 'instagram_account': return 'Instagram';
    case 'linkedin_account': return 'LinkedIn';
    case 'twitter_account': return 'Twitter / X';
    case 'youtube_account': return 'YouTube';
    case 'consent': return t('fields-type-consent');
    case 'term_and_consent': return t('fields-type-term-and-consent');
    case 'section_divider': return t('fields-type-section-divider');
    case 'paragraph': return t('fields-type-paragraph');
    case 'spacer': return t('fields-type-spacer');
    case 'captcha': return t('fields-type-captcha');
    case 'file_upload': return t('fields-type-file-upload');
    case 'image': return t('fields-type-image');
    default: return type;
  }
}

/** Every field type of the spec, grouped for the type picker: [{group, types: [[type, words]]}]. */
export function fieldTypes() {
  return TYPE_GROUPS.map(([group, types]) => ({ group: groupWord(group), types: types.map((type) => [type, typeWord(type)]) }));
}

const PRESENTATIONAL = new Set(['spacer', 'section_divider', 'paragraph', 'captcha']);
const LONG_TEXT = new Set(['long_text', 'text_area', 'bio', 'address', 'home_address', 'work_address', 'shipping_address', 'accessibility_requirements']);

export function takesValue(type) {
  return !PRESENTATIONAL.has(type);
}

export function needsOptions(type) {
  return type === 'dropdown' || type === 'radio';
}

export function acceptsOptions(type) {
  return type === 'dropdown' || type === 'radio' || type === 'checkbox';
}

// ---- Checks (mirroring src/domain/text.rs and field.rs) ---------------------------

function hasControl(s) {
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/.test(s);
}

export function checkText(s, max, required) {
  const text = String(s ?? '').trim();
  if (!text) return required ? { error: t('fields-error-required') } : { value: null };
  if ([...text].length > max) return { error: t('fields-error-too-long', { max }) };
  if (hasControl(text)) return { error: t('fields-error-control-characters') };
  return { value: text };
}

export function checkEmail(s) {
  const text = String(s ?? '').trim();
  if (!text) return { value: null };
  if (text.length > 254 || !/^[^\s@]+@[^\s@]+$/.test(text) || /\.\./.test(text.split('@')[1] || '') || /^\.|\.$/.test(text.split('@')[1] || '')) {
    return { error: t('fields-error-email') };
  }
  return { value: text };
}

export function checkPhone(s) {
  const text = String(s ?? '').trim();
  if (!text) return { value: null };
  const compact = text.replace(/[\s().\-/]/g, '');
  if (!/^(\+|00)/.test(compact)) {
    return { error: t('fields-error-phone-country-code') };
  }
  const digits = compact.replace(/^(\+|00)/, '');
  if (!/^\d{6,15}$/.test(digits)) {
    return { error: t('fields-error-phone') };
  }
  return { value: text };
}

export function checkUrl(s) {
  const text = String(s ?? '').trim();
  if (!text) return { value: null };
  try {
    const u = new URL(text);
    if ((u.protocol === 'http:' || u.protocol === 'https:') && u.hostname) return { value: text };
  } catch (e) { /* fall through */ }
  return { error: t('fields-error-url') };
}

export function checkDate(s) {
  const text = String(s ?? '').trim();
  if (!text) return { value: null };
  const m = text.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  if (m) {
    const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    if (d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3])) {
      return { value: text };
    }
  }
  return { error: t('fields-error-date') };
}

export function checkTime(s) {
  const text = String(s ?? '').trim();
  if (!text) return { value: null };
  const m = text.match(/^(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/);
  if (m && Number(m[1]) < 24 && Number(m[2]) < 60) return { value: `${m[1]}:${m[2]}` };
  return { error: t('fields-error-time') };
}

// ---- Countries (ISO 3166-1 alpha-2, named by the browser) -------------------------

const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'XK', 'ZZ', 'AC', 'CP', 'DG', 'EA', 'IC', 'TA', 'CQ']);
let countryCache = null;
export function countries() {
  if (countryCache) return countryCache;
  const list = [];
  let names = null;
  try { names = new Intl.DisplayNames([language()], { type: 'region', fallback: 'none' }); } catch (e) { names = null; }
  for (let a = 65; a <= 90; a += 1) {
    for (let b = 65; b <= 90; b += 1) {
      const code = String.fromCharCode(a, b);
      if (NOT_COUNTRIES.has(code)) continue;
      const name = names ? names.of(code) : null;
      if (name && name !== code) list.push([code, name]);
    }
  }
  list.sort((x, y) => x[1].localeCompare(y[1], language()));
  countryCache = list;
  return list;
}

// ---- Controls -------------------------------------------------------------------

/**
 * A control: {key, el, read() → {value} | {error}, setError(msg), focus(), dirty(initial)}.
 * `key` is the member name (`email`) or `field:ID` for an event field.
 */
function wrap(key, el, input, errorEl, read, extra = {}) {
  return {
    key,
    el,
    read,
    focus: () => (input && input.focus ? input.focus() : null),
    setError(message) {
      errorEl.textContent = message || '';
      const invalid = !!message;
      const targets = input instanceof HTMLElement ? [input] : [];
      if (extra.invalidTarget) targets.push(extra.invalidTarget);
      for (const target of targets) {
        if (invalid) target.setAttribute('aria-invalid', 'true');
        else target.removeAttribute('aria-invalid');
      }
    },
    ...extra,
  };
}

function labelText(text, required) {
  return [text, required ? h('span', { class: 'req', 'aria-hidden': 'true' }, ' *') : null, required ? h('span', { class: 'visually-hidden' }, ' ' + t('fields-required')) : null];
}

/** A plain text-like input for an attendee member (first_name, email, phone, ...). */
export function memberControl({ key, label, type = 'text', required = false, value = '', hint, autocomplete, check }) {
  const id = uid(key);
  const errId = `${id}-err`;
  const input = h('input', {
    id, name: key, type, value: value ?? '', 'aria-describedby': errId, autocomplete: autocomplete || 'off',
    required, 'data-testid': `input-${key}`, maxlength: type === 'email' ? 254 : MAX_SHORT,
    inputmode: type === 'tel' ? 'tel' : null,
  });
  const errorEl = h('p', { class: 'field-error', id: errId, 'data-testid': `error-${key}` });
  const el = h('div', { class: 'field', 'data-field': key },
    h('label', { for: id }, labelText(label, required)), input, hint ? h('p', { class: 'hint' }, hint) : null, errorEl);
  const read = () => {
    if (check) {
      const base = checkText(input.value, MAX_SHORT, required);
      if (base.error || base.value === null) return base;
      return check(input.value);
    }
    return checkText(input.value, MAX_SHORT, required);
  };
  return wrap(key, el, input, errorEl, read, { initial: value ?? null });
}

/** A select for an attendee member. options: [[value, words], ...]. */
export function selectControl({ key, label, options, value = '', required = false, emptyWords }) {
  const id = uid(key);
  const errId = `${id}-err`;
  const select = h('select', { id, name: key, 'aria-describedby': errId, 'data-testid': `input-${key}` },
    emptyWords !== undefined ? h('option', { value: '' }, emptyWords) : null,
    options.map(([v, words]) => h('option', { value: String(v) }, words)));
  select.value = value === null || value === undefined ? '' : String(value);
  const errorEl = h('p', { class: 'field-error', id: errId, 'data-testid': `error-${key}` });
  const el = h('div', { class: 'field', 'data-field': key }, h('label', { for: id }, labelText(label, required)), select, errorEl);
  const read = () => {
    if (!select.value) return required ? { error: t('fields-error-choose-one') } : { value: null };
    return { value: select.value };
  };
  return wrap(key, el, select, errorEl, read, { initial: value ?? null });
}

/**
 * A control for an event field (answer). `value` is the stored answer (or null).
 * Presentational types return {presentational: true, el} with no read().
 */
export function fieldControl(field, value = null) {
  const key = `field:${field.id}`;
  const type = field.type;
  const testid = `field-${field.name}`;
  if (type === 'section_divider') {
    return { key, presentational: true, el: h('div', { class: 'form-section', 'data-testid': testid }, h('h3', null, field.label)) };
  }
  if (type === 'paragraph') {
    return { key, presentational: true, el: h('p', { class: 'form-paragraph', 'data-testid': testid }, field.label) };
  }
  if (type === 'spacer') {
    return { key, presentational: true, el: h('div', { class: 'form-spacer', 'aria-hidden': 'true', 'data-testid': testid }) };
  }
  if (type === 'captcha') {
    return { key, presentational: true, el: null };
  }
  const required = !!field.required;
  const id = uid(`f${field.id}`);
  const errId = `${id}-err`;
  const errorEl = h('p', { class: 'field-error', id: errId, 'data-testid': `error-${field.name}` });
  const labelEl = h('label', { for: id }, labelText(field.label, required));
  const initial = value === undefined ? null : value;
  const common = { id, name: field.name, 'aria-describedby': errId, 'data-testid': `input-${field.name}` };

  const simple = (inputAttrs, checker, full = false) => {
    const input = h(inputAttrs.tag || 'input', { ...common, ...inputAttrs, tag: null });
    if (initial !== null && initial !== undefined) input.value = String(initial);
    const el = h('div', { class: ['field', full && 'full'], 'data-field': key, 'data-testid': testid }, labelEl, input, inputAttrs.hintText ? h('p', { class: 'hint' }, inputAttrs.hintText) : null, errorEl);
    const read = () => {
      if (input.validity && input.validity.badInput) return { error: type === 'number' ? t('fields-error-number') : t('fields-error-bad-input') };
      const base = checkText(input.value, MAX_LONG, required);
      if (base.error || base.value === null) return base;
      return checker ? checker(input.value) : base;
    };
    return wrap(key, el, input, errorEl, read, { initial, field });
  };

  switch (type) {
    case 'dropdown': {
      const select = h('select', common, h('option', { value: '' }, t('fields-choose')), field.options.map((o) => h('option', { value: o }, o)));
      select.value = typeof initial === 'string' ? initial : '';
      const el = h('div', { class: 'field', 'data-field': key, 'data-testid': testid }, labelEl, select, errorEl);
      return wrap(key, el, select, errorEl, () => {
        if (!select.value) return required ? { error: t('fields-error-choose-one') } : { value: null };
        if (!field.options.includes(select.value)) return { error: t('fields-error-not-an-option') };
        return { value: select.value };
      }, { initial, field });
    }
    case 'radio': {
      const name = uid(`r${field.id}`);
      const radios = field.options.map((o) => h('input', { type: 'radio', name, value: o, checked: initial === o, 'aria-describedby': errId }));
      const fs = h('fieldset', { class: 'full', 'data-field': key, 'data-testid': testid, 'aria-describedby': errId },
        h('legend', null, labelText(field.label, required)),
        h('div', { class: 'choices' }, radios.map((r, i) => h('label', { class: 'check-row' }, r, ` ${field.options[i]}`))),
        errorEl);
      return wrap(key, fs, radios[0], errorEl, () => {
        const chosen = radios.find((r) => r.checked);
        if (!chosen) return required ? { error: t('fields-error-choose-one') } : { value: null };
        return { value: chosen.value };
      }, { initial, field, invalidTarget: fs });
    }
    case 'checkbox': {
      if (field.options.length === 0) {
        const box = h('input', { type: 'checkbox', id, checked: initial === true, 'aria-describedby': errId, 'data-testid': `input-${field.name}` });
        const el = h('div', { class: 'field full', 'data-field': key, 'data-testid': testid },
          h('label', { class: 'check-row', for: id }, box, h('span', null, labelText(field.label, required))), errorEl);
        return wrap(key, el, box, errorEl, () => {
          if (required && !box.checked) return { error: t('fields-error-tick') };
          return { value: box.checked };
        }, { initial, field });
      }
      const chosen = Array.isArray(initial) ? initial : [];
      const boxes = field.options.map((o) => h('input', { type: 'checkbox', value: o, checked: chosen.includes(o), 'aria-describedby': errId }));
      const fs = h('fieldset', { class: 'full', 'data-field': key, 'data-testid': testid },
        h('legend', null, labelText(field.label, required)),
        h('div', { class: 'choices' }, boxes.map((b, i) => h('label', { class: 'check-row' }, b, ` ${field.options[i]}`))),
        errorEl);
      return wrap(key, fs, boxes[0], errorEl, () => {
        const values = boxes.filter((b) => b.checked).map((b) => b.value);
        if (required && values.length === 0) return { error: t('fields-error-choose-some') };
        // No choice: leave it unanswered rather than store an empty list.
        return { value: values.length ? values : null };
      }, { initial, field, invalidTarget: fs });
    }
    case 'consent':
    case 'term_and_consent': {
      const box = h('input', { type: 'checkbox', id, checked: initial === true, 'aria-describedby': errId, 'data-testid': `input-${field.name}` });
      const el = h('div', { class: 'field full', 'data-field': key, 'data-testid': testid },
        h('label', { class: 'consent-box', for: id }, box, h('span', null, labelText(field.label, required))), errorEl);
      return wrap(key, el, box, errorEl, () => {
        if (required && !box.checked) return { error: t('fields-error-consent') };
        return { value: box.checked };
      }, { initial, field });
    }
    case 'number': {
      const ctl = simple({ type: 'number', step: 'any', inputmode: 'decimal' }, (v) => {
        const n = Number(String(v).trim());
        return Number.isFinite(n) ? { value: n } : { error: t('fields-error-number') };
      });
      return ctl;
    }
    case 'date':
    case 'date_of_birth':
      return simple({ type: 'date', max: type === 'date_of_birth' ? new Date().toISOString().slice(0, 10) : null }, checkDate);
    case 'time':
      return simple({ type: 'time' }, checkTime);
    case 'email':
      return simple({ type: 'email', autocomplete: 'off', maxlength: 254 }, checkEmail);
    case 'url':
      return simple({ type: 'url', inputmode: 'url', placeholder: 'https://' }, checkUrl);
    case 'tel':
    case 'contact_phone':
      return simple({ type: 'tel', inputmode: 'tel', placeholder: '+44 20 7946 0958' }, checkPhone);
    case 'country':
    case 'nationality': {
      const select = h('select', common, h('option', { value: '' }, t('fields-choose-country')), countries().map(([code, name]) => h('option', { value: code }, `${name} (${code})`)));
      select.value = typeof initial === 'string' ? initial.toUpperCase() : '';
      if (typeof initial === 'string' && initial && select.value !== initial.toUpperCase()) {
        select.appendChild(h('option', { value: initial }, initial));
        select.value = initial;
      }
      const el = h('div', { class: 'field', 'data-field': key, 'data-testid': testid }, labelEl, select, errorEl);
      return wrap(key, el, select, errorEl, () => {
        if (!select.value) return required ? { error: t('fields-error-choose-country') } : { value: null };
        return /^[A-Z]{2}$/.test(select.value) ? { value: select.value } : { error: t('fields-error-country-code') };
      }, { initial, field });
    }
    default: {
      if (LONG_TEXT.has(type)) {
        let text = initial;
        if (initial && typeof initial === 'object') text = Object.values(initial).filter(Boolean).join('\n');
        const ctl = simple({ tag: 'textarea', rows: 3, maxlength: MAX_LONG }, null, true);
        if (text !== null && text !== undefined) ctl.el.querySelector('textarea').value = String(text);
        return ctl;
      }
      return simple({ type: 'text', maxlength: MAX_LONG }, null);
    }
  }
}

/**
 * A set of controls: reads values (client checks), and shows the server's 422 messages
 * beside the right inputs. Returns {controls, read(), readForSubmit(errorBox),
 * showServerErrors(errors, sentFieldIds, {editing}), clearErrors()}.
 */
export function formModel(controls, fields = []) {
  const byKey = new Map(controls.filter((c) => c && c.read).map((c) => [c.key, c]));

  function clearErrors() {
    for (const c of byKey.values()) c.setError('');
  }

  /** {ok, values: {key: value}, firstInvalid} */
  function read() {
    clearErrors();
    const values = {};
    let firstInvalid = null;
    for (const c of byKey.values()) {
      const r = c.read();
      if (r.error) {
        c.setError(r.error);
        if (!firstInvalid) firstInvalid = c;
      } else {
        values[c.key] = r.value;
      }
    }
    return { ok: !firstInvalid, values, firstInvalid };
  }

  /**
   * For a form's submit: the values when every entry passes the client checks; otherwise
   * null, with the words in `errorBox` and the focus on the first entry to fix.
   */
  function readForSubmit(errorBox) {
    replace(errorBox);
    const result = read();
    if (result.ok) return result.values;
    errorBox.textContent = fixEntries();
    result.firstInvalid.focus();
    return null;
  }

  /**
   * Puts each 422 message beside its input; returns the messages that fit no input.
   * The messages come in the UI's language (Accept-Language), so they are placed by
   * their member path and the field's name (in backticks in every language), never by
   * their words. `editing`: the attendee exists, so a required answer refused was being
   * cleared (not missing).
   */
  function showServerErrors(errors, sentFieldIds = [], { editing = false } = {}) {
    const leftover = [];
    let first = null;
    const add = (key, message) => {
      const c = byKey.get(key);
      if (!c) return false;
      c.setError(message);
      if (!first) first = c;
      return true;
    };
    for (const raw of errors || []) {
      const message = String(raw);
      let m;
      let placed = false;
      if ((m = message.match(/^item\.fields\[(\d+)\]/))) {
        const id = sentFieldIds[Number(m[1])];
        // "item.fields[0].value must be… (field `diet`)": the input shows which, so the rest
        // only (the last bracket names the field, in whatever language).
        const rest = message.replace(/^item\.fields\[\d+\](\.value|\.attendee_field_id)?\s*:?\s*/, '').replace(/ \([^()`]*`[^`]*`\)$/, '');
        placed = id !== undefined && add(`field:${id}`, humanise(`item.x ${rest.replace(/^`[^`]*` is not one of the options.*$/, 'is not one of the options')}`));
      } else if ((m = message.match(/^item\.fields\b[^`]*`([^`]+)`/))) {
        const f = fields.find((x) => x.name === m[1]);
        const words = editing ? t('fields-error-answer-required-kept') : t('fields-error-answer-required');
        placed = !!f && add(`field:${f.id}`, words);
      } else if ((m = message.match(/^item\.([a-z_]+)/))) {
        placed = add(m[1], humanise(message));
      }
      if (!placed) leftover.push(humanise(message));
    }
    if (first) first.focus();
    return leftover;
  }

  return { controls: byKey, read, readForSubmit, showServerErrors, clearErrors };
}

/** The answer as text for reading (detail view). */
export function answerWords(field, value) {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.length ? value.join(', ') : null;
  if (typeof value === 'boolean') {
    if (field.type === 'consent' || field.type === 'term_and_consent') return value ? t('fields-answer-agreed') : t('fields-answer-not-agreed');
    return value ? t('fields-answer-yes') : t('fields-answer-no');
  }
  if (typeof value === 'object') return Object.entries(value).map(([k, v]) => `${k}: ${v}`).join(', ');
  if ((field.type === 'country' || field.type === 'nationality') && typeof value === 'string') {
    const c = countries().find(([code]) => code === value);
    return c ? `${c[1]} (${value})` : value;
  }
  return String(value);
}

/** Base attendee members as controls. */
export function memberControls(attendee = {}, regTypes = [], { withRsvp = false } = {}) {
  const list = [
    memberControl({ key: 'first_name', label: t('fields-member-first-name'), required: true, value: attendee.first_name, autocomplete: 'off' }),
    memberControl({ key: 'last_name', label: t('fields-member-last-name'), value: attendee.last_name }),
    memberControl({ key: 'email', label: t('fields-member-email'), type: 'email', value: attendee.email, check: checkEmail }),
    memberControl({ key: 'phone', label: t('fields-member-phone'), type: 'tel', value: attendee.phone, check: checkPhone, hint: t('fields-member-phone-hint') }),
    memberControl({ key: 'company', label: t('fields-member-company'), value: attendee.company }),
    memberControl({ key: 'job_title', label: t('fields-member-job-title'), value: attendee.job_title }),
  ];
  if (regTypes.length) {
    const rt = selectControl({
      key: 'registration_type_id', label: t('fields-member-registration-type'), options: regTypes.map((r) => [r.id, r.name]), value: attendee.registration_type_id ?? '', emptyWords: t('fields-member-no-registration-type'),
    });
    const read = rt.read;
    rt.read = () => {
      const r = read();
      return r.value === null || r.error ? r : { value: Number(r.value) };
    };
    list.push(rt);
  }
  if (withRsvp) {
    list.push(selectControl({
      key: 'rsvp_status',
      label: t('fields-member-rsvp'),
      options: ['confirmed', 'unconfirmed', 'pending_approval', 'waitlisted', 'declined'].map((v) => [v, rsvpWord(v)]),
      value: attendee.rsvp_status || 'confirmed',
      required: true,
    }));
  }
  return list;
}
