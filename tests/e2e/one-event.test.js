// After sign-in (issue 17): a person who can reach one event only goes straight to the
// door, with no event picker on the way (organisers still reach the event list from the
// top bar); with two events the picker shows. The sign-in screen itself: nothing but its
// heading has the focus, so a hardware scanner's Enter does not press "Sign in" (the scan
// is answered with a line instead); and after a sign-in ended by itself (the person was
// disabled) it says why. All at the kiosk's 1024x600.

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import {
  startServer, launch, newPage, screenshot, api, createUser, confirmedAttendees, repoRoot, painted,
} from './helpers.js';

const VIEWPORT = { width: 1024, height: 600 };

function entradaBin() {
  const b = process.env.ENTRADA_BIN || 'target/debug/entrada';
  return path.isAbsolute(b) ? b : path.join(repoRoot, b);
}

/** A page that records every screen (data-testid ending in -screen) it ever showed. */
async function recordingPage(browser, server) {
  const page = await newPage(browser, { server, ...VIEWPORT });
  await page.addInitScript(() => {
    window.__screensSeen = [];
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('#main [data-testid$="-screen"]')) {
        if (!window.__screensSeen.includes(el.dataset.testid)) window.__screensSeen.push(el.dataset.testid);
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return page;
}

/** The sign-in form filled and sent (the kiosk's own sign-in button first). */
async function signInForm(page, server, who) {
  await page.goto(`${server.base}/`);
  await page.getByTestId('sign-in').click();
  await page.waitForURL(/\/oauth\/authorize/);
  await page.locator('#email').fill(who.email);
  await page.locator('#password').fill(who.password);
  await page.locator('button[type="submit"]').click();
}

/**
 * Gives a navigation that a key press started time to show: it begins within the frames
 * after the press, so the frames painted and 200 ms more are enough (a state cannot say
 * that something did not happen).
 */
async function staysOnKiosk(page) {
  await painted(page);
  await page.waitForTimeout(200);
}

describe('sign-in: one event goes straight to the door; the sign-in screen', () => {
  let server;
  let browser;

  before(async () => {
    server = await startServer();
    browser = await launch();
    const events = (await api(server, 'GET', '/api/v2/events')).items;
    assert.equal(events.length, 1, 'precondition: the demo account has one event');
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const role of ['door', 'organiser']) {
    it(`${role}: one event, the sign-in lands on the door without the picker`, async () => {
      const page = await recordingPage(browser, server);
      await signInForm(page, server, server.people[role]);
      await page.getByTestId('door-screen').waitFor();
      await page.getByText('/ 300').waitFor();
      assert.match(await page.getByTestId('event-name').innerText(), /Northern Lights/);
      const seen = await page.evaluate(() => window.__screensSeen);
      assert.ok(!seen.includes('events-screen'), `no event picker on the way: ${seen.join(', ')}`);
      await screenshot(page, `one-event-${role}-door`);
      // The event list is still a tap away (the event name in the top bar; the menu too).
      await page.getByTestId('event-name').click();
      await page.getByTestId('events-screen').waitFor();
      assert.equal(await page.getByTestId('event-option').count(), 1);
      assert.equal(await page.getByTestId('event-new').count(), role === 'organiser' ? 1 : 0);
      await page.getByTestId('event-option').click();
      await page.getByTestId('door-screen').waitFor();
      assert.deepEqual(page.problems, []);
      await page.context().close();
    });
  }

  it('the sign-in screen: a scanner Enter does not press Sign in, and is answered', async () => {
    const page = await newPage(browser, { server, ...VIEWPORT });
    await page.goto(`${server.base}/`);
    await page.getByTestId('signin-screen').waitFor();
    const focus = await page.evaluate(() => ({ tag: document.activeElement.tagName, testid: document.activeElement.dataset.testid || null }));
    assert.notEqual(focus.testid, 'sign-in', 'the Sign in button has no focus of its own');
    assert.equal(focus.tag, 'H1', 'the heading has the focus');
    const [a] = await confirmedAttendees(server, 1);
    await page.keyboard.type(a.qr_code, { delay: 0 });
    await page.keyboard.press('Enter');
    await page.getByTestId('signin-scanned').filter({ hasText: /nobody is signed in/ }).waitFor();
    await staysOnKiosk(page);
    assert.doesNotMatch(page.url(), /\/oauth\/authorize/, 'still on the kiosk, not sent to the sign-in form');
    await screenshot(page, 'signin-scanned');
    // Even with the button focused (a person tabbed to it), a scan does not press it.
    await page.getByTestId('sign-in').focus();
    await page.keyboard.type(a.qr_code, { delay: 0 });
    await page.keyboard.press('Enter');
    await staysOnKiosk(page);
    assert.doesNotMatch(page.url(), /\/oauth\/authorize/, 'a scan with the button focused does not press it');
    // A person's own Enter on the focused button still signs in.
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/oauth\/authorize/);
    assert.equal((await api(server, 'GET', `/api/v2/events/1/attendees/${a.id}`)).item.checkin_status, 'not_checked_in');
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });

  it('a sign-in ended by itself (the person disabled): the sign-in screen says why', async () => {
    const page = await newPage(browser, { server, ...VIEWPORT });
    const who = { email: 'eddie.ended@demo.example', name: 'Eddie Ended', password: 'ended-by-itself-17' };
    createUser(server, { ...who, role: 'door' });
    await signInForm(page, server, who);
    await page.getByTestId('door-screen').waitFor();
    await page.getByTestId('online-badge').filter({ hasText: /online/i }).waitFor();
    execFileSync(entradaBin(), ['users', 'disable', who.email, '--db', server.db], { stdio: ['ignore', 'pipe', 'pipe'] });
    // The counters' poll (every 5 s) or the camera finds out.
    await page.getByTestId('signin-screen').waitFor({ timeout: 15000 });
    const ended = page.getByTestId('signin-ended');
    await ended.waitFor();
    assert.match(await ended.innerText(), /sign-in was ended.*disabled/i);
    assert.equal(await ended.getAttribute('role'), 'alert');
    await screenshot(page, 'signin-ended');
    // A deliberate sign-out says nothing of the kind.
    const other = await newPage(browser, { server, ...VIEWPORT });
    await signInForm(other, server, server.people.door);
    await other.getByTestId('door-screen').waitFor();
    await other.getByTestId('user-menu').click();
    await other.getByTestId('sign-out').click();
    await other.getByTestId('signin-screen').waitFor();
    assert.equal(await other.getByTestId('signin-ended').count(), 0);
    assert.deepEqual(page.problems, []);
    assert.deepEqual(other.problems, []);
    await page.context().close();
    await other.context().close();
  });

  it('two events: the picker shows after sign-in', async () => {
    await api(server, 'POST', '/api/v2/events', { item: { name: 'Second event', starts_at: '2027-01-01T20:00:00Z' } });
    const page = await recordingPage(browser, server);
    await signInForm(page, server, server.people.door);
    await page.getByTestId('events-screen').waitFor();
    assert.equal(await page.getByTestId('event-option').count(), 2);
    await screenshot(page, 'two-events-picker');
    await page.locator('[data-testid="event-option"][data-event-id="1"]').click();
    await page.getByTestId('door-screen').waitFor();
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });
});
