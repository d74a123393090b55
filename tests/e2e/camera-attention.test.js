// The door's waiting steps driven by the fake camera (issue 17): a ticket that needs
// attention, shown to the camera, gives the violet banner with its door note and writes
// nothing until "Admit"; then, with the event asking missing questions at the door, the
// question panel; answered, the check-in is written with the answer.

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  startServer, launch, newPage, signIn, screenshot, api, buildY4m,
} from './helpers.js';

const VIEWPORT = { width: 1024, height: 600 };

describe('camera: attention and questions at the door', () => {
  let server;
  let browser;
  let page;
  let guest;
  let question;

  before(async () => {
    server = await startServer();
    const fields = (await api(server, 'GET', '/api/v2/events/1/attendee_fields?per_page=100')).items;
    const shirt = fields.find((f) => f.name === 't_shirt_size'); // the demo's required question
    guest = (await api(server, 'POST', '/api/v2/events/1/attendees', {
      item: {
        first_name: 'Vera',
        last_name: 'Camera',
        needs_attention: true,
        door_note: 'Escort to the press desk',
        fields: [{ attendee_field_id: shirt.id, value: 'M' }],
      },
    })).item;
    // Asked at the door: required, and unanswered by this guest.
    question = (await api(server, 'POST', '/api/v2/events/1/attendee_fields', {
      item: { label: 'Press outlet', type: 'short_text', required: true },
    })).item;
    await api(server, 'PATCH', '/api/v2/events/1', { item: { door_questions: true } });
    const file = path.join(server.dir, 'qr-attention.png');
    writeFileSync(file, await api(server, 'GET', `/api/v2/events/1/attendees/${guest.id}/qr.png?size=300`, null, { raw: true }));
    const video = buildY4m([file], { out: path.join(server.dir, 'attention.y4m'), fps: 12, leadS: 1, showS: 3, gapS: 1 });
    browser = await launch({ y4m: video.file });
    page = await newPage(browser, { server, ...VIEWPORT });
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('holds a flagged ticket for Admit, asks the missing question, then checks in with the answer', async () => {
    await signIn(page, server);
    await page.locator('[data-testid="camera"][data-state="live"]').waitFor({ timeout: 15000 });
    const banner = page.locator('[data-testid="scan-result"][data-outcome="needs_attention"]');
    await banner.waitFor({ timeout: 20000 });
    assert.match(await page.getByTestId('scan-result').innerText(), /Escort to the press desk/);
    let now = (await api(server, 'GET', `/api/v2/events/1/attendees/${guest.id}`)).item;
    assert.equal(now.checkin_status, 'not_checked_in', 'nothing is written before Admit');
    await screenshot(page, 'door-camera-needs-attention');

    await page.getByTestId('attention-admit').click();
    const panel = page.getByTestId('questions-panel');
    await panel.waitFor({ timeout: 10000 });
    now = (await api(server, 'GET', `/api/v2/events/1/attendees/${guest.id}`)).item;
    assert.equal(now.checkin_status, 'not_checked_in', 'nothing is written before the answers');
    await panel.getByLabel(/Press outlet/).fill('Oslo Tribune');
    await page.getByTestId('questions-submit').click();
    await page.locator('[data-testid="scan-result"][data-outcome="ok"]').waitFor({ timeout: 10000 });

    now = (await api(server, 'GET', `/api/v2/events/1/attendees/${guest.id}`)).item;
    assert.equal(now.checkin_status, 'checked_in');
    const answer = now.fields.find((f) => f.field.id === question.id);
    assert.equal(answer.value, 'Oslo Tribune');
    assert.deepEqual(page.problems, []);
  });
});
