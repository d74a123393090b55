// The catalog check (issue 21): the UI's message catalogs are whole and used.
//
// - every `ui/l10n/<lang>/<part>.ftl` parses with Fluent's reference parser (the runtime
//   skips a broken entry without a word, so this is where a broken one is caught);
// - every language has exactly the parts and the keys English has, and every key of
//   `<part>.ftl` begins with `<part>-` (two files never define the same key);
// - every placeable (`{ $name }`) of an English message appears in each translation,
//   and a translation uses no variable English does not give it;
// - every key the UI names (`t('key')`, `data-i18n="key"`, `data-i18n-attr="attr:key"`)
//   exists in English, and no catalog has a key nobody names.
//
// No browser and no server: this runs in a second.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FluentParser } from '@fluent/syntax';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const l10n = path.join(root, 'ui', 'l10n');
const parser = new FluentParser({ withSpans: false });

const i18nSource = readFileSync(path.join(root, 'ui', 'js', 'i18n.js'), 'utf8');
const PARTS = JSON.parse(`[${i18nSource.match(/export const PARTS = \[([^\]]*)\]/)[1].replace(/'/g, '"').replace(/,\s*$/, '')}]`);
const LANGS = [...i18nSource.matchAll(/\{ code: '([a-z]+)', name:/g)].map((m) => m[1]);

/** Every variable a pattern element tree names (`$name`), including in selectors. */
function variables(node, out = new Set()) {
  if (!node || typeof node !== 'object') return out;
  if (Array.isArray(node)) {
    for (const n of node) variables(n, out);
    return out;
  }
  if (node.type === 'VariableReference') out.add(node.id.name);
  for (const [k, v] of Object.entries(node)) {
    if (k !== 'span' && typeof v === 'object') variables(v, out);
  }
  return out;
}

/** `{ key → Set(variables) }` of one catalog file; fails on any junk. */
function readCatalog(lang, part) {
  const file = path.join(l10n, lang, `${part}.ftl`);
  const text = readFileSync(file, 'utf8');
  const resource = parser.parse(text);
  const junk = resource.body.filter((e) => e.type === 'Junk');
  assert.equal(junk.length, 0, `${lang}/${part}.ftl does not parse:\n${junk.map((j) => `${j.annotations.map((a) => a.message).join('; ')}\n${j.content}`).join('\n')}`);
  const keys = new Map();
  for (const entry of resource.body) {
    if (entry.type !== 'Message') continue;
    const id = entry.id.name;
    assert.ok(!keys.has(id), `${lang}/${part}.ftl defines ${id} twice`);
    assert.ok(entry.value, `${lang}/${part}.ftl: ${id} has no value`);
    keys.set(id, variables(entry.value));
  }
  return keys;
}

const catalogs = {};
for (const lang of LANGS) {
  catalogs[lang] = {};
  for (const part of PARTS) catalogs[lang][part] = readCatalog(lang, part);
}

test('the five languages are listed and each has a folder', () => {
  assert.deepEqual(LANGS, ['en', 'de', 'fr', 'es', 'nb']);
  const folders = readdirSync(l10n).filter((f) => statSync(path.join(l10n, f)).isDirectory()).sort();
  assert.deepEqual(folders, [...LANGS].sort());
});

test('every language has exactly the parts English has, and no stray file', () => {
  for (const lang of LANGS) {
    const files = readdirSync(path.join(l10n, lang)).sort();
    assert.deepEqual(files, PARTS.map((p) => `${p}.ftl`).sort(), `ui/l10n/${lang}/`);
  }
});

test('keys of <part>.ftl begin with <part>-', () => {
  for (const part of PARTS) {
    for (const key of catalogs.en[part].keys()) {
      assert.ok(key.startsWith(`${part}-`), `en/${part}.ftl: ${key} should begin with ${part}-`);
    }
  }
});

test('every translation has exactly English keys and keeps its placeables', () => {
  const problems = [];
  for (const lang of LANGS.filter((l) => l !== 'en')) {
    for (const part of PARTS) {
      const en = catalogs.en[part];
      const tr = catalogs[lang][part];
      for (const [key, vars] of en) {
        if (!tr.has(key)) { problems.push(`${lang}/${part}.ftl lacks ${key}`); continue; }
        for (const v of vars) if (!tr.get(key).has(v)) problems.push(`${lang}/${part}.ftl ${key} lacks { $${v} }`);
        for (const v of tr.get(key)) if (!vars.has(v)) problems.push(`${lang}/${part}.ftl ${key} uses { $${v} }, which English does not give`);
      }
      for (const key of tr.keys()) if (!en.has(key)) problems.push(`${lang}/${part}.ftl has ${key}, which English does not`);
    }
  }
  assert.deepEqual(problems, []);
});

/** Every key named in the UI's code and markup. */
function keysUsed() {
  const used = new Map(); // key → first file naming it
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const p = path.join(dir, name);
      if (statSync(p).isDirectory()) {
        if (name !== 'vendor' && name !== 'l10n') walk(p);
      } else if (/\.(js|html)$/.test(name)) {
        // Comments may name keys as examples; only code counts.
        const text = readFileSync(p, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
        const add = (k) => { if (!used.has(k)) used.set(k, path.relative(root, p)); };
        for (const m of text.matchAll(/\bt\(\s*'([a-z0-9-]+)'/g)) add(m[1]);
        for (const m of text.matchAll(/data-i18n="([a-z0-9-]+)"/g)) add(m[1]);
        for (const m of text.matchAll(/'data-i18n': '([a-z0-9-]+)'/g)) add(m[1]);
        for (const m of text.matchAll(/data-i18n-attr="([^"]+)"/g)) {
          for (const pair of m[1].split(';')) add(pair.split(':')[1].trim());
        }
      }
    }
  };
  walk(path.join(root, 'ui'));
  return used;
}

