// The door note and the "needs attention at the door" flag of an attendee (issue 17), at
// the kiosk's 1024x600: set in the attendee's edit form and stored (read back from the
// API), shown on the detail view and as a violet "Attention" tag in the list, cleared
// again; a note over 500 characters is refused beside its input. And the event's
// "Ask missing required questions at the door" setting (`door_questions`), switched on
// and off in the event's edit screen.

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import {
  startServer, launch, newPage, signIn, screenshot, api, smallTargets, confirmedAttendees, contrastOf,
} from './helpers.js';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical axe violations inside `selector`, as "rule target" lines. */
async function axeSerious(page, selector) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (sel) => {
    const res = await window.axe.run(document.querySelector(sel), { resultTypes: ['violations'] });
    return res.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(' ')}`));
  }, selector);
}

describe('attendee door note, needs attention, and the event door questions setting', () => {
  let server;
  let browser;
  let page;
  let person;
  const NOTE = 'Wheelchair user: open the side gate.\nCollect the unpaid invoice.';

  before(async () => {
    server = await startServer();
    browser = await launch();
    page = await newPage(browser, { server, width: 1024, height: 600 });
    [person] = await confirmedAttendees(server, 1);
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  const attendee = async () => (await api(server, 'GET', `/api/v2/events/1/attendees/${person.id}`)).item;
  const fullName = () => [person.first_name, person.last_name].filter(Boolean).join(' ');

  async function openEdit() {
    await page.evaluate((id) => { location.hash = `#/attendees/${id}`; }, person.id);
    await page.getByTestId('attendee-detail').waitFor();
    await page.getByTestId('detail-edit').click();
    await page.getByTestId('attendee-edit').waitFor();
  }

  it('the edit form has a door note (max 500) and a "Needs attention at the door" box', async () => {
    await signIn(page, server);
    const before = await attendee();
    assert.equal(before.needs_attention, false, 'the new binary has needs_attention (see /tmp/entrada-dev/READY-attention)');
    assert.equal(before.door_note ?? null, null);
    await openEdit();
    const note = page.getByLabel('Door note');
    assert.equal(await note.getAttribute('maxlength'), '500');
    const box = page.getByLabel('Needs attention at the door');
    assert.equal(await box.isChecked(), false);
    assert.deepEqual(await smallTargets(page), [], 'touch targets are at least 44 px');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no horizontal scrolling (overflow ${overflow}px)`);
  });

  it('refuses a note over 500 characters beside the input', async () => {
    // maxlength stops typing; a pasted or scripted value is still checked.
    await page.getByTestId('input-door_note').evaluate((el) => { el.value = 'x'.repeat(501); });
    await page.getByTestId('edit-save').click();
    await page.getByTestId('error-door_note').filter({ hasText: /at most 500/ }).waitFor();
    assert.equal(await page.getByTestId('input-door_note').getAttribute('aria-invalid'), 'true');
    assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), 'input-door_note');
    assert.equal((await attendee()).door_note ?? null, null, 'nothing was saved');
  });

  it('saves the note and the flag; the API has them and the detail view shows them', async () => {
    await page.getByTestId('input-door_note').fill(NOTE);
    await page.getByTestId('door-note-count').filter({ hasText: `${[...NOTE].length} of 500` }).waitFor();
    await page.getByLabel('Needs attention at the door').check();
    await screenshot(page, 'attendee-edit-door');
    assert.deepEqual(await axeSerious(page, '[data-testid="attendee-edit"]'), []);
    await page.getByTestId('edit-save').click();
    await page.getByTestId('attendee-detail').waitFor();
    const a = await attendee();
    assert.equal(a.door_note, NOTE);
    assert.equal(a.needs_attention, true);
    await page.getByTestId('door-notice').waitFor();
    assert.equal(await page.getByTestId('door-note-text').innerText(), NOTE);
    assert.equal(await page.getByTestId('door-notice').getByTestId('attention-tag').count(), 1);
    await screenshot(page, 'attendee-detail-attention');
  });

  it('marks the attendee in the list with a violet Attention tag', async () => {
    await page.getByTestId('nav-attendees').click();
    await page.getByTestId('attendees-screen').waitFor();
    await page.getByTestId('attendee-search').fill(fullName());
    const rowOf = page.locator(`[data-testid="attendee-row"][data-attendee-id="${person.id}"]`);
    await rowOf.waitFor();
    const tag = rowOf.getByTestId('attention-tag');
    await tag.waitFor();
    assert.match(await tag.innerText(), /Attention$/);
    assert.ok(await contrastOf(tag) >= 4.5, 'the tag text has AA contrast');
    // Someone not flagged has no tag.
    const others = await page.locator('[data-testid="attendee-row"]').evaluateAll((rows, id) => rows
      .filter((r) => r.dataset.attendeeId !== String(id) && r.querySelector('[data-testid="attention-tag"]')).length, person.id);
    assert.equal(others, 0);
    await screenshot(page, 'attendees-attention-tag');
    assert.deepEqual(await axeSerious(page, '[data-testid="attendees-screen"]'), []);
  });

  it('clears the note and the flag', async () => {
    await openEdit();
    assert.equal(await page.getByTestId('input-door_note').inputValue(), NOTE);
    assert.equal(await page.getByLabel('Needs attention at the door').isChecked(), true);
    await page.getByTestId('input-door_note').fill('');
    await page.getByLabel('Needs attention at the door').uncheck();
    await page.getByTestId('edit-save').click();
    await page.getByTestId('attendee-detail').waitFor();
    const a = await attendee();
    assert.equal(a.door_note ?? null, null);
    assert.equal(a.needs_attention, false);
    assert.equal(await page.getByTestId('door-notice').count(), 0);
  });

  it('switches "Ask missing required questions at the door" on and off for the event', async () => {
    const event = async () => (await api(server, 'GET', '/api/v2/events/1')).item;
    assert.equal((await event()).door_questions, false);
    await page.evaluate(() => { location.hash = '#/events/1'; });
    await page.getByTestId('event-form').waitFor();
    const box = page.getByLabel('Ask missing required questions at the door');
    assert.equal(await box.isChecked(), false);
    await box.check();
    await screenshot(page, 'event-edit-door-questions');
    assert.deepEqual(await axeSerious(page, '[data-testid="door-questions-setting"]'), []);
    await page.getByTestId('event-save').click();
    await page.getByTestId('event-saved').filter({ hasText: /^Saved/ }).waitFor();
    assert.equal((await event()).door_questions, true);
    // Shown as stored after the save, and off again.
    const again = page.getByLabel('Ask missing required questions at the door');
    assert.equal(await again.isChecked(), true);
    await again.uncheck();
    await page.getByTestId('event-save').click();
    await page.getByTestId('event-saved').filter({ hasText: /^Saved/ }).waitFor();
    assert.equal((await event()).door_questions, false);
    // A save without a change sends nothing.
    await page.getByTestId('event-save').click();
    await page.getByTestId('event-saved').filter({ hasText: /no changes/ }).waitFor();
  });

  it('raised no page errors or CSP violations', () => {
    assert.deepEqual(page.problems, []);
  });
});
