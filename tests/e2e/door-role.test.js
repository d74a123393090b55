// Door staff (role `door`, scopes read check_in): only Door and Attendees, never the
// organiser screens; they can still check people in by hand; the server refuses them the
// organiser routes anyway.

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, newPage, signIn, screenshot, api } from './helpers.js';

describe('door staff', () => {
  let server;
  let browser;
  let page;

  before(async () => {
    server = await startServer();
    browser = await launch();
    page = await newPage(browser, { server, width: 1024, height: 600 });
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sees only Door and Attendees', async () => {
    await page.goto(`${server.base}/`);
    await page.getByTestId('signin-screen').waitFor();
    await screenshot(page, 'signin-1024x600');
    await signIn(page, server, 'door');
    await page.getByTestId('nav-door').waitFor();
    assert.equal(await page.getByTestId('nav-attendees').count(), 1);
    for (const hidden of ['walk-in', 'form', 'sync', 'data']) {
      assert.equal(await page.getByTestId(`nav-${hidden}`).count(), 0, `no ${hidden} in the nav`);
    }
    await screenshot(page, 'door-user-door');
    await page.getByTestId('event-name').click();
    await page.getByTestId('events-screen').waitFor();
    await page.getByTestId('event-option').first().waitFor();
    await screenshot(page, 'events-1024x600');
    await page.getByTestId('event-option').first().click();
    await page.getByTestId('door-screen').waitFor();
  });

  it('cannot reach the form editor, walk-in, sync or data screens', async () => {
    for (const route of ['form', 'walk-in', 'sync', 'data']) {
      await page.goto(`${server.base}/#/${route}`);
      await page.getByTestId('refusal').waitFor();
      assert.match(await page.getByTestId('refusal').innerText(), /organisers/i);
      assert.equal(await page.getByTestId('form-editor').count(), 0);
    }
    await page.goto(`${server.base}/#/form`);
    await page.getByTestId('refusal').waitFor();
    await screenshot(page, 'door-user-refused');
  });

  it('is refused by the server too', async () => {
    const statuses = await page.evaluate(async () => {
      const api = await import('/js/api.js');
      const out = {};
      for (const [name, call] of [
        ['create field', () => api.post('/api/v2/events/1/attendee_fields', { item: { label: 'x', type: 'text' } })],
        ['sync config', () => api.get('/api/v2/kiosk/sync/config')],
        ['create attendee', () => api.post('/api/v2/events/1/attendees', { item: { first_name: 'x' } })],
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
    assert.deepEqual(statuses, { 'create field': 403, 'sync config': 403, 'create attendee': 403 });
  });

  it('works with the keyboard alone, with a visible focus ring', async () => {
    await page.goto(`${server.base}/#/door`);
    await page.getByTestId('door-screen').waitFor();
    let found = false;
    for (let i = 0; i < 15 && !found; i += 1) {
      await page.keyboard.press('Tab');
      found = await page.evaluate(() => document.activeElement?.dataset.testid === 'nav-attendees');
    }
    assert.ok(found, 'Tab reaches the Attendees link');
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
    assert.equal(outline, 'solid');
    await page.keyboard.press('Enter');
    await page.getByTestId('attendees-screen').waitFor();
    // The search box has the focus: type, then Tab to a row's link and open it.
    await page.keyboard.type('a');
    await page.getByTestId('attendee-row').first().waitFor();
    let onLink = false;
    for (let i = 0; i < 12 && !onLink; i += 1) {
      await page.keyboard.press('Tab');
      onLink = await page.evaluate(() => document.activeElement?.dataset.testid === 'attendee-link');
    }
    assert.ok(onLink, 'Tab reaches the first attendee');
    await page.keyboard.press('Enter');
    await page.getByTestId('attendee-detail').waitFor();
  });

  it('checks people in by hand, without an Edit button', async () => {
    const res = await api(server, 'GET', '/api/v2/events/1/attendees?rsvp_status=confirmed&checkin_status=not_checked_in&per_page=1');
    const a = res.items[0];
    await page.goto(`${server.base}/#/attendees/${a.id}`);
    await page.getByTestId('attendee-detail').waitFor();
    assert.equal(await page.getByTestId('detail-edit').count(), 0);
    await page.getByTestId('detail-check-in').click();
    await page.getByTestId('detail-status').getByText('Checked in').waitFor();
    await screenshot(page, 'door-user-attendee');
    const after = await api(server, 'GET', `/api/v2/events/1/attendees/${a.id}`);
    assert.equal(after.item.checkin_status, 'checked_in');
  });

  it('raised no page errors or CSP violations', () => {
    assert.deepEqual(page.problems, []);
  });
});
