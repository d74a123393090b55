// Personal data (issue 19): an organiser erases one attendee from the detail view (a
// confirmation first, Cancel keeps them), and sets the event's retention, which shows the
// date the server will erase everyone's personal data. At the kiosk's smallest screen,
// 1024x600, with touch-sized targets.

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, newPage, signIn, screenshot, api, smallTargets } from './helpers.js';

describe('personal data', () => {
  let server;
  let browser;
  let page;
  let target;

  before(async () => {
    server = await startServer();
    browser = await launch();
    page = await newPage(browser, { server, width: 1024, height: 600 });
    const res = await api(server, 'GET', '/api/v2/events/1/attendees?per_page=1&page=3');
    [target] = res.items;
    assert.ok(target, 'the demo has attendees');
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('erases an attendee after a confirmation that says what goes', async () => {
    await signIn(page, server);
    await page.goto(`${server.base}/#/attendees/${target.id}`);
    await page.getByTestId('attendee-detail').waitFor();
    await page.getByTestId('erase-attendee').scrollIntoViewIfNeeded();
    assert.deepEqual(await smallTargets(page), []);
    // Cancel keeps them.
    await page.getByTestId('erase-attendee').click();
    const dialog = page.getByTestId('erase-attendee-dialog');
    await dialog.waitFor();
    assert.match(await dialog.innerText(), /cannot be undone/);
    assert.match(await dialog.innerText(), /check-ins stay/);
    await screenshot(page, 'attendee-erase-confirm');
    await page.getByTestId('confirm-cancel').click();
    await dialog.waitFor({ state: 'detached' });
    const still = await api(server, 'GET', `/api/v2/events/1/attendees/${target.id}`);
    assert.equal(still.item.id, target.id);
    // Erase.
    await page.getByTestId('erase-attendee').click();
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('attendees-screen').waitFor();
    await assert.rejects(api(server, 'GET', `/api/v2/events/1/attendees/${target.id}`), / 404 /);
    assert.deepEqual(page.problems, []);
  });

  it('sets the retention and shows the date of the erasure', async () => {
    await page.goto(`${server.base}/#/events/1`);
    await page.getByTestId('event-edit').waitFor();
    const days = page.getByTestId('event-retention-days');
    await days.scrollIntoViewIfNeeded();
    await days.fill('0');
    await page.getByTestId('event-save').click();
    await page.getByTestId('event-retention-days-error').filter({ hasText: '1 to 36500' }).waitFor();
    await days.fill('30');
    // The demo event ends 2026-09-16T16:00Z: thirty days later (past or future,
    // depending on the day the test runs).
    await page.getByTestId('event-erase-after').filter({ hasText: /Personal data will be erased (on|within the hour)/ }).waitFor();
    await page.getByTestId('event-save').click();
    await page.getByTestId('event-saved').filter({ hasText: 'Saved' }).waitFor();
    const event = await api(server, 'GET', '/api/v2/events/1');
    assert.equal(event.item.retention_days, 30);
    assert.equal(event.item.erase_after, '2026-10-16T16:00:00.000Z');
    await page.getByTestId('event-erase-after').filter({ hasText: /Personal data will be erased (on|within the hour)/ }).waitFor();
    await page.getByTestId('event-retention-days').scrollIntoViewIfNeeded();
    assert.deepEqual(await smallTargets(page), []);
    await screenshot(page, 'event-retention');
    // Empty: never.
    await page.getByTestId('event-retention-days').fill('');
    await page.getByTestId('event-save').click();
    await page.getByTestId('event-saved').filter({ hasText: 'Saved' }).waitFor();
    const off = await api(server, 'GET', '/api/v2/events/1');
    assert.equal(off.item.retention_days, null);
    assert.equal(off.item.erase_after, null);
    assert.deepEqual(page.problems, []);
  });
});
