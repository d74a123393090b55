// The kiosk in five languages (issue 21), at the kiosk's 1024x600, as door staff use it:
// the browser's language picks the UI's (Settings can change it, and the choice is kept);
// the door flow (ok, already, not found, undo) and the walk-in form in each language,
// with a screenshot of each; nothing overflows its box; and no English string of the
// catalogs shows on the sign-in, door, attendees, walk-in, form editor, data, sync and
// settings screens.

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { FluentParser } from '@fluent/syntax';
import { startServer, launch, newPage, screenshot, scannerScan, confirmedAttendees, repoRoot, api, signIn, painted } from './helpers.js';

const LANGS = ['en', 'de', 'fr', 'es', 'nb'];
const BROWSER_LOCALE = { en: 'en-US', de: 'de-DE', fr: 'fr-FR', es: 'es-ES', nb: 'nb-NO' };

/** `{ key → plain text }` of a language's UI catalogs (messages without placeables). */
function catalog(lang) {
  const parser = new FluentParser({ withSpans: false });
  const dir = path.join(repoRoot, 'ui', 'l10n', lang);
  const out = new Map();
  for (const file of readdirSync(dir)) {
    for (const entry of parser.parse(readFileSync(path.join(dir, file), 'utf8')).body) {
      if (entry.type !== 'Message' || !entry.value) continue;
      const elements = entry.value.elements;
      if (elements.length === 1 && elements[0].type === 'TextElement') out.set(entry.id.name, elements[0].value.trim());
    }
  }
  return out;
}

const english = catalog('en');

/**
 * English strings that must not show in `lang`: plain English catalog values the language
 * says otherwise, leaving out any that are also words of the language itself ("Status"),
 * and `data` (names, labels and other content from the server, which stay as entered).
 */
function leaks(lang, data) {
  const own = catalog(lang);
  const ownWords = new Set(own.values());
  const out = new Set();
  for (const [key, value] of english) {
    if (!/[A-Za-z]{3}/.test(value) || value.length < 4) continue;
    if (own.get(key) === value || ownWords.has(value) || data.has(value)) continue;
    out.add(value);
  }
  return out;
}

/** The visible text of the page, line by line, and the visible labels people read. */
async function visibleWords(page) {
  return page.evaluate(() => {
    const lines = document.body.innerText.split('\n').map((l) => l.trim()).filter(Boolean);
    const attrs = [];
    for (const el of document.querySelectorAll('[placeholder], [aria-label], [title]')) {
      const r = el.getBoundingClientRect();
      if (!r.width || !r.height) continue;
      for (const a of ['placeholder', 'aria-label', 'title']) {
        const v = el.getAttribute(a);
        if (v) attrs.push(v.trim());
      }
    }
    return [...lines, ...attrs];
  });
}

async function assertNoEnglish(page, lang, data, where) {
  if (lang === 'en') return;
  const bad = leaks(lang, data);
  const found = (await visibleWords(page)).filter((w) => bad.has(w));
  assert.deepEqual([...new Set(found)], [], `English on ${where} in ${lang}`);
}

