// Sync (organisers): configure a real remote (a second `entrada serve`), run a round, see
// a parked entry with the remote's message, edit and retry it, drop another, and see a
// duplicate-entry conflict.

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, newPage, signIn, screenshot, api, smallTargets } from './helpers.js';

describe('sync', () => {
  let local;
  let remote;
  let browser;
  let page;

  before(async () => {
    // Background rounds only after changes (not every 30 s), so the test knows when they run.
    [local, remote] = await Promise.all([startServer({ extraArgs: ['--sync-interval', '3600'] }), startServer()]);
    browser = await launch();
    page = await newPage(browser, { server: local });
  });

  after(async () => {
    await browser?.close();
    await local?.stop();
    await remote?.stop();
  });

  /** The local mirror (event 2) of a remote attendee, by its ticket code. */
  async function mirrorOf(remoteAttendee) {
    const res = await api(local, 'GET', `/api/v2/events/2/attendees?qr_code=${encodeURIComponent(remoteAttendee.qr_code)}`);
    return res.items[0];
  }

  async function runRound() {
    await page.getByTestId('sync-run').click();
    await page.getByTestId('sync-run-result').locator('.notice').waitFor();
    await page.getByTestId('sync-run').filter({ hasText: 'Run a round now' }).waitFor();
  }

  /**
   * Waits until the background sync loop is idle: no round running and, as the loop
   * itself says, none of its own due within the next 2 s (it looks every 2 s).
   */
  async function quiet() {
    let calm = 0; // polls in a row that found it idle: a nudged round starts within 25 ms
    for (let i = 0; ; i += 1) {
      const s = await api(local, 'GET', '/api/v2/kiosk/sync');
      const due = s.next_round_at === null ? Infinity : Date.parse(s.next_round_at);
      calm = !s.running && due > Date.now() + 2000 ? calm + 1 : 0;
      if (calm >= 3) return;
      assert.ok(i < 600, `the background sync did not go quiet: ${JSON.stringify(s)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** A local change the remote refuses: an answer to a field deleted on the remote. */
  async function makeParked(index, name, value) {
    const remoteField = (await api(remote, 'GET', '/api/v2/events/1/attendee_fields')).items.find((f) => f.name === name);
    const localField = (await api(local, 'GET', '/api/v2/events/2/attendee_fields')).items.find((f) => f.name === name);
    const remoteAttendee = (await api(remote, 'GET', `/api/v2/events/1/attendees?per_page=1&page=${index}`)).items[0];
    const mine = await mirrorOf(remoteAttendee);
    // No round may pull the deletion before the local change is made.
    await quiet();
    await api(remote, 'DELETE', `/api/v2/events/1/attendee_fields/${remoteField.id}`);
    await api(local, 'PATCH', `/api/v2/events/2/attendees/${mine.id}`, { item: { fields: [{ attendee_field_id: localField.id, value }] } });
    return remoteAttendee;
  }

  it('configures the remote, with checks beside the inputs', async () => {
    await signIn(page, local);
    await page.getByTestId('nav-sync').click();
    await page.getByTestId('sync-screen').waitFor();
    await page.getByTestId('sync-configured').filter({ hasText: 'Not configured' }).waitFor();
    await page.getByTestId('sync-base_url').fill('remote');
    await page.getByTestId('sync-save').click();
    await page.getByTestId('sync-config-form').getByText('Enter a full http(s) address.').first().waitFor();
    await page.getByTestId('sync-base_url').fill(`${remote.base}/api/v2`);
    await page.getByTestId('sync-auth_url').fill(remote.base);
    await page.getByTestId('sync-client_id').fill(remote.clientId);
    await page.getByTestId('sync-client_secret').fill(remote.clientSecret);
    await page.getByTestId('sync-events').fill('1');
    await page.getByTestId('sync-save').click();
    await page.getByTestId('sync-configured').filter({ hasText: 'Configured' }).waitFor();
    // The state box may say "Configured" (its 10 s refresh) before the saved form is drawn
    // again from the PUT's answer: wait for the new form, not for the state.
    await page.locator('[data-testid="sync-client_secret"][placeholder^="Stored"]').waitFor();
    assert.equal(await page.getByTestId('sync-client_secret').inputValue(), '');
  });

  it('runs a round now and shows the state', async () => {
    await runRound();
    assert.match(await page.getByTestId('sync-run-result').innerText(), /received/);
    await page.getByTestId('sync-online').filter({ hasText: 'Online' }).waitFor();
    await page.getByTestId('sync-last-success').filter({ hasText: 'just now' }).waitFor();
    await page.getByTestId('online-badge').filter({ hasText: 'Synced' }).waitFor({ timeout: 15000 });
    const events = (await api(local, 'GET', '/api/v2/events')).items;
    assert.equal(events.length, 2, 'the remote event is mirrored');
    await screenshot(page, 'sync');
  });

  it('shows a parked entry with the remote message; edits and retries it', async () => {
    const remoteAttendee = await makeParked(1, 'dietary_requirements', 'Vegan');
    await runRound();
    const entry = page.getByTestId('parked-entry');
    await entry.waitFor();
    assert.match(await entry.innerText(), /not a field of this event/);
    await page.getByTestId('online-badge').filter({ hasText: /attention/ }).waitFor({ timeout: 15000 });
    await screenshot(page, 'sync-parked');
    await entry.getByTestId('parked-edit').click();
    await entry.getByTestId('parked-body').fill('{ "item": { "job_title": "Sync tester" } }');
    await entry.getByTestId('parked-save').click();
    await page.getByTestId('parked-entry').waitFor({ state: 'detached' });
    await runRound();
    const after = await api(remote, 'GET', `/api/v2/events/1/attendees/${remoteAttendee.id}`);
    assert.equal(after.item.job_title, 'Sync tester');
    assert.equal(await page.getByTestId('parked-entry').count(), 0);
  });

  it('drops a parked entry after confirming', async () => {
    await makeParked(2, 'country', 'NO');
    await runRound();
    const entry = page.getByTestId('parked-entry');
    await entry.waitFor();
    await entry.getByTestId('parked-retry').click();
    await page.getByTestId('sync-pending').filter({ hasText: /^1$/ }).waitFor();
    await runRound();
    await page.getByTestId('parked-entry').waitFor();
    await page.getByTestId('parked-drop').click();
    await page.getByTestId('confirm-dialog').waitFor();
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('parked-entry').waitFor({ state: 'detached' });
    const s = await api(local, 'GET', '/api/v2/kiosk/sync');
    assert.equal(s.parked.length, 0);
  });

  it('shows a duplicate-entry conflict', async () => {
    const remoteAttendee = (await api(remote, 'GET', '/api/v2/events/1/attendees?rsvp_status=confirmed&checkin_status=not_checked_in&per_page=1&page=3')).items[0];
    const mine = await mirrorOf(remoteAttendee);
    await api(remote, 'POST', `/api/v2/events/1/attendees/${remoteAttendee.id}/check_in`);
    await api(local, 'POST', `/api/v2/events/2/attendees/${mine.id}/check_in`);
    await runRound();
    const conflict = page.getByTestId('conflict').filter({ hasText: /two kiosks/ });
    await conflict.waitFor();
    assert.match(await conflict.innerText(), new RegExp(`Attendee ${mine.id}`));
    await screenshot(page, 'sync-conflict');
    await page.setViewportSize({ width: 1024, height: 600 });
    assert.deepEqual(await smallTargets(page), [], 'touch targets are at least 44 px');
    await screenshot(page, 'sync-1024x600');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('raised no page errors or CSP violations', () => {
    assert.deepEqual(page.problems, []);
  });
});
