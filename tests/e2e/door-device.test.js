// Door-device mode (issue 16): an organiser hands the kiosk to the door in one step; the
// kiosk then runs with door rights only (its own client credentials, `read check_in`)
// with nobody typing a passphrase: scans by scanner keys work, a reload and a restart
// keep door mode, the organiser screens refuse, API writes with its token are refused.
// A door person signing in does not leave door mode; an organiser's sign-in does, and
// revokes the device's credentials. A device revoked elsewhere shows the sign-in and why.

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launch, newPage, signIn, screenshot, api, confirmedAttendees,
  scannerScan,
} from './helpers.js';

const DEVICE_KEY = 'entrada.door_device';

describe('door device', () => {
  let server;
  let browser;
  let page;
  let device;
  let people;
  const pages = [];

  before(async () => {
    server = await startServer();
    browser = await launch();
    page = await newPage(browser, { server, width: 1024, height: 600 });
    pages.push(page);
    people = await confirmedAttendees(server, 4);
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A token for the device's credentials: the answer's status and body. */
  async function deviceToken(creds, scope = 'read check_in') {
    const res = await fetch(`${server.base}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials', client_id: creds.client_id, client_secret: creds.client_secret, scope,
      }),
    });
    return { status: res.status, body: await res.json().catch(() => null) };
  }

  async function expectDoorDevice(p) {
    await p.getByTestId('door-screen').waitFor();
    await p.locator('[data-testid="user-menu"][aria-label*="Door device"]').waitFor();
    assert.equal(await p.getByTestId('nav-door').count(), 1);
    for (const hidden of ['walk-in', 'form', 'sync', 'data', 'staff']) {
      assert.equal(await p.getByTestId(`nav-${hidden}`).count(), 0, `no ${hidden} in the nav of a door device`);
    }
  }

  it('an organiser hands the kiosk to the door in one step', async () => {
    await signIn(page, server, 'organiser');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-hand-to-door').click();
    const dialog = page.getByTestId('door-device-dialog');
    await dialog.waitFor();
    await screenshot(page, 'door-device-confirm');
    await dialog.getByTestId('confirm-ok').click();
    await expectDoorDevice(page);
    device = await page.evaluate((key) => JSON.parse(localStorage.getItem(key)), DEVICE_KEY);
    assert.ok(device && device.client_id && device.client_secret, 'the device keeps its credentials');
    assert.match(device.name, /^Door device: /);
    // The organiser's own sign-in is gone from this kiosk.
    assert.equal(await page.evaluate(() => sessionStorage.getItem('entrada.refresh_token')), null);
    // The device's credentials give read and check_in, never write.
    const t = await deviceToken(device);
    assert.equal(t.status, 200, JSON.stringify(t.body));
    assert.equal(await deviceToken(device, 'read write').then((r) => r.status === 200), false, 'no write scope');
    // The Staff screen's list would show it.
    const clients = await api(server, 'GET', '/api/v2/kiosk/clients', undefined, { as: 'organiser' });
    assert.ok(clients.some((c) => c.client_id === device.client_id && c.name === device.name));
    await page.getByTestId('user-menu').click();
    assert.equal(await page.getByTestId('sign-out').count(), 0, 'no plain sign-out in door mode');
    await page.getByTestId('menu-leave-door').waitFor();
    await screenshot(page, 'door-device-menu');
    await page.keyboard.press('Escape');
  });

  it('checks a ticket in by scanner keys', async () => {
    const a = people[0];
    const t = await scannerScan(page, a.qr_code);
    assert.equal(t.outcome, 'ok');
    await page.locator('[data-testid="scan-result"][data-outcome="ok"]').waitFor();
    assert.equal(await page.getByTestId('result-title').innerText(), `${a.first_name} ${a.last_name}`);
    await screenshot(page, 'door-device-scan');
    const after = await api(server, 'GET', `/api/v2/events/1/attendees/${a.id}`);
    assert.equal(after.item.checkin_status, 'checked_in');
  });

  it('stays a door device after a reload and after a restart', async () => {
    await page.reload();
    await expectDoorDevice(page);
    // A restart: a new browser session with this device's storage (no sessionStorage).
    const state = await page.context().storageState();
    const context = await browser.newContext({ viewport: { width: 1024, height: 600 }, storageState: state });
    const again = await context.newPage();
    again.problems = [];
    again.on('pageerror', (e) => again.problems.push(`pageerror: ${e.message}`));
    await again.goto(`${server.base}/`);
    await expectDoorDevice(again);
    assert.match(await again.getByTestId('event-name').innerText(), /Northern Lights/, 'the chosen event stays');
    const t = await scannerScan(again, people[1].qr_code);
    assert.equal(t.outcome, 'ok');
    assert.deepEqual(again.problems, []);
    await context.close();
  });

  it('refuses the organiser screens', async () => {
    for (const route of ['form', 'staff', 'data', 'walk-in', 'sync']) {
      await page.goto(`${server.base}/#/${route}`);
      await page.getByTestId('refusal').waitFor();
      const words = await page.getByTestId('refusal').innerText();
      assert.match(words, /organisers/i);
      assert.match(words, /door device/i);
    }
    await screenshot(page, 'door-device-refused');
  });

  it('cannot write with its token', async () => {
    const { body } = await deviceToken(device);
    const res = await fetch(`${server.base}/api/v2/events/1/attendees`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${body.access_token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ item: { first_name: 'Mallory' } }),
    });
    assert.equal(res.status, 403);
    // The same from the page, with the token the UI holds.
    await page.goto(`${server.base}/#/door`);
    await page.getByTestId('door-screen').waitFor();
    const statuses = await page.evaluate(async () => {
      const apiModule = await import('/js/api.js');
      const out = {};
      for (const [name, call] of [
        ['create attendee', () => apiModule.post('/api/v2/events/1/attendees', { item: { first_name: 'Mallory' } })],
        ['create event', () => apiModule.post('/api/v2/events', { item: { name: 'Nope' } })],
        ['staff', () => apiModule.get('/api/v2/kiosk/staff')],
      ]) {
        try {
          await call();
          out[name] = 200;
        } catch (e) {
          out[name] = e.status;
        }
      }
      return out;
    });
    assert.deepEqual(statuses, { 'create attendee': 403, 'create event': 403, staff: 403 });
  });

  it('a door person signing in does not leave door mode', async () => {
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-leave-door').click();
    await page.getByTestId('leave-door').waitFor();
    await screenshot(page, 'door-device-leave');
    await page.getByTestId('leave-door-sign-in').click();
    await page.waitForURL(/\/oauth\/authorize/);
    await page.locator('#email').fill(server.people.door.email);
    await page.locator('#password').fill(server.people.door.password);
    await page.locator('button[type="submit"]').click();
    await page.getByTestId('leave-door-refused').waitFor();
    assert.match(await page.getByTestId('leave-door-refused-words').innerText(), /stays a door device/);
    const still = await page.evaluate((key) => JSON.parse(localStorage.getItem(key)), DEVICE_KEY);
    assert.equal(still.client_id, device.client_id);
    assert.equal((await deviceToken(device)).status, 200, 'the device still works');
    await page.getByTestId('leave-door-back').click();
    await expectDoorDevice(page);
  });

  it('an organiser signing in leaves door mode and revokes the device', async () => {
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-leave-door').click();
    await page.getByTestId('leave-door-sign-in').click();
    await page.waitForURL(/\/oauth\/authorize/);
    await page.locator('#email').fill(server.people.organiser.email);
    await page.locator('#password').fill(server.people.organiser.password);
    await page.locator('button[type="submit"]').click();
    await page.getByTestId('door-screen').waitFor();
    await page.getByTestId('nav-staff').waitFor();
    assert.equal(await page.evaluate((key) => localStorage.getItem(key), DEVICE_KEY), null);
    const t = await deviceToken(device);
    assert.equal(t.status, 401, `the revoked device gets no token: ${JSON.stringify(t.body)}`);
    const clients = await api(server, 'GET', '/api/v2/kiosk/clients', undefined, { as: 'organiser' });
    assert.ok(!clients.some((c) => c.client_id === device.client_id), 'gone from the list');
    // A reload stays the organiser's (no door mode coming back).
    await page.reload();
    await page.getByTestId('nav-staff').waitFor();
  });

  it('a door device revoked elsewhere shows the sign-in and says why', async () => {
    // This kiosk becomes a door device again, this time from the Staff screen.
    await page.goto(`${server.base}/#/staff`);
    await page.getByTestId('staff-screen').waitFor();
    await page.getByTestId('hand-to-door').click();
    await page.getByTestId('door-device-dialog').getByTestId('confirm-ok').click();
    await expectDoorDevice(page);
    const second = await page.evaluate((key) => JSON.parse(localStorage.getItem(key)), DEVICE_KEY);
    // An organiser elsewhere revokes it (here the API, as the Staff screen's Revoke does).
    const other = await newPage(browser, { server, width: 1024, height: 600 });
    pages.push(other);
    await signIn(other, server, 'organiser');
    await other.goto(`${server.base}/#/staff`);
    const row = other.locator(`[data-testid="door-device-row"][data-client-id="${second.client_id}"]`);
    await row.waitFor();
    await row.getByTestId('door-device-revoke').click();
    await other.getByTestId('revoke-device-dialog').getByTestId('confirm-ok').click();
    await row.waitFor({ state: 'detached' });
    // The door device finds out on its next request (the counters poll every few seconds).
    await page.getByTestId('signin-screen').waitFor({ timeout: 15000 });
    assert.match(await page.getByTestId('signin-note').innerText(), /revoked/i);
    await screenshot(page, 'door-device-revoked');
    assert.equal(await page.evaluate((key) => localStorage.getItem(key), DEVICE_KEY), null);
    // After a restart it is a plain kiosk waiting for a sign-in.
    await page.reload();
    await page.getByTestId('signin-screen').waitFor();
  });

  it('raised no page errors or CSP violations', () => {
    for (const p of pages) assert.deepEqual(p.problems, []);
  });
});
