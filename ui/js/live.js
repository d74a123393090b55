// The event's check-ins as they happen (GET /api/v2/events/{id}/check_ins/stream,
// Server-Sent Events), so that two screens on one server agree within a second without
// polling. EventSource cannot send a bearer token, so the stream is read with fetch. After
// a drop it reconnects with Last-Event-ID, so nothing is missed or seen twice.

import * as auth from './auth.js';
import { getAccount, paths } from './api.js';

const RETRY_MS = [500, 1000, 2000, 5000];

/**
 * Calls onEntry({record, attendee}) for every check-in history record of the event from
 * now on. Returns a function that stops following.
 */
export function follow(eventId, onEntry) {
  let alive = true;
  let controller = null;
  let lastId = null;
  let failures = 0;

  async function connect() {
    const headers = { Accept: 'text/event-stream' };
    const account = getAccount();
    if (account !== null && account !== undefined && !auth.usingDevice()) headers['X-Account-Id'] = String(account);
    if (lastId !== null) headers['Last-Event-ID'] = String(lastId);
    headers.Authorization = `Bearer ${await auth.token()}`;
    controller = new AbortController();
    const response = await fetch(paths.checkInStream(eventId), {
      headers, signal: controller.signal, cache: 'no-store',
    });
    if (!response.ok || !response.body) throw new Error(`stream: ${response.status}`);
    failures = 0;
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let pending = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      pending += decoder.decode(value, { stream: true });
      let end;
      while ((end = pending.indexOf('\n\n')) >= 0) {
        const block = pending.slice(0, end);
        pending = pending.slice(end + 2);
        deliver(block);
      }
    }
  }

  function deliver(block) {
    let id = null;
    let data = '';
    for (const line of block.split('\n')) {
      if (line.startsWith('id:')) id = Number(line.slice(3).trim());
      else if (line.startsWith('data:')) data += line.slice(5).trim();
    }
    if (id === null || !data) return; // a heartbeat comment
    lastId = id;
    try {
      onEntry(JSON.parse(data));
    } catch (e) {
      // One bad entry must not end the stream.
    }
  }

  (async () => {
    while (alive) {
      // Signed out: following ends here (the next sign-in follows anew).
      if (!auth.hasSession()) return;
      try {
        await connect();
      } catch (e) {
        if (!alive) return;
        failures += 1;
      }
      if (!alive) return;
      await new Promise((r) => setTimeout(r, RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]));
    }
  })();

  return () => {
    alive = false;
    if (controller) controller.abort();
  };
}
