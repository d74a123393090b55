// A door joined to a venue hub (issue 20, HUB.md): with the hub up, the banner shows the
// hub's answer and no mark; with the hub gone, the kiosk decides alone and the banner
// says so with a small "decided here" mark, at 1024x600, the outcome unchanged.

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launch, newPage, signIn, screenshot, api, confirmedAttendees, cli,
} from './helpers.js';

describe('a door joined to the venue hub', () => {
  let hub;
  let kiosk;
  let browser;
  let page;
  let people;

  before(async () => {
    hub = await startServer({ extraArgs: ['--hub', '--hub-bind', '127.0.0.1:0', '--hub-name', 'Hall A'] });
    assert.match(hub.hubUrl, /^https:\/\/127\.0\.0\.1:\d+$/);
    people = await confirmedAttendees(hub, 2);
    kiosk = await startServer();
    // The kiosk's own demo event goes: the door is to work the hub's event.
    await api(kiosk, 'DELETE', '/api/v2/kiosk/demo', null, { as: 'organiser' });
    const card = JSON.parse(cli(['hub', 'code', '--db', hub.db]));
    const joined = JSON.parse(cli(['hub', 'join', card.qr_text, '--door', 'Door B', '--db', kiosk.db]));
    assert.equal(joined.hub_name, 'Hall A');
    // The running kiosk notices the new configuration and mirrors the hub's event.
    for (let i = 0; i < 100; i += 1) {
      const events = await api(kiosk, 'GET', '/api/v2/events');
      if (events.items.length === 1) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    browser = await launch();
    page = await newPage(browser, { width: 1024, height: 600, server: kiosk });
  });

  after(async () => {
    await browser?.close();
    await kiosk?.stop();
    await hub?.stop();
  });

  it('shows the hub\'s answer, then "decided here" while the hub is away', async () => {
    await signIn(page, kiosk, 'door');
    await page.getByTestId('camera-toggle').click();
    await page.locator('[data-testid="camera"][data-state="paused"]').waitFor();

    await page.getByTestId('manual-code').fill(people[0].qr_code);
    await page.getByTestId('manual-code').press('Enter');
    await page.locator('[data-testid="scan-result"][data-outcome="ok"]').waitFor();
    assert.equal(await page.getByTestId('decided-here').count(), 0, 'the hub decided: no mark');
    const atHub = await api(hub, 'GET', `/api/v2/events/1/attendees/${people[0].id}`);
    assert.equal(atHub.item.checkin_status, 'checked_in', 'the hub has it at once');

    await hub.halt();
    await page.getByTestId('manual-code').fill(people[1].qr_code);
    await page.getByTestId('manual-code').press('Enter');
    await page.getByTestId('decided-here').waitFor();
    assert.equal(await page.getByTestId('scan-result').getAttribute('data-outcome'), 'ok');
    assert.match(await page.getByTestId('decided-here').innerText(), /decided here/i);
    await screenshot(page, 'door-decided-here-1024');
    assert.deepEqual(page.problems, []);
  });
});
