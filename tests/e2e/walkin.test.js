// Walk-in registration: a form generated from the event's fields of many types; a client
// check (bad email, missing required answers) and a server 422 (a phone number that only
// the server can refuse) shown beside the right inputs, nothing typed lost, then saved,
// checked in and the badge ready.

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, newPage, signIn, screenshot, api, smallTargets } from './helpers.js';

const EXTRA_FIELDS = [
  { label: 'Arrival date', type: 'date' },
  { label: 'Arrival time', type: 'time' },
  { label: 'Number of guests', type: 'number' },
  { label: 'Website', type: 'url' },
  { label: 'Emergency phone', type: 'tel' },
  { label: 'Preferred slot', type: 'radio', options: ['Morning', 'Afternoon'] },
  { label: 'Anything else?', type: 'long_text' },
  { label: 'Travel details', type: 'section_divider' },
  { label: 'I accept the code of conduct', type: 'term_and_consent', required: true },
];

describe('walk-in', () => {
  let server;
  let browser;
  let page;

  before(async () => {
    server = await startServer();
    for (const f of EXTRA_FIELDS) {
      await api(server, 'POST', '/api/v2/events/1/attendee_fields', { item: { required: false, options: [], ...f } });
    }
    browser = await launch();
    page = await newPage(browser, { server });
    await page.addInitScript(() => {
      window.print = () => { window.__printCalls = (window.__printCalls || 0) + 1; };
    });
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('renders every field type of the form', async () => {
    await signIn(page, server);
    await page.getByTestId('nav-walk-in').click();
    await page.getByTestId('walkin-form').waitFor();
    const form = page.getByTestId('walkin-form');
    // Each type as its own kind of input.
    assert.equal(await form.locator('[data-testid="input-t_shirt_size"]').evaluate((el) => el.tagName), 'SELECT');
    assert.equal(await form.locator('[data-testid="field-interested_in"] input[type="checkbox"]').count(), 5);
    assert.equal(await form.locator('[data-testid="input-country"] option[value="NO"]').count(), 1);
    assert.equal(await form.locator('[data-testid="input-arrival_date"]').getAttribute('type'), 'date');
    assert.equal(await form.locator('[data-testid="input-arrival_time"]').getAttribute('type'), 'time');
    assert.equal(await form.locator('[data-testid="input-number_of_guests"]').getAttribute('type'), 'number');
    assert.equal(await form.locator('[data-testid="input-website"]').getAttribute('type'), 'url');
    assert.equal(await form.locator('[data-testid="input-emergency_phone"]').getAttribute('type'), 'tel');
    assert.equal(await form.locator('[data-testid="field-preferred_slot"] input[type="radio"]').count(), 2);
    assert.equal(await form.locator('[data-testid="input-anything_else"]').evaluate((el) => el.tagName), 'TEXTAREA');
    assert.equal(await form.locator('[data-testid="field-travel_details"] h3').innerText(), 'Travel details');
    assert.equal(await form.locator('[data-testid="field-we_take_photos_at_the_event"]').evaluate((el) => el.tagName), 'P');
    assert.match(await form.locator('[data-testid="field-i_accept_the_code_of_conduct"]').innerText(), /I accept the code of conduct/);
    await screenshot(page, 'walkin-form');
  });

  it('shows client checks beside the inputs', async () => {
    await page.getByTestId('input-first_name').fill('Grace');
    await page.getByTestId('input-last_name').fill('Hopper');
    await page.getByTestId('input-email').fill('grace@');
    await page.getByTestId('walkin-save').click();
    await page.getByTestId('error-email').filter({ hasText: 'Not a valid email address.' }).waitFor();
    await page.getByTestId('error-t_shirt_size').filter({ hasText: /choose/i }).waitFor();
    await page.getByTestId('error-i_accept_the_code_of_conduct').filter({ hasText: /required/i }).waitFor();
    assert.equal(await page.getByTestId('input-email').getAttribute('aria-invalid'), 'true');
    // The focus goes to the first problem.
    assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), 'input-email');
    await screenshot(page, 'walkin-client-errors');
  });

  it('shows the server 422 beside the right input and keeps what was typed', async () => {
    await page.getByTestId('input-email').fill('grace.hopper@example.com');
    await page.getByTestId('input-phone').fill('+47 1234 5678'); // looks right, is not a number
    await page.getByTestId('input-t_shirt_size').selectOption('M');
    await page.locator('[data-testid="field-interested_in"] label', { hasText: 'Web' }).click();
    await page.locator('[data-testid="field-interested_in"] label', { hasText: 'Data' }).click();
    await page.getByTestId('input-country').selectOption('NO');
    await page.getByTestId('input-arrival_date').fill('2026-09-15');
    await page.getByTestId('input-arrival_time').fill('08:45');
    await page.getByTestId('input-number_of_guests').fill('2');
    await page.getByTestId('input-website').fill('https://grace.example.com');
    await page.locator('[data-testid="field-preferred_slot"] label', { hasText: 'Afternoon' }).click();
    await page.getByTestId('input-anything_else').fill('Needs a chair near the front.\nArrives by train.');
    await page.getByTestId('input-i_accept_the_code_of_conduct').check();
    await page.getByTestId('input-i_agree_to_appear_in_event_photos').check();
    await page.getByTestId('walkin-save').click();
    await page.getByTestId('error-phone').filter({ hasText: /not a valid phone number/i }).waitFor();
    assert.equal(await page.getByTestId('error-email').innerText(), '');
    assert.equal(await page.getByTestId('input-first_name').inputValue(), 'Grace');
    assert.equal(await page.getByTestId('input-anything_else').inputValue(), 'Needs a chair near the front.\nArrives by train.');
    await screenshot(page, 'walkin-server-error');
    const none = await api(server, 'GET', '/api/v2/events/1/attendees?q=grace.hopper');
    assert.equal(none.items.length, 0, 'nothing was saved');
  });

  it('saves once fixed, checks in and has the badge ready', async () => {
    await page.getByTestId('input-phone').fill('+47 22 12 34 56');
    assert.equal(await page.getByTestId('walkin-checkin').isChecked(), true);
    await page.getByTestId('walkin-save').click();
    await page.getByTestId('walkin-done').waitFor();
    assert.equal(await page.getByTestId('walkin-name').innerText(), 'Grace Hopper');
    await page.getByTestId('badge-card').waitFor();
    await screenshot(page, 'walkin-done');
    await page.getByTestId('print-badge').click();
    await page.waitForFunction(() => window.__printCalls === 1);
    const res = await api(server, 'GET', '/api/v2/events/1/attendees?q=grace.hopper');
    assert.equal(res.items.length, 1);
    const a = res.items[0];
    assert.equal(a.checkin_status, 'checked_in');
    assert.equal(a.phone, '+4722123456');
    const answers = Object.fromEntries(a.fields.map((f) => [f.field.name, f.value]));
    assert.equal(answers.t_shirt_size, 'M');
    assert.deepEqual(answers.interested_in, ['Web', 'Data']);
    assert.equal(answers.country, 'NO');
    assert.equal(answers.arrival_date, '2026-09-15');
    assert.equal(answers.arrival_time, '08:45');
    assert.equal(answers.number_of_guests, 2);
    assert.equal(answers.website, 'https://grace.example.com');
    assert.equal(answers.preferred_slot, 'Afternoon');
    assert.equal(answers.i_accept_the_code_of_conduct, true);
    assert.equal(answers.i_agree_to_appear_in_event_photos, true);
    assert.equal(answers.emergency_phone, null);
  });

  it('fits 1024x600', async () => {
    await page.getByTestId('walkin-another').click();
    await page.getByTestId('walkin-form').waitFor();
    await page.setViewportSize({ width: 1024, height: 600 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no horizontal scrolling (overflow ${overflow}px)`);
    assert.deepEqual(await smallTargets(page), [], 'touch targets are at least 44 px');
    await screenshot(page, 'walkin-1024x600');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('raised no page errors or CSP violations', () => {
    assert.deepEqual(page.problems, []);
  });
});
