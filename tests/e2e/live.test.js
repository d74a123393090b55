// Two screens on one server agree within a second (issue 18): the top bar's counters follow
// the event's live check-in stream, so a check-in made elsewhere (another kiosk, an
// integration through the API) shows on every open screen without waiting for a poll.

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launch, newPage, signIn, api, confirmedAttendees, recordTimings, summary,
} from './helpers.js';

describe('live counters', () => {
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

  it('a check-in made elsewhere moves the counters of two open screens within a second', async () => {
    const door = await newPage(browser, { server, width: 1024, height: 600 });
    const list = await newPage(browser, { server, width: 1024, height: 600 });
    // Streams open on each page: answered (headers in) and not ended since.
    const open = new Map([[door, new Set()], [list, new Set()]]);
    for (const [page, streams] of open) {
      const isStream = (r) => r.url().includes('/check_ins/stream');
      page.on('response', (r) => { if (isStream(r.request()) && r.ok()) streams.add(r.request()); });
      page.on('requestfinished', (r) => streams.delete(r));
      page.on('requestfailed', (r) => streams.delete(r));
    }
    await signIn(door, server, 'door');
    await signIn(list, server, 'organiser');
    await list.goto(`${server.base}/#/attendees`);
    await list.getByTestId('count-in').waitFor();
    await door.getByTestId('count-in').waitFor();
    // Both streams open (the first counters load starts them).
    for (let i = 0; [...open.values()].some((streams) => streams.size === 0); i += 1) {
      assert.ok(i < 750, 'the check-in streams of both screens did not open in 15 s');
      await new Promise((r) => setTimeout(r, 20));
    }

    const people = await confirmedAttendees(server, 5);
    const delays = [];
    for (const person of people) {
      const before = Number(await door.getByTestId('count-in').textContent());
      const sent = Date.now();
      const res = await api(server, 'POST', '/api/v2/events/1/scans', {
        item: { code: person.qr_code, action: 'check_in' },
      });
      assert.equal(res.item.outcome, 'ok');
      for (const page of [door, list]) {
        await page.waitForFunction(
          (n) => Number(document.querySelector('[data-testid="count-in"]')?.textContent) === n,
          before + 1,
          { timeout: 1000, polling: 20 },
        );
      }
      delays.push(Date.now() - sent);
    }
    recordTimings('live_counters', summary(delays));
    assert.deepEqual(door.problems, []);
    assert.deepEqual(list.problems, []);
  });
});
