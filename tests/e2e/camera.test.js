// The camera: a fake camera (Chromium reading a y4m) plays a white feed in which the QR
// codes of real attendees (the server's own qr.png) appear one after another. The page
// decodes frames through POST /kiosk/decode and checks people in. Measures the time from
// the QR appearing in the feed to the result banner painted.
//
// Method: a probe added by the test watches every frame the <video> receives
// (requestVideoFrameCallback) and notes when a frame first shows a QR code (dark pixels
// on the white feed), with the frame's captureTime (when the fake camera produced it; the
// frame's arrival time when the browser gives none). The UI records, per scan, when the
// decoded frame was grabbed and when the result was painted (window.__entradaTimings).
// Latency = painted − appearance: it includes waiting for the next frame grab, the
// grayscale conversion, upload, decode, the scan request and the paint.

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import {
  startServer, launch, newPage, signIn, screenshot, api, confirmedAttendees, buildY4m, recordTimings, summary,
} from './helpers.js';

const CODES = 14;

describe('camera', () => {
  let server;
  let browser;
  let page;
  let people;
  let video;

  before(async () => {
    server = await startServer();
    people = await confirmedAttendees(server, CODES);
    const pngs = [];
    for (const a of people) {
      const file = path.join(server.dir, `qr-${a.id}.png`);
      writeFileSync(file, await api(server, 'GET', `/api/v2/events/1/attendees/${a.id}/qr.png?size=300`, null, { raw: true }));
      pngs.push(file);
    }
    video = buildY4m(pngs, { out: path.join(server.dir, 'camera.y4m'), fps: 12, leadS: 2, showS: 1.0, gapS: 0.8 });
    browser = await launch({ y4m: video.file });
    page = await newPage(browser, { server });
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('checks in a QR code shown to the camera', async () => {
    await signIn(page, server);
    await page.locator('[data-testid="camera"][data-state="live"]').waitFor({ timeout: 15000 });
    // The probe: when does a QR first show in the feed?
    await page.evaluate(() => {
      window.__appearances = [];
      window.__probeStart = performance.now();
      const v = document.querySelector('[data-testid="camera-video"]');
      const c = document.createElement('canvas');
      c.width = 64;
      c.height = 48;
      const x = c.getContext('2d', { willReadFrequently: true });
      let showing = null; // unknown until the first frame: a QR already in view is not an appearance
      const onFrame = (now, meta) => {
        x.drawImage(v, 0, 0, 64, 48);
        const d = x.getImageData(0, 0, 64, 48).data;
        let dark = 0;
        for (let i = 0; i < d.length; i += 4) if (d[i] + d[i + 1] + d[i + 2] < 3 * 110) dark += 1;
        const qr = dark > 40;
        if (qr && showing === false) {
          window.__appearances.push({
            at: typeof meta.captureTime === 'number' ? meta.captureTime : now,
            source: typeof meta.captureTime === 'number' ? 'captureTime' : 'callback',
            callbackAt: now,
          });
        }
        showing = qr;
        v.requestVideoFrameCallback(onFrame);
      };
      v.requestVideoFrameCallback(onFrame);
    });
    const first = people[0];
    await page.locator('[data-testid="scan-result"][data-outcome="ok"]').waitFor({ timeout: 20000 });
    const title = await page.getByTestId('result-title').innerText();
    assert.ok(people.some((a) => `${a.first_name} ${a.last_name}` === title), `the banner names a scanned attendee (${title})`);
    await screenshot(page, 'scan-camera');
    const after = await api(server, 'GET', `/api/v2/events/1/attendees?qr_code=${encodeURIComponent(first.qr_code)}`);
    assert.ok(after.items.length === 1);
  });

  it('measures QR appearance → result painted, and does not re-submit a code it keeps seeing', async () => {
    // One loop of the file shows every code once (~24 s, then it starts again); wait for
    // the results of CODES appearances the probe saw from their start.
    await page.waitForFunction((n) => {
      const from = window.__appearances.length ? window.__appearances[0].callbackAt - 1 : Infinity;
      return window.__entradaTimings.filter((t) => t.kind === 'camera' && t.captureAt >= from).length >= n;
    }, CODES, { timeout: 70000, polling: 250 });
    const { timings, appearances } = await page.evaluate(() => {
      const from = window.__appearances[0].callbackAt - 1;
      return {
        timings: window.__entradaTimings.filter((t) => t.kind === 'camera' && t.captureAt >= from),
        appearances: window.__appearances,
      };
    });
    // Each code stays in view for 1.2 s (many frames), yet is submitted once.
    const all = await page.evaluate(() => window.__entradaTimings.filter((t) => t.kind === 'camera').map((t) => [t.code, t.captureAt]));
    for (let i = 1; i < all.length; i += 1) {
      const same = all.slice(0, i).filter(([c, at]) => c === all[i][0] && all[i][1] - at < 5000);
      assert.equal(same.length, 0, `${all[i][0]} was submitted twice within 5 s`);
    }
    const latencies = [];
    const pipeline = [];
    for (const t of timings) {
      // The appearance this result belongs to: the last one before its frame was grabbed
      // (the page can grab a new frame a little before the probe's callback for it runs).
      const app = appearances.filter((a) => a.callbackAt <= t.captureAt + 60).pop();
      if (!app) continue;
      const ms = t.renderedAt - app.at;
      // The frame that decoded must be one of this appearance's (the code is in view for
      // 1 s); otherwise the probe missed the appearance and the match would be wrong.
      if (ms > 0 && t.captureAt - app.at < 1100) {
        latencies.push(ms);
        pipeline.push(t.renderedAt - t.captureAt);
      }
    }
    if (process.env.E2E_DEBUG) console.log(JSON.stringify({ appearances: appearances.map((a) => [Math.round(a.at), Math.round(a.callbackAt)]), timings: timings.map((t) => [t.code.slice(0, 4), Math.round(t.captureAt), Math.round(t.renderedAt)]) }));
    assert.ok(latencies.length >= CODES - 3, `matched ${latencies.length} of ${timings.length} results to an appearance`);
    const s = summary(latencies);
    const p = summary(pipeline);
    const part = (f) => summary(timings.map(f)).p50_ms;
    const breakdown_p50_ms = {
      appearance_to_frame_grab: summary(latencies.map((x, i) => x - (pipeline[i] ?? 0))).p50_ms,
      grab_grayscale_upload_decode: part((t) => t.decodedAt - t.captureAt),
      server_decode_only: part((t) => t.decodeMs),
      scan_request: part((t) => t.responseAt - t.decodedAt),
      render_and_paint: part((t) => t.renderedAt - t.responseAt),
    };
    recordTimings('camera_qr_appears_to_result', {
      ...s,
      target_p50_ms: 300,
      meets_target: s.p50_ms < 300,
      unmatched_results: timings.length - latencies.length,
      source_of_appearance_time: appearances[0] ? appearances[0].source : 'none',
      frame_grab_to_result: p,
      breakdown_p50_ms,
      method: 'A probe on the <video> (requestVideoFrameCallback) notes the first frame of each QR appearance in a white 640x480 y4m at 12 fps (its captureTime); the UI notes when it grabbed the frame that decoded and performance.now() in a task queued from the requestAnimationFrame after the result banner rendered. Latency = rendered − appearance. Real server, POST /kiosk/decode then POST /scans.',
      samples_ms: latencies.map((x) => Math.round(x)),
    });
    console.log(`camera QR appears→result: p50 ${s.p50_ms} ms, p95 ${s.p95_ms} ms (n=${s.count}; target p50 < 300 ms: ${s.p50_ms < 300 ? 'met' : 'NOT met'}); frame grab→result p50 ${p.p50_ms} ms`);
    // Reported, not asserted against the target (see door.test.js); a sanity bound only.
    assert.ok(s.p50_ms < 1500, `camera p50 ${s.p50_ms} ms is far off the 300 ms target`);
  });

  it('raised no page errors or CSP violations', () => {
    assert.deepEqual(page.problems, []);
  });
});