/** Elements whose text is cut or spills (wider than their box), and sideways scroll. */
async function assertNothingOverflows(page, where) {
  const problems = await page.evaluate(() => {
    const out = [];
    if (document.documentElement.scrollWidth > document.documentElement.clientWidth + 1) {
      out.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${document.documentElement.clientWidth})`);
    }
    for (const el of document.querySelectorAll('button, .btn, h1, h2, th, label, .chip, .nav a, [data-testid="result-title"], [data-testid="result-sub"]')) {
      const r = el.getBoundingClientRect();
      if (!r.width || !r.height) continue;
      const style = getComputedStyle(el);
      if (style.overflow === 'visible' && style.textOverflow !== 'ellipsis' && el.scrollWidth > el.clientWidth + 2 && el.clientWidth > 0) {
        out.push(`${el.tagName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}]` : ''} "${el.innerText.slice(0, 40)}" (${el.scrollWidth} > ${el.clientWidth})`);
      }
    }
    // An example in an empty box is read whole: a placeholder wider than its box is cut.
    const ruler = document.createElement('canvas').getContext('2d');
    for (const el of document.querySelectorAll('input[placeholder], textarea[placeholder]')) {
      const r = el.getBoundingClientRect();
      if (!r.width || !r.height || !el.placeholder) continue;
      const style = getComputedStyle(el);
      const shown = getComputedStyle(el, '::placeholder');
      ruler.font = `${shown.fontStyle} ${shown.fontWeight} ${shown.fontSize} ${shown.fontFamily}`;
      const need = ruler.measureText(el.placeholder).width;
      const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (need > room + 1) out.push(`the example in ${el.tagName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}]` : ''} "${el.placeholder}" is cut (${Math.ceil(need)} > ${Math.floor(room)} px)`);
    }
    // A long label must not squeeze its input to nothing.
    for (const el of document.querySelectorAll('input[type="text"], input[type="search"], input:not([type]), input[type="email"], select')) {
      const r = el.getBoundingClientRect();
      if (r.width && r.height && r.width < 96) out.push(`${el.tagName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}]` : ''} is only ${Math.round(r.width)} px wide`);
    }
    return out;
  });
  assert.deepEqual(problems, [], `overflow on ${where}`);
}

