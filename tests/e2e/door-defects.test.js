// Regression tests of the four door defects of issue 17, each at the kiosk's 1024x600:
// 1. a hardware scan while the door's place drop-down has focus is posted (not eaten by the
//    select's type-ahead), at the session picked, and the place stays that session;
// 2. an ended sign-in (the person disabled with the CLI) leads to the sign-in screen with a
//    working way to sign in again, not to a dead door with an "Online" badge;
// 3. after a refused walk-in save the focused invalid input is not under the sticky top bar
//    (WCAG 2.2, 2.4.11 focus not obscured);
// 4. the account button's accessible name contains the initials it shows (WCAG 2.5.3).

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import {
  startServer, launch, newPage, signIn, screenshot, api, createUser, confirmedAttendees, repoRoot,
} from './helpers.js';

const VIEWPORT = { width: 1024, height: 600 };

/** The binary under test, as helpers.js finds it. */
function entradaBin() {
  const b = process.env.ENTRADA_BIN || 'target/debug/entrada';
  return path.isAbsolute(b) ? b : path.join(repoRoot, b);
}

describe('door defects (issue 17)', () => {
  let server;
  let browser;

  before(async () => {
    server = await startServer();
    browser = await launch();
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function kioskPage() {
    return newPage(browser, { server, ...VIEWPORT });
  }

  /**
   * Types a code the way a hardware scanner does (fast keys, then Enter) wherever the focus
   * is now. Resolves with the scan's timing record, or null when no scan result was painted
   * within `timeout` ms.
   */
  async function scannerKeys(page, code, { timeout = 5000 } = {}) {
    const count = await page.evaluate(() => window.__entradaTimings.length);
    await page.keyboard.type(code, { delay: 0 });
    await page.keyboard.press('Enter');
    try {
      await page.waitForFunction((n) => window.__entradaTimings.length > n, count, { timeout });
    } catch (e) {
      return null;
    }
    return page.evaluate(() => window.__entradaTimings[window.__entradaTimings.length - 1]);
  }

  /** What the door shows now, for failure messages. */
  async function doorState(page) {
    return page.evaluate(() => {
      const select = document.querySelector('[data-testid="mode-place"]');
      const banner = document.querySelector('[data-testid="scan-result"]');
      const active = document.activeElement;
      return {
        place: select ? select.selectedOptions[0]?.label : null,
        banner: banner ? banner.innerText.replace(/\s+/g, ' ').trim() : null,
        focus: active ? `${active.tagName}${active.dataset.testid ? `#${active.dataset.testid}` : ''}` : null,
      };
    });
  }

  it('1. a scan while the place drop-down has focus is posted at the session picked', async () => {
    const page = await kioskPage();
    // A ticket whose code starts with "D", the first letter of "Door (entrance)". The demo
    // form has a required question: answer it as a demo attendee did.
    const [someone] = (await api(server, 'GET', '/api/v2/events/1/attendees?per_page=1')).items;
    const fields = (someone.fields || []).map((f) => ({ attendee_field_id: f.field.id, value: f.value }));
    const created = await api(server, 'POST', '/api/v2/events/1/attendees', {
      item: {
        first_name: 'Delia', last_name: 'Dropdown', qr_code: 'DK7Q-2MXW-9PD3-AH8R', rsvp_status: 'confirmed', fields,
      },
    });
    const guest = created.item;
    assert.ok(guest.qr_code.startsWith('D'), `the code starts with D: ${guest.qr_code}`);
    const sessions = (await api(server, 'GET', '/api/v2/events/1/sessions')).items;
    const keynote = sessions.find((s) => s.name === 'Opening keynote');
    assert.ok(keynote, 'the demo event has the Opening keynote session');

    await signIn(page, server, 'door');
    // Someone picks the session in the drop-down: the focus stays on it.
    const place = page.getByTestId('mode-place');
    await place.selectOption({ label: 'Session: Opening keynote' });
    await place.focus();
    assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), 'mode-place', 'the place drop-down has focus');
    assert.equal(await place.inputValue(), String(keynote.id));

    const t = await scannerKeys(page, guest.qr_code);
    const state = await doorState(page);
    await screenshot(page, 'door-defect-1-select-focus-scan');
    assert.ok(t, `the scan was posted and its result shown (door now: ${JSON.stringify(state)})`);
    assert.equal(t.outcome, 'ok', JSON.stringify(t));
    assert.equal(t.code, guest.qr_code);
    await page.locator('[data-testid="scan-result"][data-outcome="ok"]').waitFor();
    assert.equal(await page.getByTestId('result-title').innerText(), 'Delia Dropdown');
    assert.match(await page.getByTestId('result-sub').innerText(), /Checked in · Opening keynote/);
    // The place is still the session: the "D" did not switch it to the door.
    assert.equal(await place.inputValue(), String(keynote.id), `the place stays the session (door now: ${JSON.stringify(state)})`);
    assert.equal(state.place, 'Session: Opening keynote');
    // Recorded at the session, as the server sees it.
    const history = (await api(server, 'GET', `/api/v2/events/1/attendees/${guest.id}/check_ins`)).items;
    const atSession = history.filter((r) => r.session_id === keynote.id && r.action === 'check_in' && r.outcome === 'ok');
    assert.equal(atSession.length, 1, `one check-in at the keynote: ${JSON.stringify(history)}`);
    assert.equal(atSession[0].code, guest.qr_code);

    // The next scan (the focus left the drop-down with the first) lands at the session too.
    const [next] = await confirmedAttendees(server, 1);
    const t2 = await scannerKeys(page, next.qr_code);
    assert.ok(t2, `the second scan was posted (door now: ${JSON.stringify(await doorState(page))})`);
    assert.equal(t2.outcome, 'ok');
    assert.match(await page.getByTestId('result-sub').innerText(), /Checked in · Opening keynote/);
    const nextHistory = (await api(server, 'GET', `/api/v2/events/1/attendees/${next.id}/check_ins`)).items;
    assert.ok(nextHistory.some((r) => r.session_id === keynote.id && r.outcome === 'ok'), JSON.stringify(nextHistory));
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });

  /** Signs `who` in as door staff and waits for the door, online. */
  async function doorStaffSignedIn(page, who) {
    createUser(server, { ...who, role: 'door' });
    await signIn(page, server, who);
    await page.locator(`[data-testid="user-menu"][aria-label*="${who.name}"]`).waitFor();
    await page.getByTestId('online-badge').filter({ hasText: /online/i }).waitFor();
  }

  /** The person is disabled elsewhere: every token they hold is revoked. */
  function disable(who) {
    execFileSync(entradaBin(), ['users', 'disable', who.email, '--db', server.db], { stdio: ['ignore', 'pipe', 'pipe'] });
  }

  /** Waits for the sign-in screen; on a timeout, fails saying what the tab shows instead. */
  async function expectSignInScreen(page, shot) {
    try {
      await page.getByTestId('signin-screen').waitFor({ timeout: 8000 });
    } catch (e) {
      const state = await doorState(page);
      const badge = await page.getByTestId('online-badge').innerText({ timeout: 1000 }).catch(() => null);
      await screenshot(page, shot);
      assert.fail(`no sign-in screen after the sign-in ended: the tab (${page.url()}) shows ${JSON.stringify(state)}, `
        + `badge ${JSON.stringify(badge)}, sign-in buttons: ${await page.getByTestId('sign-in').count()}`);
    }
    await screenshot(page, shot);
    // Nothing still claims someone is signed in and online.
    const badge = page.getByTestId('online-badge');
    if (await badge.isVisible()) assert.doesNotMatch(await badge.innerText(), /online/i, 'the badge does not say Online');
    assert.equal(await page.getByTestId('user-menu').isVisible(), false, 'no account button of the ended sign-in');
    assert.equal(await page.getByTestId('door-screen').count(), 0, 'the door screen is gone');
    assert.equal(await page.getByTestId('sign-in').isVisible(), true, 'a visible Sign in button');
  }

  it('2. an ended sign-in: the next scan leads to a working sign-in', async () => {
    const page = await kioskPage();
    // Frames on their way to the server to be decoded (POST /kiosk/decode).
    const decoding = new Set();
    page.on('request', (r) => { if (r.url().includes('/kiosk/decode')) decoding.add(r); });
    page.on('requestfinished', (r) => decoding.delete(r));
    page.on('requestfailed', (r) => decoding.delete(r));
    const gone = { email: 'gus.gone@demo.example', name: 'Gus Gone', password: 'leaving-soon-42' };
    await doorStaffSignedIn(page, gone);
    // A door working with the hardware scanner only: the camera's frames (sent to the server
    // to be decoded) would otherwise be the first to find out (test 2b).
    await page.getByTestId('camera-toggle').click();
    await page.locator('[data-testid="camera"][data-state="paused"]').waitFor();
    // A frame already on its way: until its answer is in.
    for (let i = 0; decoding.size > 0; i += 1) {
      assert.ok(i < 500, 'a frame sent to be decoded got no answer in 10 s');
      await new Promise((r) => setTimeout(r, 20));
    }
    disable(gone);

    // The next scan finds out. (The counters' poll every 5 s could find out first: then the
    // sign-in screen is there already, and an Enter would press its button.)
    const [a] = await confirmedAttendees(server, 1);
    await page.keyboard.type(a.qr_code, { delay: 0 });
    if (await page.getByTestId('door-screen').isVisible()) await page.keyboard.press('Enter');
    await expectSignInScreen(page, 'door-defect-2-ended-sign-in');
    // Nothing was checked in by the refused scan.
    assert.equal((await api(server, 'GET', `/api/v2/events/1/attendees/${a.id}`)).item.checkin_status, 'not_checked_in');

    // The way back works: sign in (someone whose sign-in is valid) and scan.
    await page.getByTestId('sign-in').click();
    await page.waitForURL(/\/oauth\/authorize/);
    await page.locator('#email').fill(server.people.door.email);
    await page.locator('#password').fill(server.people.door.password);
    await page.locator('button[type="submit"]').click();
    await page.locator('[data-testid="door-screen"], [data-testid="events-screen"]').first().waitFor();
    if (await page.getByTestId('events-screen').count()) {
      await page.getByTestId('event-option').first().click();
      await page.getByTestId('door-screen').waitFor();
    }
    await page.locator('[data-testid="user-menu"][aria-label*="Dan Door"]').waitFor();
    await page.evaluate(() => { if (document.activeElement && document.activeElement !== document.body) document.activeElement.blur(); });
    const t = await scannerKeys(page, a.qr_code);
    assert.ok(t, `a scan works after signing in again (door now: ${JSON.stringify(await doorState(page))})`);
    assert.equal(t.outcome, 'ok');
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });

  it('2b. an ended sign-in found out by the camera shows the sign-in at once', async () => {
    const page = await kioskPage();
    const gone = { email: 'gwen.gone@demo.example', name: 'Gwen Gone', password: 'leaving-soon-43' };
    await doorStaffSignedIn(page, gone);
    await page.locator('[data-testid="camera"][data-state="live"]').waitFor();
    disable(gone);
    // Nobody touches the kiosk: its next camera frame finds out.
    await expectSignInScreen(page, 'door-defect-2b-ended-sign-in-camera');
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });

  it('3. after a refused walk-in save the focused input is not under the top bar', async () => {
    const page = await kioskPage();
    await signIn(page, server, 'organiser');
    await page.getByTestId('nav-walk-in').click();
    await page.getByTestId('walkin-form').waitFor();
    // The first name (required) left empty; the person types on in the form and presses
    // Enter to register, with the page scrolled a little: the first name just under the
    // sticky top bar, still inside the window.
    await page.getByTestId('input-last_name').fill('Focus');
    await page.getByTestId('input-t_shirt_size').selectOption('M');
    const jobTitle = page.getByTestId('input-job_title');
    await jobTitle.fill('Engineer');
    const first = page.getByTestId('input-first_name');
    assert.equal(await first.inputValue(), '', 'the first name is empty');
    const topbarBottom = () => page.evaluate(() => document.querySelector('.topbar').getBoundingClientRect().bottom);
    const barBottom = await topbarBottom();
    await page.evaluate((bar) => {
      const r = document.querySelector('[data-testid="input-first_name"]').getBoundingClientRect();
      window.scrollBy(0, r.top - (bar - 16));
    }, barBottom);
    const before = await first.boundingBox();
    assert.ok(before.y >= 0 && before.y < barBottom && before.y + before.height <= VIEWPORT.height,
      `precondition: the first name starts under the top bar, inside the window (top ${before.y}, bar bottom ${barBottom})`);
    assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), 'input-job_title');
    const jobBox = await jobTitle.boundingBox();
    assert.ok(jobBox.y >= barBottom && jobBox.y + jobBox.height <= VIEWPORT.height, 'precondition: the field typed in is in view');
    await page.keyboard.press('Enter'); // submits the form
    await page.getByTestId('error-first_name').filter({ hasText: /required/i }).waitFor();
    assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), 'input-first_name', 'the focus is on the entry to fix');
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await screenshot(page, 'door-defect-3-walkin-focus');
    const box = await page.evaluate(() => {
      const r = document.activeElement.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    });
    const bar = await topbarBottom();
    assert.ok(box.top >= bar, `the focused input (top ${box.top}) is below the top bar (bottom ${bar})`);
    assert.ok(box.bottom <= VIEWPORT.height && box.left >= 0 && box.right <= VIEWPORT.width,
      `the focused input is inside the window: ${JSON.stringify(box)}`);
    // The element at its centre is the input itself, nothing drawn over it.
    const onTop = await page.evaluate(({ x, y }) => {
      const el = document.elementFromPoint(x, y);
      return el && (el.dataset.testid || el.tagName);
    }, { x: (box.left + box.right) / 2, y: (box.top + box.bottom) / 2 });
    assert.equal(onTop, 'input-first_name', 'nothing is drawn over the focused input');
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });

  it('4. the account button\'s accessible name contains the initials it shows', async () => {
    for (const role of ['organiser', 'door']) {
      const page = await kioskPage();
      await signIn(page, server, role);
      const menu = page.getByTestId('user-menu');
      await page.waitForFunction(() => document.querySelector('[data-testid="user-menu"]').textContent.trim() !== '');
      const screens = role === 'organiser' ? ['door', 'attendees', 'walk-in'] : ['door', 'attendees'];
      for (const screen of screens) {
        await page.getByTestId(`nav-${screen}`).click();
        await page.locator(`[data-testid="nav-${screen}"][aria-current="page"]`).waitFor();
        const shown = (await menu.textContent()).trim();
        const label = await menu.getAttribute('aria-label');
        assert.match(shown, /^[A-Z]{1,2}$/, `${role}: the button shows initials`);
        assert.ok(label && label.includes(shown), `${role} on ${screen}: the name "${label}" contains what the button shows, "${shown}"`);
        assert.ok(label.startsWith(shown), `${role} on ${screen}: the name "${label}" starts with "${shown}"`);
        // The name as assistive technology computes it (aria-label wins over the text).
        const snapshot = await menu.ariaSnapshot();
        assert.ok(snapshot.includes(`"${label}"`) || snapshot.includes(label), `${role}: computed name in ${snapshot}`);
        assert.equal(await page.getByRole('button', { name: shown }).and(menu).count(), 1, `${role}: found by speaking "${shown}"`);
      }
      await screenshot(page, `door-defect-4-user-menu-${role}`);
      assert.deepEqual(page.problems, []);
      await page.context().close();
    }
  });
});
