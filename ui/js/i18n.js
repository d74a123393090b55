// The UI's words, in the door staff's language (issue 21, I18N.md).
//
// Every string a person reads comes from a Fluent catalog: `ui/l10n/<lang>/<part>.ftl`,
// one file per part of the UI so that each screen's words sit together. English is
// the source and the fallback: a key missing from a translation shows in English, never
// as its id. The catalogs are served with the UI's other files (same origin, offline,
// revalidated by ETag), and are loaded once, before the first screen is drawn, so `t()`
// is synchronous everywhere.
//
// Call sites name their keys literally (`t('door-scan-prompt')`): the catalog check
// (`tests/i18n.rs`) finds them that way, and fails on a key no catalog has or a catalog
// key no one uses. Keys in `<part>.ftl` begin with `<part>-`, so two files never clash.

import { FluentBundle, FluentResource } from '../vendor/fluent/index.js';

/** The languages the kiosk speaks, in each one's own name (shown so in Settings). */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'de', name: 'Deutsch' },
  { code: 'fr', name: 'Français' },
  { code: 'es', name: 'Español' },
  { code: 'nb', name: 'Norsk bokmål' },
];

/** The catalog files of each language (`ui/l10n/<lang>/<part>.ftl`). */
export const PARTS = [
  'common', 'shell', 'signin', 'setup', 'start', 'door', 'result', 'attendees', 'walkin', 'fields',
  'form', 'event', 'data', 'sync', 'staff', 'settings', 'hub', 'events',
];

const STORAGE_KEY = 'entrada.lang';
const CODES = LANGUAGES.map((l) => l.code);

let current = 'en';
let bundle = null; // the chosen language's
let english = null; // the fallback

/**
 * The first of `wanted` (BCP 47 tags, most preferred first) that the kiosk speaks,
 * matched by primary subtag (`de-AT` → `de`); generic Norwegian (`no`, `nn`) reads
 * Bokmål. English when none matches.
 */
export function negotiate(wanted) {
  for (const tag of wanted || []) {
    const primary = String(tag).toLowerCase().split(/[-_]/)[0];
    const code = primary === 'no' || primary === 'nn' ? 'nb' : primary;
    if (CODES.includes(code)) return code;
  }
  return 'en';
}

/** The language this device was set to in Settings, or null (follow the browser). */
export function chosen() {
  try {
    const v = localStorage.getItem(STORAGE_KEY);
    return CODES.includes(v) ? v : null;
  } catch (e) {
    return null;
  }
}

/** The language the UI speaks now. */
export function language() {
  return current;
}

async function load(lang) {
  const b = new FluentBundle(lang, { useIsolating: false });
  const texts = await Promise.all(PARTS.map(async (part) => {
    try {
      const r = await fetch(`/l10n/${lang}/${part}.ftl`, { cache: 'no-cache' });
      return r.ok ? await r.text() : '';
    } catch (e) {
      return '';
    }
  }));
  for (const text of texts) {
    const errors = b.addResource(new FluentResource(text));
    for (const e of errors) console.warn(`l10n ${lang}:`, e);
  }
  return b;
}

/**
 * Loads the catalogs of the device's language (Settings, else the browser's or OS's
 * preference) and marks the page with it. Boot awaits this before the first render.
 */
export async function start() {
  current = chosen() || negotiate(navigator.languages && navigator.languages.length
    ? navigator.languages : [navigator.language]);
  english = await load('en');
  bundle = current === 'en' ? english : await load(current);
  document.documentElement.lang = current;
  translateStatic(document);
}

/** Keeps `lang` as this device's language and reloads the page into it. */
export function setLanguage(lang) {
  if (!CODES.includes(lang)) return;
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch (e) {
    // private mode: the choice lasts until the reload only
  }
  location.reload();
}

function format(b, id, args) {
  const message = b && b.getMessage(id);
  if (!message || !message.value) return null;
  const errors = [];
  const text = b.formatPattern(message.value, args || null, errors);
  if (errors.length) console.warn(`l10n ${id}:`, errors);
  return text;
}

/**
 * The message `id` in the UI's language, with `args` put in its placeables
 * (`{ $count }` picks the plural form). Falls back to English, then to the id.
 */
export function t(id, args) {
  return format(bundle, id, args) ?? format(english, id, args) ?? id;
}

/**
 * Fills the static markup's words: `data-i18n="key"` sets the text, and
 * `data-i18n-attr="attr:key;attr:key"` sets attributes (aria-label, title, placeholder).
 */
export function translateStatic(root) {
  for (const el of root.querySelectorAll('[data-i18n]')) {
    el.textContent = t(el.getAttribute('data-i18n'));
  }
  for (const el of root.querySelectorAll('[data-i18n-attr]')) {
    for (const pair of el.getAttribute('data-i18n-attr').split(';')) {
      const [attr, key] = pair.split(':').map((s) => s.trim());
      if (attr && key) el.setAttribute(attr, t(key));
    }
  }
}

/** A number in the UI's language (`1 234` in French, `1.234` in German). */
export function formatNumber(n) {
  return new Intl.NumberFormat(current).format(n);
}
