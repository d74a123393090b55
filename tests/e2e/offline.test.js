// Failed requests: with the server stopped, a scan and a walk-in save fail in words with a
// way to retry; the badge says Offline; nothing typed is lost. With the server back (same
// address and database), Try again finishes both.

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launch, newPage, signIn, screenshot, api, confirmedAttendees,
} from './helpers.js';

describe('server unreachable', () => {
  let server;
  let browser;
  let page;
  let person;

  before(async () => {
    server = await startServer();
    browser = await launch();
    page = await newPage(browser, { server });
    [person] = await confirmedAttendees(server, 1);
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a scan fails in words, then Try again checks in', async () => {
    await signIn(page, server);
    await page.getByTestId('camera-toggle').click(); // the camera is not what this is about
    await page.locator('[data-testid="camera"][data-state="paused"]').waitFor();
    await server.halt();
    await page.getByTestId('manual-code').fill(person.qr_code);
    await page.getByTestId('manual-code').press('Enter');
    await page.locator('[data-testid="scan-result"][data-outcome="error"]').waitFor({ timeout: 20000 });
    assert.match(await page.getByTestId('result-message').innerText(), /Cannot reach the kiosk server/);
    await page.getByTestId('online-badge').filter({ hasText: 'Offline' }).waitFor();
    await screenshot(page, 'offline-scan');
    await startServer({ restart: server });
    await page.getByTestId('scan-retry').click();
    await page.locator('[data-testid="scan-result"][data-outcome="ok"]').waitFor();
    await page.getByTestId('online-badge').filter({ hasText: 'Online' }).waitFor();
    const after = await api(server, 'GET', `/api/v2/events/1/attendees/${person.id}`);
    assert.equal(after.item.checkin_status, 'checked_in');
  });

  it('a walk-in save fails without losing what was typed, then Try again saves it', async () => {
    await page.getByTestId('nav-walk-in').click();
    await page.getByTestId('walkin-form').waitFor();
    await page.getByTestId('input-first_name').fill('Katherine');
    await page.getByTestId('input-last_name').fill('Johnson');
    await page.getByTestId('input-t_shirt_size').selectOption('S');
    await server.halt();
    await page.getByTestId('walkin-save').click();
    const panel = page.getByTestId('form-error').getByTestId('error-panel');
    await panel.waitFor({ timeout: 20000 });
    assert.match(await panel.innerText(), /your entries are kept/i);
    assert.match(await panel.innerText(), /Cannot reach the kiosk server/);
    assert.equal(await page.getByTestId('input-first_name').inputValue(), 'Katherine');
    assert.equal(await page.getByTestId('input-t_shirt_size').inputValue(), 'S');
    await screenshot(page, 'offline-walkin');
    await startServer({ restart: server });
    await panel.getByTestId('retry').click();
    await page.getByTestId('walkin-done').waitFor();
    const res = await api(server, 'GET', '/api/v2/events/1/attendees?q=katherine');
    assert.equal(res.items.length, 1, 'registered once');
  });

  it('raised no page errors or CSP violations', () => {
    assert.deepEqual(page.problems, []);
  });
});