test('every key the UI names exists, and no catalog key goes unused', () => {
  const used = keysUsed();
  const english = new Set(PARTS.flatMap((p) => [...catalogs.en[p].keys()]));
  const missing = [...used].filter(([k]) => !english.has(k)).map(([k, f]) => `${k} (named in ${f})`);
  assert.deepEqual(missing, [], 'keys named in ui/ that no catalog has');
  const unused = [...english].filter((k) => !used.has(k));
  assert.deepEqual(unused, [], 'catalog keys nobody names');
});

test('the server catalogs (locales/<lang>.ftl) have English keys and placeables in every language', () => {
  const dir = path.join(root, 'locales');
  const read = (lang) => {
    const resource = parser.parse(readFileSync(path.join(dir, `${lang}.ftl`), 'utf8'));
    const junk = resource.body.filter((e) => e.type === 'Junk');
    assert.equal(junk.length, 0, `locales/${lang}.ftl does not parse: ${junk.map((j) => j.content).join('\n')}`);
    return new Map(resource.body.filter((e) => e.type === 'Message').map((m) => [m.id.name, variables(m.value)]));
  };
  assert.deepEqual(readdirSync(dir).sort(), LANGS.map((l) => `${l}.ftl`).sort());
  const en = read('en');
  // Every key is named somewhere in src/ (each call site names its key literally).
  const rust = (dir) => readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? rust(p) : name.endsWith('.rs') ? [readFileSync(p, 'utf8')] : [];
  });
  const source = rust(path.join(root, 'src')).join('\n');
  for (const key of en.keys()) {
    if (key.startsWith('problem-')) continue;
    assert.ok(source.includes(`"${key}"`), `locales/en.ftl ${key} is named nowhere in src/`);
  }
  // A 422 problem's words are found by the server's English message: each must still be
  // one, word for word (a placeable standing for a Rust format argument, `{max}` or
  // `{}`), or its translation is never used.
  const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const asRust = (m) => new RegExp(`"${m.value.elements.map((e) => (e.type === 'TextElement' ? escape(e.value) : '\\{[^{}"]*\\}')).join('')}"`);
  // `Error::not_found("x")` says "x not found": such a pattern is found as the record's name.
  const asNotFound = (m) => {
    const source = asRust(m).source;
    return source.endsWith(' not found"') ? new RegExp(`not_found\\((?:format_args!\\()?${source.slice(0, -' not found"'.length)}"`) : null;
  };
  const english = parser.parse(readFileSync(path.join(dir, 'en.ftl'), 'utf8')).body.filter((e) => e.type === 'Message' && e.id.name.startsWith('problem-'));
  assert.ok(english.length > 40);
  for (const m of english) assert.ok(asRust(m).test(source) || asNotFound(m)?.test(source), `locales/en.ftl ${m.id.name}: the server says ${asRust(m)} nowhere in src/`);
  // The server reads the problems off single lines (src/l10n.rs).
  const lines = readFileSync(path.join(dir, 'en.ftl'), 'utf8').split('\n').filter((l) => l.startsWith('problem-'));
  assert.equal(lines.length, english.length, 'every problem-* message is on one line');
  const problems = [];
  for (const lang of LANGS.filter((l) => l !== 'en')) {
    const tr = read(lang);
    for (const [key, vars] of en) {
      if (!tr.has(key)) { problems.push(`locales/${lang}.ftl lacks ${key}`); continue; }
      for (const v of vars) if (!tr.get(key).has(v)) problems.push(`locales/${lang}.ftl ${key} lacks { $${v} }`);
      for (const v of tr.get(key)) if (!vars.has(v)) problems.push(`locales/${lang}.ftl ${key} uses { $${v} }`);
    }
    for (const key of tr.keys()) if (!en.has(key)) problems.push(`locales/${lang}.ftl has ${key}, which English does not`);
  }
  assert.deepEqual(problems, []);
});

test('the desktop splash (src-tauri/splash/l10n.js) says every message in every language, with its placeholders', async () => {
  const { MESSAGES } = await import(path.join(root, 'src-tauri', 'splash', 'l10n.js'));
  assert.deepEqual(Object.keys(MESSAGES), LANGS);
  const holes = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  const problems = [];
  for (const lang of LANGS.slice(1)) {
    for (const [key, text] of Object.entries(MESSAGES.en)) {
      if (typeof MESSAGES[lang][key] !== 'string') { problems.push(`${lang} lacks ${key}`); continue; }
      if (holes(MESSAGES[lang][key]).join() !== holes(text).join()) problems.push(`${lang} ${key}: placeholders ${holes(MESSAGES[lang][key])} not ${holes(text)}`);
    }
    for (const key of Object.keys(MESSAGES[lang])) if (!(key in MESSAGES.en)) problems.push(`${lang} has ${key}, which English does not`);
  }
  assert.deepEqual(problems, []);
  // Every kind the app sends has its words.
  const main = readFileSync(path.join(root, 'src-tauri', 'src', 'main.rs'), 'utf8');
  const kinds = [...main.matchAll(/=> "([a-z-]+)",\s*\/\/ splash kind/g)].map((m) => m[1]);
  assert.ok(kinds.length >= 8, `kinds found in main.rs: ${kinds}`);
  for (const kind of kinds) assert.ok(MESSAGES.en[`${kind}-what`] && MESSAGES.en[`${kind}-hint`], `the splash has no words for ${kind}`);
});
