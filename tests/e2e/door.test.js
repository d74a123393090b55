// The door: sign-in, scanner input, undo, outcomes (ok, already, not found, refused),
// the manual box, check-out mode, and the scanner latency (Enter → result painted).

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launch, newPage, screenshot, api, confirmedAttendees, recordTimings, summary, smallTargets, contrastOf,
  scannerScan as scan,
} from './helpers.js';

describe('door', () => {
  let server;
  let browser;
  let page;
  let people;

  before(async () => {
    server = await startServer();
    browser = await launch();
    page = await newPage(browser, { server });
    people = await confirmedAttendees(server, 24);
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  const banner = () => page.getByTestId('scan-result');

  /** Types a code the way a hardware scanner does (helpers.js), on this test's page. */
  const scannerScan = (code) => scan(page, code);

  it('signs in as organiser and picks the event', async () => {
    await page.goto(`${server.base}/`);
    await page.getByTestId('signin-screen').waitFor();
    await screenshot(page, 'signin');
    await page.getByTestId('sign-in').click();
    await page.waitForURL(/\/oauth\/authorize/);
    await page.locator('#email').fill(server.people.organiser.email);
    await page.locator('#password').fill(server.people.organiser.password);
    await page.locator('button[type="submit"]').click();
    // The demo server has one event: the sign-in lands on the door; its name opens the list.
    await page.getByTestId('door-screen').waitFor();
    await page.getByTestId('event-name').click();
    await page.getByTestId('events-screen').waitFor();
    await page.getByTestId('event-option').first().waitFor();
    await screenshot(page, 'events');
    await page.getByTestId('event-option').first().click();
    await page.getByTestId('door-screen').waitFor();
    await page.getByText('/ 300').waitFor();
    assert.match(await page.getByTestId('event-name').innerText(), /Northern Lights/);
    // Tokens stay out of localStorage.
    const stored = await page.evaluate(() => JSON.stringify(localStorage));
    assert.doesNotMatch(stored, /ent_(at|rt)_|token/i);
    for (const testid of ['nav-door', 'nav-attendees', 'online-badge', 'result-sub', 'result-message']) {
      const ratio = await contrastOf(page.getByTestId(testid).first());
      assert.ok(ratio >= 4.5, `${testid} contrast ${ratio} passes WCAG AA`);
    }
    await screenshot(page, 'door-ready');
    // A reload keeps the sign-in (refresh token in sessionStorage) and the event.
    await page.reload();
    await page.getByTestId('door-screen').waitFor();
    assert.match(await page.getByTestId('event-name').innerText(), /Northern Lights/);
  });

  it('checks in by typed scanner input, anywhere on the screen', async () => {
    const a = people[0];
    const t = await scannerScan(a.qr_code);
    assert.equal(t.outcome, 'ok');
    await page.locator('[data-testid="scan-result"][data-outcome="ok"]').waitFor();
    assert.equal(await page.getByTestId('result-title').innerText(), `${a.first_name} ${a.last_name}`);
    assert.match(await page.getByTestId('result-sub').innerText(), /Checked in/);
    assert.equal(await banner().evaluate((el) => getComputedStyle(el).backgroundColor), 'rgb(10, 107, 47)');
    assert.ok(await contrastOf(page.getByTestId('result-title')) >= 4.5, 'green banner text passes WCAG AA');
    await screenshot(page, 'scan-scanner-ok');
    const after = await api(server, 'GET', `/api/v2/events/1/attendees/${a.id}`);
    assert.equal(after.item.checkin_status, 'checked_in');
    // The counter follows.
    await page.getByTestId('count-in').filter({ hasText: /^[1-9]/ }).waitFor();
  });

  it('undoes the last scan in one tap', async () => {
    const a = people[1];
    await scannerScan(a.qr_code);
    await page.locator('[data-testid="scan-result"][data-outcome="ok"]').waitFor();
    const undo = page.getByTestId('undo');
    assert.match(await undo.innerText(), new RegExp(a.first_name));
    await undo.click();
    await page.locator('[data-testid="scan-result"][data-outcome="undone"]').waitFor();
    await screenshot(page, 'scan-undo');
    const after = await api(server, 'GET', `/api/v2/events/1/attendees/${a.id}`);
    assert.equal(after.item.checkin_status, 'not_checked_in');
    assert.equal(await undo.isDisabled(), true);
  });

  it('shows amber for already checked in, with when and where', async () => {
    const a = people[0];
    const t = await scannerScan(a.qr_code);
    assert.equal(t.outcome, 'already_checked_in');
    await page.locator('[data-testid="scan-result"][data-outcome="already_checked_in"]').waitFor();
    // The reason is the headline, with when and where; the name goes below.
    assert.match((await page.getByTestId('result-title').innerText()).replace(/\s+/g, ' '), /^ALREADY CHECKED IN · \d\d:\d\d at /);
    assert.match(await page.getByTestId('result-sub').innerText(), new RegExp(`^${a.first_name} ${a.last_name}`));
    assert.equal(await banner().evaluate((el) => el.classList.contains('result-warn')), true);
    assert.ok(await contrastOf(page.getByTestId('result-title')) >= 4.5, 'amber banner text passes WCAG AA');
    await screenshot(page, 'scan-already');
  });

  it('shows red for a code that is not found', async () => {
    const t = await scannerScan('ZZZZ-0000-ZZZZ-0000');
    assert.equal(t.outcome, 'not_found');
    await page.locator('[data-testid="scan-result"][data-outcome="not_found"]').waitFor();
    assert.equal(await page.getByTestId('result-title').innerText(), 'NOT FOUND');
    assert.equal(await banner().evaluate((el) => el.classList.contains('result-bad')), true);
    assert.ok(await contrastOf(page.getByTestId('result-sub')) >= 4.5, 'red banner text passes WCAG AA');
    await screenshot(page, 'scan-not-found');
  });

  it('shows red for a ticket of another event, naming it', async () => {
    const other = await api(server, 'POST', '/api/v2/events', { item: { name: 'Afterparty', starts_at: '2027-01-01T20:00:00Z' } });
    assert.ok(other.item, JSON.stringify(other));
    const guest = await api(server, 'POST', `/api/v2/events/${other.item.id}/attendees`, { item: { first_name: 'Otto', last_name: 'Elsewhere' } });
    const t = await scannerScan(guest.item.qr_code);
    assert.equal(t.outcome, 'wrong_event');
    await page.locator('[data-testid="scan-result"][data-outcome="wrong_event"]').waitFor();
    assert.equal(await banner().evaluate((el) => el.classList.contains('result-bad')), true);
    assert.match(await page.getByTestId('scan-result').innerText(), /Afterparty/);
    await screenshot(page, 'scan-wrong-event');
  });

  it('shows red with the reason for a refused RSVP', async () => {
    const declined = await api(server, 'GET', '/api/v2/events/1/attendees?rsvp_status=declined&per_page=1');
    assert.ok(declined.items.length > 0, 'the demo has declined attendees');
    const t = await scannerScan(declined.items[0].qr_code);
    assert.equal(t.outcome, 'not_allowed');
    await page.locator('[data-testid="scan-result"][data-outcome="not_allowed"]').waitFor();
    assert.equal(await page.getByTestId('result-title').innerText(), 'DECLINED');
    await screenshot(page, 'scan-refused');
  });

  it('checks in with the manual code box', async () => {
    const a = people[2];
    await page.getByTestId('manual-code').fill(a.qr_code.toLowerCase());
    await page.getByTestId('manual-code').press('Enter');
    await page.locator('[data-testid="scan-result"][data-outcome="ok"]').waitFor();
    assert.equal(await page.getByTestId('result-title').innerText(), `${a.first_name} ${a.last_name}`);
    assert.equal(await page.getByTestId('manual-code').inputValue(), '');
  });

  it('checks out in check-out mode, then back to check in', async () => {
    const a = people[2];
    await page.getByTestId('mode-check_out').click();
    await page.locator('[data-testid="scan-result"].mode-out').waitFor();
    const t = await scannerScan(a.qr_code);
    assert.equal(t.outcome, 'ok');
    assert.match(await page.getByTestId('result-sub').innerText(), /Checked out/);
    await screenshot(page, 'scan-check-out');
    await page.getByTestId('mode-check_in').click();
    const after = await api(server, 'GET', `/api/v2/events/1/attendees/${a.id}`);
    assert.equal(after.item.checkin_status, 'checked_out');
  });

  it('checks in to a session', async () => {
    const a = people[3];
    await page.getByTestId('mode-place').selectOption({ label: 'Session: Opening keynote' });
    const t = await scannerScan(a.qr_code);
    assert.equal(t.outcome, 'ok');
    assert.match(await page.getByTestId('result-sub').innerText(), /Checked in · Opening keynote/);
    const stats = await api(server, 'GET', '/api/v2/events/1/check_in_stats');
    assert.ok(stats.item.by_session.length === 2);
    // Whoever is in a session is in the building.
    const after = await api(server, 'GET', `/api/v2/events/1/attendees/${a.id}`);
    assert.equal(after.item.checkin_status, 'checked_in');
    await page.getByTestId('mode-place').selectOption('');
  });

  it('measures scanner Enter → result painted (20 scans)', async () => {
    const times = [];
    for (const a of people.slice(4, 24)) {
      const t = await scannerScan(a.qr_code);
      assert.equal(t.outcome, 'ok', `scan of ${a.qr_code}`);
      times.push(t.renderedAt - t.enterAt);
    }
    const s = summary(times);
    recordTimings('scanner_enter_to_result', {
      ...s,
      target_p50_ms: 100,
      meets_target: s.p50_ms < 100,
      method: 'keydown(Enter).timeStamp → performance.now() in a task queued from the requestAnimationFrame after the result banner was rendered (i.e. after that frame was painted); real server, real SQLite, camera running',
      samples_ms: times.map((x) => Math.round(x * 10) / 10),
    });
    console.log(`scanner Enter→result: p50 ${s.p50_ms} ms, p95 ${s.p95_ms} ms (n=${s.count}; target p50 < 100 ms: ${s.p50_ms < 100 ? 'met' : 'NOT met'})`);
    // The target is reported, not asserted: a loaded 2-core machine (a build beside the
    // tests) must not make the suite flaky. A broken path would be far slower than this.
    assert.ok(s.p50_ms < 1000, `scanner p50 ${s.p50_ms} ms is far off the 100 ms target`);
  });

  it('fits a 1024x600 kiosk screen and a 1920x1080 one', async () => {
    for (const [w, hgt] of [[1024, 600], [1920, 1080]]) {
      await page.setViewportSize({ width: w, height: hgt });
      await page.waitForTimeout(100);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `no horizontal scrolling at ${w}x${hgt} (overflow ${overflow}px)`);
      const box = await page.getByTestId('manual-code').boundingBox();
      assert.ok(box && box.y + box.height <= hgt, `the manual box is visible at ${w}x${hgt}`);
      assert.deepEqual(await smallTargets(page), [], 'touch targets are at least 44 px');
      await screenshot(page, `door-${w}x${hgt}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('signs out', async () => {
    await page.getByTestId('user-menu').click();
    await page.getByTestId('sign-out').click();
    await page.getByTestId('signin-screen').waitFor();
    const stored = await page.evaluate(() => JSON.stringify(sessionStorage));
    assert.doesNotMatch(stored, /refresh/);
  });

  it('raised no page errors or CSP violations', () => {
    assert.deepEqual(page.problems, []);
  });
});
