// The desktop app's side of the UI, in a plain Chromium: the desktop flags (`?desktop=1
// &kiosk=1&idle=N`) surviving the sign-in round trip, the settings (the local API address,
// client credentials for local integrations: created, used from outside, revoked), kiosk
// mode (back to a fresh door screen when idle, leaving through /desktop/exit, which the
// shell intercepts and the test catches with page.route) and a door without a camera.

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launch, newPage, signIn, screenshot, api, confirmedAttendees, smallTargets, painted,
} from './helpers.js';

const KIOSK_FAST = '/?desktop=1&kiosk=1&idle=0.05'; // 3 seconds
const KIOSK_SLOW = '/?desktop=1&kiosk=1&idle=5';

describe('desktop app', () => {
  let server;
  let browser;
  const pages = [];

  before(async () => {
    server = await startServer();
    browser = await launch();
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function freshPage(opts = {}) {
    const page = await newPage(browser, { server, ...opts });
    pages.push(page);
    return page;
  }

  async function openMenuItem(page, testid) {
    await page.getByTestId('user-menu').click();
    await page.getByTestId(testid).click();
  }

  async function tokenFor(id, secret, scope = 'read check_in') {
    return fetch(`${server.base}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: id, client_secret: secret, scope }),
    });
  }

  const events = (token) => fetch(`${server.base}/api/v2/events`, { headers: { Authorization: `Bearer ${token}` } });

  describe('settings', () => {
    let page;
    let created;

    it('shows the local API address and creates integration credentials, the secret once', async () => {
      page = await freshPage();
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.base });
      await signIn(page, server, 'organiser', { path: '/?desktop=1' });
      await openMenuItem(page, 'menu-settings');
      await page.getByTestId('settings-screen').waitFor();
      assert.equal(await page.getByTestId('menu-leave-kiosk').count(), 0, 'no "Leave kiosk mode" outside kiosk mode');
      assert.equal(await page.getByTestId('api-address').inputValue(), server.base);
      assert.equal(await page.getByTestId('api-address-words').innerText(), `Local API for other programs on this computer: ${server.base}`);
      await page.getByTestId('api-address-copy').click();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), server.base);
      // Defaults: read + check_in.
      assert.equal(await page.getByTestId('scope-read').isChecked(), true);
      assert.equal(await page.getByTestId('scope-check_in').isChecked(), true);
      assert.equal(await page.getByTestId('scope-write').isChecked(), false);

      // Checked before sending: a name, and at least one scope.
      await page.getByTestId('scope-read').uncheck();
      await page.getByTestId('scope-check_in').uncheck();
      await page.getByTestId('integration-create').click();
      assert.match(await page.getByTestId('integration-name-error').innerText(), /name/i);
      assert.match(await page.getByTestId('integration-scopes-error').innerText(), /at least one/i);
      await page.getByTestId('scope-read').check();
      await page.getByTestId('scope-check_in').check();

      await page.getByTestId('integration-name').fill('Badge printer at door 2');
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/v2/kiosk/clients') && r.request().method() === 'POST');
      await page.getByTestId('integration-create').click();
      assert.equal((await answer).status(), 201);
      await page.getByTestId('new-credentials').waitFor();
      assert.match(await page.getByTestId('secret-warning').innerText(), /will not be shown again/);
      created = {
        id: await page.getByTestId('new-client-id').inputValue(),
        secret: await page.getByTestId('new-client-secret').inputValue(),
      };
      assert.match(created.id, /^ent_ci_/);
      assert.match(created.secret, /^ent_cs_/);
      assert.equal(await page.getByTestId('new-client-scopes').innerText(), 'read, check in');
      const curl = await page.getByTestId('new-client-curl').inputValue();
      assert.ok(curl.includes(`-u "${created.id}:${created.secret}"`), curl);
      assert.ok(curl.includes(`${server.base}/oauth/token`), curl);
      assert.ok(curl.includes('"scope=read check_in"'), curl);
      await page.getByTestId('new-client-secret-copy').click();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), created.secret);
      await page.locator(`[data-testid="integration-row"][data-client-id="${created.id}"]`).waitFor();
      await screenshot(page, 'settings');
      assert.deepEqual(await smallTargets(page), [], 'touch targets of at least 44 px');

      // Once: gone after "Done", and never in the list.
      await page.getByTestId('new-credentials-done').click();
      assert.equal(await page.getByTestId('new-credentials').count(), 0);
      await page.reload();
      await page.getByTestId('settings-screen').waitFor();
      await page.locator(`[data-testid="integration-row"][data-client-id="${created.id}"]`).waitFor();
      assert.ok(!(await page.content()).includes(created.secret), 'the secret is not shown again');
    });

    it('the credentials get a token that reads the API', async () => {
      const res = await tokenFor(created.id, created.secret);
      assert.equal(res.status, 200);
      const body = await res.json();
      assert.equal(body.scope, 'read check_in');
      created.token = body.access_token;
      const list = await events(created.token);
      assert.equal(list.status, 200);
      assert.ok((await list.json()).items.length >= 1);
      // Only what was granted: no write.
      assert.equal((await tokenFor(created.id, created.secret, 'write')).status, 400);
    });

    it('revoking them (after a confirmation) makes the token fail', async () => {
      const row = page.locator(`[data-testid="integration-row"][data-client-id="${created.id}"]`);
      await row.getByTestId('integration-revoke').click();
      await page.getByTestId('revoke-dialog').waitFor();
      await page.getByTestId('confirm-cancel').click();
      assert.equal((await events(created.token)).status, 200, 'Cancel keeps them');
      await row.getByTestId('integration-revoke').click();
      await page.getByTestId('revoke-dialog').getByTestId('confirm-ok').click();
      await row.waitFor({ state: 'detached' });
      assert.equal((await events(created.token)).status, 401);
      assert.notEqual((await tokenFor(created.id, created.secret)).status, 200);
    });

    it('door staff see the address but not the form', async () => {
      const door = await freshPage();
      await signIn(door, server, 'door', { path: '/?desktop=1' });
      await openMenuItem(door, 'menu-settings');
      await door.getByTestId('settings-screen').waitFor();
      assert.equal(await door.getByTestId('api-address').inputValue(), server.base);
      await door.getByTestId('settings-organisers-only').waitFor();
      assert.equal(await door.getByTestId('integration-form').count(), 0);
      assert.equal(await door.getByTestId('integration-list').count(), 0);
      await screenshot(door, 'settings-door');
    });
  });

  describe('kiosk mode', () => {
    it('keeps the flags through the sign-in and goes back to a fresh door screen when idle', async () => {
      const page = await freshPage();
      await page.context().grantPermissions(['screen-wake-lock'], { origin: server.base });
      // Keep the wake locks the page takes, to release one as the browser would.
      await page.addInitScript(() => {
        window.__wakeLocks = [];
        if (!navigator.wakeLock) return;
        const request = navigator.wakeLock.request.bind(navigator.wakeLock);
        navigator.wakeLock.request = async (type) => {
          const sentinel = await request(type);
          window.__wakeLocks.push(sentinel);
          return sentinel;
        };
      });
      await signIn(page, server, 'organiser', { path: KIOSK_FAST });
      // The sign-in went to /oauth/authorize and back without the query: still kiosk mode.
      assert.doesNotMatch(page.url(), /kiosk=1/);
      assert.equal(await page.evaluate(() => document.documentElement.classList.contains('is-kiosk')), true);

      // The screen is kept awake, and the lock taken again when the page is visible again.
      await page.waitForFunction(() => document.documentElement.dataset.wakeLock === 'on');
      await page.evaluate(() => window.__wakeLocks[window.__wakeLocks.length - 1].release());
      await page.waitForFunction(() => document.documentElement.dataset.wakeLock === 'released');
      const taken = await page.evaluate(() => window.__wakeLocks.length);
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await page.waitForFunction((n) => document.documentElement.dataset.wakeLock === 'on' && window.__wakeLocks.length === n + 1, taken);

      // Another screen, then no input: back on the door.
      await page.getByTestId('nav-attendees').click();
      await page.getByTestId('attendees-screen').waitFor();
      // Not before the idle time (3 s; looked at every 500 ms), and not long after.
      const left = Date.now();
      await page.getByTestId('door-screen').waitFor({ timeout: 10000 });
      const after = Date.now() - left;
      assert.ok(after >= 2500 && after < 9000, `back on the door after ${after} ms`);
      assert.match(page.url(), /#\/door$/);

      // An open dialog is cancelled (nothing revoked) and the menu closed.
      await openMenuItem(page, 'menu-settings');
      await page.getByTestId('settings-screen').waitFor();
      const demoRow = page.locator(`[data-testid="integration-row"][data-client-id="${server.clientId}"]`);
      await demoRow.getByTestId('integration-revoke').click();
      await page.getByTestId('revoke-dialog').waitFor();
      await page.getByTestId('door-screen').waitFor({ timeout: 10000 });
      assert.equal(await page.locator('dialog').count(), 0);
      const clients = await api(server, 'GET', '/api/v2/kiosk/clients', undefined, { as: 'organiser' });
      assert.ok(clients.some((c) => c.client_id === server.clientId), 'the demo client was not revoked');

      // The door's own state is reset: no recent scans, nothing to undo.
      const [person] = await confirmedAttendees(server, 1);
      await page.getByTestId('manual-code').fill(person.qr_code);
      await page.getByTestId('manual-submit').click();
      await page.locator('[data-testid="scan-result"][data-outcome="ok"]').waitFor();
      assert.equal(await page.getByTestId('undo').isEnabled(), true);
      await page.getByTestId('user-menu').click();
      await page.getByTestId('user-popover').waitFor();
      await page.locator('[data-testid="scan-result"][data-outcome="idle"]').waitFor({ timeout: 10000 });
      await page.locator('.recent-empty').waitFor();
      assert.equal(await page.getByTestId('undo').isEnabled(), false);
      assert.equal(await page.getByTestId('user-popover').isHidden(), true);
    });

    it('waits for a request the person started before it goes back to the door', async () => {
      const page = await freshPage();
      // The page's clock, moved on by the test: the idle time passes without waiting it.
      await page.clock.install();
      await signIn(page, server, 'organiser', { path: KIOSK_FAST });
      // A slow answer: held until the test lets it through.
      let release;
      const held = new Promise((r) => { release = r; });
      await page.route('**/api/v2/events?slow=1', async (route) => {
        await held;
        await route.continue();
      });
      await page.getByTestId('nav-attendees').click();
      await page.getByTestId('attendees-screen').waitFor();
      const requested = page.waitForRequest('**/api/v2/events?slow=1');
      const answered = page.evaluate(async () => {
        const api = await import('/js/api.js');
        await api.get('/api/v2/events', { query: { slow: 1 }, retries: 0 });
      });
      await requested;
      // The idle time (3 s) passes twice over while the request runs: the screen stays.
      await page.clock.fastForward(3500);
      await page.clock.fastForward(3500);
      await painted(page);
      assert.equal(await page.getByTestId('attendees-screen').count(), 1, 'still there while the request runs');
      release();
      await answered;
      // Asked again a few seconds later (5 s), with the request done: back on the door.
      await page.clock.fastForward(6000);
      await page.getByTestId('door-screen').waitFor({ timeout: 10000 });
    });

    it('lets an organiser leave: the page asks the shell to quit with the token', async () => {
      const page = await freshPage();
      let exitUrl = null;
      await page.route('**/desktop/exit**', (route) => {
        exitUrl = route.request().url();
        return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Closed</title><p>Closed</p>' });
      });
      await signIn(page, server, 'organiser', { path: KIOSK_SLOW });
      await page.getByTestId('user-menu').click();
      await page.getByTestId('menu-leave-kiosk').waitFor();
      await page.keyboard.press('Escape');
      // What the shell does when someone closes the window.
      await page.evaluate(() => { location.hash = '#/leave-kiosk'; });
      await page.getByTestId('leave-kiosk').waitFor();
      assert.match(await page.getByTestId('leave-kiosk').innerText(), /Leave kiosk mode\?/);
      await screenshot(page, 'leave-kiosk');
      assert.deepEqual(await smallTargets(page), [], 'touch targets of at least 44 px');
      // Cancel goes back to the door.
      await page.getByTestId('leave-kiosk-cancel').click();
      await page.getByTestId('door-screen').waitFor();
      await openMenuItem(page, 'menu-leave-kiosk');
      await page.getByTestId('leave-kiosk-confirm').click();
      await page.waitForURL(/\/desktop\/exit/);
      assert.ok(exitUrl, 'the page navigated to /desktop/exit');
      const url = new URL(exitUrl);
      assert.equal(url.pathname, '/desktop/exit');
      const token = url.searchParams.get('token');
      assert.ok(token, 'with token=');
      // What the shell checks: an organiser's token.
      const me = await fetch(`${server.base}/api/v2/me`, { headers: { Authorization: `Bearer ${token}` } });
      assert.equal(me.status, 200);
      assert.ok((await me.json()).item.accounts.some((a) => a.role === 'organiser'));
    });

    it('tells door staff that an organiser must sign in, and hands over', async () => {
      const page = await freshPage();
      let exits = 0;
      await page.route('**/desktop/exit**', (route) => {
        exits += 1;
        return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Closed</title>' });
      });
      await signIn(page, server, 'door', { path: KIOSK_SLOW });
      await page.getByTestId('user-menu').click();
      await page.getByTestId('sign-out').waitFor();
      assert.equal(await page.getByTestId('menu-leave-kiosk').count(), 0, 'no "Leave kiosk mode" for door staff');
      await page.keyboard.press('Escape');
      await page.evaluate(() => { location.hash = '#/leave-kiosk'; });
      await page.getByTestId('leave-kiosk-door').waitFor();
      assert.match(await page.getByTestId('leave-kiosk-door').innerText(), /organiser must sign in/i);
      assert.equal(await page.getByTestId('leave-kiosk-confirm').count(), 0);
      await screenshot(page, 'leave-kiosk-door');
      // Hand over: signed out, the organiser signs in and comes back here.
      await page.getByTestId('leave-kiosk-switch').click();
      await page.waitForURL(/\/oauth\/authorize/);
      await page.locator('#email').fill(server.people.organiser.email);
      await page.locator('#password').fill(server.people.organiser.password);
      await page.locator('button[type="submit"]').click();
      await page.getByTestId('leave-kiosk-confirm').waitFor();
      assert.match(page.url(), /#\/leave-kiosk$/);
      assert.equal(exits, 0);
      // Signing out in kiosk mode goes straight to the sign-in page.
      await page.getByTestId('leave-kiosk-cancel').click();
      await page.getByTestId('door-screen').waitFor();
      await openMenuItem(page, 'sign-out');
      await page.waitForURL(/\/oauth\/authorize/);
      await page.locator('#email').waitFor();
    });

    it('an organiser turns kiosk mode on in the settings and off on the leave screen', async () => {
      const page = await freshPage();
      const asked = [];
      await page.route('**/desktop/kiosk**', (route) => {
        asked.push(new URL(route.request().url()));
        return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Switched</title>' });
      });
      await signIn(page, server, 'organiser', { path: '/?desktop=1' });
      await openMenuItem(page, 'menu-settings');
      await page.getByTestId('settings-kiosk-on').click();
      await page.waitForURL(/\/desktop\/kiosk/);
      assert.equal(asked.length, 1);
      assert.equal(asked[0].searchParams.get('on'), '1');
      const token = asked[0].searchParams.get('token');
      const me = await fetch(`${server.base}/api/v2/me`, { headers: { Authorization: `Bearer ${token}` } });
      assert.equal(me.status, 200, 'the token the shell checks is a live one');
      // What the shell opens then: the kiosk page; its leave screen offers a normal window.
      await page.goto(`${server.base}${KIOSK_SLOW}#/leave-kiosk`);
      await page.getByTestId('leave-kiosk-window').click();
      await page.waitForURL(/\/desktop\/kiosk/);
      assert.equal(asked.length, 2);
      assert.equal(asked[1].searchParams.get('on'), '0');
      assert.ok(asked[1].searchParams.get('token'));
    });

    it('door staff get no kiosk switch in the settings', async () => {
      const page = await freshPage();
      await signIn(page, server, 'door', { path: '/?desktop=1' });
      await openMenuItem(page, 'menu-settings');
      await page.getByTestId('settings-desktop').waitFor();
      assert.equal(await page.getByTestId('settings-kiosk-on').count(), 0);
    });

    it('outside kiosk mode there is no #/leave-kiosk', async () => {
      const page = pages[0]; // the settings page: desktop=1, no kiosk
      await page.goto(`${server.base}/#/leave-kiosk`);
      await page.getByTestId('door-screen').waitFor();
      assert.equal(await page.getByTestId('leave-kiosk').count(), 0);
    });
  });

  describe('no camera', () => {
    /** A page whose getUserMedia fails like `how` (or does not exist). */
    async function pageWithout(how) {
      const page = await freshPage();
      await page.addInitScript((kind) => {
        if (kind === 'no-media-devices') {
          Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
          return;
        }
        navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException(
          kind === 'NotAllowedError' ? 'Permission denied' : 'Requested device not found', kind));
      }, how);
      return page;
    }

    it('falls back calmly to the scanner and the code box', async () => {
      const page = await pageWithout('NotFoundError');
      await signIn(page, server, 'organiser');
      await page.locator('[data-testid="camera"][data-state="none"]').waitFor();
      assert.equal(await page.getByTestId('camera-status').innerText(), 'No camera: use the scanner or type the code.');
      assert.equal(await page.locator('[data-testid="scan-result"]').getAttribute('data-outcome'), 'idle');
      assert.match(await page.getByTestId('result-message').innerText(), /Scan the ticket QR code, or type the code/);
      assert.equal(await page.locator('[role="alert"]:not(:empty), [data-testid="error-panel"]').count(), 0, 'no error banner');
      assert.equal(await page.getByTestId('camera-toggle').innerText(), 'Try the camera again');
      await screenshot(page, 'door-no-camera');

      const [a, b] = await confirmedAttendees(server, 2);
      // A scanner types anywhere and presses Enter.
      await page.evaluate(() => document.activeElement?.blur());
      await page.keyboard.type(a.qr_code);
      await page.keyboard.press('Enter');
      await page.locator('[data-testid="scan-result"][data-outcome="ok"]').waitFor();
      assert.equal(await page.getByTestId('result-title').innerText(), `${a.first_name} ${a.last_name}`.trim());
      // The code box too.
      await page.getByTestId('manual-code').fill(b.qr_code);
      await page.getByTestId('manual-submit').click();
      await page.getByTestId('result-title').getByText(`${b.first_name} ${b.last_name}`.trim()).waitFor();
      const after = await api(server, 'GET', `/api/v2/events/1/attendees/${a.id}`);
      assert.equal(after.item.checkin_status, 'checked_in');
      // Trying again stays calm.
      await page.getByTestId('camera-toggle').click();
      await page.locator('[data-testid="camera"][data-state="none"]').waitFor();
    });

    it('says the same when the camera is blocked or the browser has none', async () => {
      for (const how of ['NotAllowedError', 'no-media-devices']) {
        const page = await pageWithout(how);
        await signIn(page, server, 'door');
        await page.locator('[data-testid="camera"][data-state="none"]').waitFor();
        assert.equal(await page.getByTestId('camera-status').innerText(), 'No camera: use the scanner or type the code.', how);
        assert.equal(await page.getByTestId('camera-detail').isVisible(), how === 'NotAllowedError', how);
        assert.equal(await page.locator('[data-testid="error-panel"]').count(), 0);
      }
    });
  });

  it('raised no page errors or CSP violations', () => {
    assert.deepEqual(pages.flatMap((p) => p.problems), []);
  });
});