describe('languages', () => {
  let server;
  let browser;
  let people;
  /** Content from the server (names, labels, event names): not the UI's to translate. */
  const data = new Set();

  before(async () => {
    server = await startServer();
    browser = await launch();
    people = await confirmedAttendees(server, 30);
    const fields = await api(server, 'GET', '/api/v2/events/1/attendee_fields?per_page=100');
    for (const f of fields.items) {
      data.add(f.label);
      for (const o of f.options || []) data.add(typeof o === 'string' ? o : o.label);
    }
    const types = await api(server, 'GET', '/api/v2/events/1/registration_types?per_page=100');
    for (const r of types.items || []) data.add(r.name);
    const sessions = await api(server, 'GET', '/api/v2/events/1/sessions?per_page=100');
    for (const s of sessions.items || []) data.add(s.name);
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A fresh device whose browser prefers `lang`, at the kiosk's size. */
  async function device(lang) {
    const page = await newPage(browser, { width: 1024, height: 600, server, locale: BROWSER_LOCALE[lang] });
    return { context: page.context(), page };
  }

  for (const [i, lang] of LANGS.entries()) {
    it(`works the door and the walk-in form in ${lang}, with nothing in English and nothing cut`, async () => {
      const { context, page } = await device(lang);
      try {
        // Sign-in: the kiosk's page and the server's form, both in the browser's language.
        await page.goto(`${server.base}/`);
        await page.getByTestId('signin-screen').waitFor();
        assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
        await assertNoEnglish(page, lang, data, 'the sign-in screen');
        await screenshot(page, `i18n-${lang}-signin`);
        await page.getByTestId('sign-in').click();
        await page.waitForURL(/\/oauth\/authorize/);
        assert.equal(await page.evaluate(() => document.documentElement.lang), lang, 'the server sign-in page');
        if (lang !== 'en') {
          assert.doesNotMatch(await page.locator('h1').innerText(), /^Sign in/);
          // The kiosk's own client is named in the language too (issue 37: "Se connecter à
          // Entrada kiosk").
          assert.doesNotMatch(await page.locator('h1').innerText(), /Entrada kiosk/);
          assert.doesNotMatch(await page.locator('button[type="submit"]').innerText(), /^Sign in$/);
        }
        await assertNoEnglish(page, lang, new Set([...data, 'Entrada kiosk']), 'the server sign-in page');
        await page.locator('#email').fill(server.people.organiser.email);
        await page.locator('#password').fill(server.people.organiser.password);
        await page.locator('button[type="submit"]').click();
        await page.getByTestId('door-screen').waitFor();
        await page.getByText('/ 300').waitFor();
        await assertNothingOverflows(page, `the door, ready, in ${lang}`);
        await assertNoEnglish(page, lang, data, 'the door, ready');
        await screenshot(page, `i18n-${lang}-door-ready`);

        // The door: ok, already, not found, undo.
        const a = people[i * 2];
        const b = people[i * 2 + 1];
        await scannerScan(page, a.qr_code);
        await page.locator('[data-testid="scan-result"][data-outcome="ok"]').waitFor();
        assert.equal(await page.getByTestId('result-title').innerText(), `${a.first_name} ${a.last_name}`);
        await assertNothingOverflows(page, `the door (ok) in ${lang}`);
        await assertNoEnglish(page, lang, data, 'the door after an ok scan');
        await screenshot(page, `i18n-${lang}-door-ok`);

        await scannerScan(page, a.qr_code);
        await page.locator('[data-testid="scan-result"][data-outcome="already_checked_in"]').waitFor();
        const already = (await page.getByTestId('result-title').innerText()).replace(/\s+/g, ' ');
        assert.match(already, /\d\d:\d\d/, 'says since when');
        if (lang !== 'en') assert.doesNotMatch(already, /ALREADY|CHECKED/);
        await assertNothingOverflows(page, `the door (already) in ${lang}`);
        await assertNoEnglish(page, lang, data, 'the door after a repeat');
        await screenshot(page, `i18n-${lang}-door-already`);

        await scannerScan(page, 'ZZZZ-0000-ZZZZ-0000');
        await page.locator('[data-testid="scan-result"][data-outcome="not_found"]').waitFor();
        await assertNothingOverflows(page, `the door (not found) in ${lang}`);
        await assertNoEnglish(page, lang, data, 'the door after an unknown code');
        await screenshot(page, `i18n-${lang}-door-not-found`);

        await scannerScan(page, b.qr_code);
        await page.locator('[data-testid="scan-result"][data-outcome="ok"]').waitFor();
        await page.getByTestId('undo').click();
        await page.locator('[data-testid="scan-result"][data-outcome="undone"]').waitFor();
        await assertNothingOverflows(page, `the door (undone) in ${lang}`);
        await assertNoEnglish(page, lang, data, 'the door after an undo');
        await screenshot(page, `i18n-${lang}-door-undo`);

        // The walk-in form, sent empty once (the UI's own words for what is missing).
        await page.goto(`${server.base}/#/walk-in`);
        await page.getByTestId('walkin-form').waitFor();
        await assertNothingOverflows(page, `walk-in in ${lang}`);
        await assertNoEnglish(page, lang, data, 'walk-in');
        await screenshot(page, `i18n-${lang}-walkin`);
        await page.getByTestId('walkin-form').locator('button[type="submit"]').first().click();
        await page.locator('.field-error, [data-testid="form-error"], [role="alert"]').first().waitFor();
        await assertNoEnglish(page, lang, data, 'walk-in with missing entries');
        await screenshot(page, `i18n-${lang}-walkin-errors`);

        // The organisers' screens.
        for (const [hash, testid, name] of [
          ['#/attendees', 'attendees-screen', 'attendees'],
          ['#/form', 'form-editor', 'form-editor'],
          ['#/data', 'data-screen', 'data'],
          ['#/sync', 'sync-screen', 'sync'],
          ['#/settings', 'settings-screen', 'settings'],
        ]) {
          await page.goto(`${server.base}/${hash}`);
          await page.locator(`[data-testid="${testid}"], main section`).first().waitFor();
          // The screens keep a live stream open: wait for their loading placeholders to go.
          await page.waitForFunction(() => !document.querySelector('[data-testid="loading"]'), null, { timeout: 10000 });
          await painted(page);
          await assertNothingOverflows(page, `${name} in ${lang}`);
          await assertNoEnglish(page, lang, data, name);
          await screenshot(page, `i18n-${lang}-${name}`);
        }
        assert.deepEqual(page.problems, []);
      } finally {
        await context.close();
      }
    });
  }

  it('keeps the language chosen in Settings across a reload, over the browser\'s', async () => {
    const { context, page } = await device('en');
    try {
      await page.goto(`${server.base}/`);
      await page.getByTestId('sign-in').click();
      await page.waitForURL(/\/oauth\/authorize/);
      await page.locator('#email').fill(server.people.door.email);
      await page.locator('#password').fill(server.people.door.password);
      await page.locator('button[type="submit"]').click();
      await page.getByTestId('door-screen').waitFor();
      await page.goto(`${server.base}/#/settings`);
      const card = page.getByTestId('language-card');
      await card.waitFor();
      assert.equal(await page.getByTestId('language-en').isChecked(), true);
      for (const lang of ['de', 'nb', 'fr', 'es', 'en']) {
        await Promise.all([page.waitForEvent('load'), page.getByTestId(`language-${lang}`).check()]);
        await page.getByTestId('language-card').waitFor();
        assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
        assert.equal(await page.getByTestId(`language-${lang}`).isChecked(), true);
        await page.reload();
        await page.getByTestId('language-card').waitFor();
        assert.equal(await page.evaluate(() => document.documentElement.lang), lang, 'kept across a reload');
      }
    } finally {
      await context.close();
    }
  });

  // The server's own refusals of a form come in the UI's language (Accept-Language), and
  // are still put beside their inputs, which the UI finds by path and field name, never
  // by English words. A field made required on another device after the form was drawn
  // is one only the server can refuse; so is a phone number that merely looks right.
  it('says the server\'s refusals of a form in the language, beside their inputs', async () => {
    const field = (await api(server, 'POST', '/api/v2/events/1/attendee_fields', {
      item: { label: 'Badge name', type: 'short_text', required: false, options: [] },
    })).item;
    data.add('Badge name');
    const words = (lang, key) => catalog(lang).get(key);
    const phoneWords = { de: /gültige Telefonnummer/, fr: /numéro de téléphone valide/ };
    const person = people[people.length - 1];
    await api(server, 'PATCH', `/api/v2/events/1/attendees/${person.id}`, {
      item: { fields: [{ attendee_field_id: field.id, value: 'Ada' }] },
    });
    try {
      for (const lang of ['de', 'fr']) {
        await api(server, 'PATCH', `/api/v2/events/1/attendee_fields/${field.id}`, { item: { required: false } });
        const { context, page } = await device(lang);
        try {
          // The walk-in: a required answer missing, and a phone number.
          await signIn(page, server, 'organiser');
          await page.goto(`${server.base}/#/walk-in`);
          await page.getByTestId('walkin-form').waitFor();
          await api(server, 'PATCH', `/api/v2/events/1/attendee_fields/${field.id}`, { item: { required: true } });
          await page.getByTestId('input-first_name').fill('Grace');
          await page.getByTestId('input-last_name').fill('Hopper');
          await page.getByTestId('input-email').fill(`grace.${lang}@example.com`);
          await page.getByTestId('input-phone').fill('+47 1234 5678');
          await page.getByTestId('input-t_shirt_size').selectOption('M');
          await page.getByTestId('walkin-save').click();
          await page.getByTestId('error-phone').filter({ hasText: phoneWords[lang] }).waitFor();
          assert.equal(await page.getByTestId('error-badge_name').innerText(), words(lang, 'fields-error-answer-required'));
          await assertNoEnglish(page, lang, data, 'the walk-in refused by the server');
          assert.doesNotMatch(await page.locator('main').innerText(), /is not a valid|is required|field `/);
          await screenshot(page, `i18n-${lang}-walkin-server-errors`);

          // Editing: an answer cleared that became required after the form was drawn.
          await api(server, 'PATCH', `/api/v2/events/1/attendee_fields/${field.id}`, { item: { required: false } });
          await page.goto(`${server.base}/#/attendees/${person.id}`);
          await page.getByTestId('detail-edit').click();
          await page.getByTestId('attendee-edit').waitFor();
          await api(server, 'PATCH', `/api/v2/events/1/attendee_fields/${field.id}`, { item: { required: true } });
          await page.getByTestId('input-badge_name').fill('');
          await page.getByTestId('edit-save').click();
          await page.getByTestId('error-badge_name').filter({ hasText: words(lang, 'fields-error-answer-required-kept') }).waitFor();
          await assertNoEnglish(page, lang, data, 'the attendee edit refused by the server');
          assert.deepEqual(page.problems, []);
        } finally {
          await context.close();
        }
      }
    } finally {
      await api(server, 'DELETE', `/api/v2/events/1/attendee_fields/${field.id}`);
    }
  });
});
