// The main first-run journey of issue 16 as one person does it, at 1024x600, with clicks
// and typing on visible controls only: a fresh `entrada serve` (no --demo, no user) → the
// set-up screen → the first organiser → Get started → "Create an event here" → an event
// with one session and two registration types → a CSV of 20 people, previewed then
// imported on the Data screen → Staff: a door person (the temporary passphrase shown once)
// → sign out → the door person signs in with it → the door → one imported ticket by
// scanner keys → green with that person's name. The API is only used to read back and
// assert. Screenshots: target/ui-screenshots/journey-*.png.

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  startServer, launch, newPage, listUsers, screenshotDir,
} from './helpers.js';

const VIEW = { width: 1024, height: 600 };
const ORGANISER = { name: 'Nora Organiser', email: 'nora@example.org', password: 'harbour kettle violet 7' };
const DOOR = { name: 'Dan Doorman', email: 'dan.door@example.org' };
const EVENT_NAME = 'Harbour Conference';
const TYPES = ['General', 'VIP'];
const SESSION_NAME = 'Morning plenary';

const FIRST = ['Ada', 'Bea', 'Cai', 'Dov', 'Eli', 'Fay', 'Gus', 'Hal', 'Ida', 'Jon',
  'Kim', 'Lou', 'Mia', 'Ned', 'Oda', 'Pia', 'Quin', 'Rui', 'Sol', 'Tess'];
const PEOPLE = FIRST.map((first, i) => ({
  first_name: first,
  last_name: `Journey${String(i + 1).padStart(2, '0')}`,
  email: `${first.toLowerCase()}.journey${i + 1}@example.com`,
  registration_type: TYPES[i % 2],
}));

/** Remembers the bearer token and account the page's API calls use (to read back as the UI can). */
function trackAuth(page) {
  const seen = {};
  page.on('request', (req) => {
    const headers = req.headers();
    if (headers.authorization && new URL(req.url()).pathname.startsWith('/api/v2')) {
      seen.authorization = headers.authorization;
      if (headers['x-account-id']) seen.account = headers['x-account-id'];
    }
  });
  return seen;
}

/** Reads the API with the organiser's own sign-in (as the page sends it). */
async function readAs(server, seen, pathname) {
  assert.ok(seen.authorization, 'the page has called the API');
  const res = await fetch(`${server.base}${pathname}`, {
    headers: { Authorization: seen.authorization, ...(seen.account ? { 'X-Account-Id': seen.account } : {}) },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`GET ${pathname}: ${res.status} ${text}`);
  return JSON.parse(text);
}

async function shot(page, name) {
  await page.screenshot({ path: path.join(screenshotDir, `journey-${name}.png`) });
}

/** Today at hh:mm on this computer's clock, as a datetime-local input takes it. */
function todayAt(hhmm) {
  const d = new Date();
  const pad = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${hhmm}`;
}

describe('first-run journey (issue 16)', () => {
  let server;
  let browser;
  let dir;
  let csvFile;

  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'entrada-journey-'));
    csvFile = path.join(dir, 'harbour-attendees.csv');
    writeFileSync(csvFile, [
      'first_name,last_name,email,registration_type',
      ...PEOPLE.map((p) => [p.first_name, p.last_name, p.email, p.registration_type].join(',')),
      '',
    ].join('\n'));
    server = await startServer({ demo: false });
    browser = await launch();
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('goes from a new database to a door person’s green scan of an imported ticket', async () => {
    assert.ok(server.setUpLine, 'serve printed the set-up line');
    assert.equal(listUsers(server).length, 0, 'a new database has nobody');

    // ---- 1. Set-up: the first organiser ------------------------------------------------
    const page = await newPage(browser, { ...VIEW, server });
    const seen = trackAuth(page);
    await page.goto(`${server.base}/`);
    await page.getByTestId('setup-screen').waitFor();
    await page.getByTestId('setup-name').fill(ORGANISER.name);
    await page.getByTestId('setup-email').fill(ORGANISER.email);
    await page.getByTestId('setup-password').fill(ORGANISER.password);
    await shot(page, '01-setup');
    await page.getByTestId('setup-submit').click();

    // ---- 2. Get started → Create an event here ------------------------------------------
    await page.getByTestId('start-screen').waitFor();
    await shot(page, '02-get-started');
    await page.getByTestId('start-create').click();
    await page.getByTestId('event-new-screen').waitFor();
    const deviceZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    assert.equal(await page.getByTestId('event-timezone').inputValue(), deviceZone, 'the zone defaults to the computer’s');
    await page.getByTestId('event-name-input').fill(EVENT_NAME);
    await page.getByTestId('event-starts').fill(todayAt('08:00'));
    await page.getByTestId('event-ends').fill(todayAt('20:00'));
    await page.getByTestId('event-location').fill('Pier 4');
    await shot(page, '03-new-event');
    await page.getByTestId('event-save').click();
    await page.getByTestId('event-created').waitFor();
    await page.getByTestId('next-steps').waitFor();

    // Two registration types and one session.
    const types = page.getByTestId('type-section');
    await types.getByTestId('type-empty').waitFor();
    for (const name of TYPES) {
      await types.getByTestId('type-name').fill(name);
      await types.getByTestId('type-add').click();
      await types.locator(`[data-testid="type-row"][data-name="${name}"]`).waitFor();
    }
    const sessions = page.getByTestId('session-section');
    await sessions.getByTestId('session-name').fill(SESSION_NAME);
    await sessions.getByTestId('session-starts').fill(todayAt('09:00'));
    await sessions.getByTestId('session-ends').fill(todayAt('10:00'));
    await sessions.getByTestId('session-add').click();
    await sessions.locator(`[data-testid="session-row"][data-name="${SESSION_NAME}"]`).waitFor();
    await page.getByTestId('next-steps').scrollIntoViewIfNeeded();
    await shot(page, '04-event-types-session');

    const event = (await readAs(server, seen, '/api/v2/events')).items.find((e) => e.name === EVENT_NAME);
    assert.ok(event, 'the event exists');
    assert.equal(event.timezone, deviceZone);
    assert.equal(event.demo, false);
    const regTypes = (await readAs(server, seen, `/api/v2/events/${event.id}/registration_types`)).items;
    assert.deepEqual(regTypes.map((t) => t.name).sort(), TYPES);
    const sess = (await readAs(server, seen, `/api/v2/events/${event.id}/sessions`)).items;
    assert.deepEqual(sess.map((s) => s.name), [SESSION_NAME]);

    // ---- 3. Import 20 people: the Data screen's preview, then the import --------------
    await page.getByTestId('next-import').click();
    await page.getByTestId('data-screen').waitFor();
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByTestId('import-choose').click(),
    ]);
    await chooser.setFiles(csvFile);
    await page.getByTestId('file-name').filter({ hasText: 'harbour-attendees.csv' }).waitFor();
    await page.getByTestId('sum-rows').filter({ hasText: /^20$/ }).waitFor();
    assert.equal(await page.getByTestId('sum-create').innerText(), '20');
    assert.equal(await page.getByTestId('sum-invalid').innerText(), '0');
    assert.equal(await page.locator('[data-testid="import-column"][data-heading="registration_type"]').getAttribute('data-target'), 'registration_type');
    assert.equal(await page.getByTestId('import-row').count(), 20);
    assert.equal((await readAs(server, seen, `/api/v2/events/${event.id}/attendees?per_page=100`)).items.length, 0, 'the preview wrote nothing');
    await shot(page, '05-import-preview');
    const importAll = page.getByTestId('import-all');
    assert.match(await importAll.innerText(), /Import 20 rows/);
    await importAll.click();
    await page.getByTestId('import-done').waitFor();
    assert.match(await page.getByTestId('import-result').innerText(), /20 people added/);
    await shot(page, '06-imported');

    const imported = (await readAs(server, seen, `/api/v2/events/${event.id}/attendees?per_page=100`)).items;
    assert.equal(imported.length, 20);
    const typeName = Object.fromEntries(regTypes.map((t) => [t.id, t.name]));
    for (const p of PEOPLE) {
      const a = imported.find((x) => x.email === p.email);
      assert.ok(a, `${p.email} was imported`);
      assert.equal(typeName[a.registration_type_id], p.registration_type, `${p.email}’s type`);
    }
    // The ticket the door person scans later: one of the 20.
    const ticket = imported.find((x) => x.email === PEOPLE[7].email);
    assert.ok(ticket.qr_code, 'an imported person has a ticket code');

    // ---- 4. Staff: a door person, the temporary passphrase read once --------------------
    await page.getByTestId('nav-staff').click();
    await page.getByTestId('staff-screen').waitFor();
    await page.getByTestId('staff-to-add').click();
    await page.getByTestId('staff-name').fill(DOOR.name);
    await page.getByTestId('staff-email').fill(DOOR.email);
    await page.getByTestId('staff-role-door').check();
    await page.getByTestId('staff-add').click();
    await page.getByTestId('temp-password-panel').waitFor();
    assert.equal(await page.getByTestId('temp-password-email').innerText(), DOOR.email);
    const doorPassword = await page.getByTestId('temp-password').inputValue();
    assert.ok(doorPassword.length >= 10, `a temporary passphrase (${doorPassword.length} characters)`);
    await page.getByTestId('temp-password-panel').scrollIntoViewIfNeeded();
    await shot(page, '07-door-person-added');
    await page.getByTestId('temp-password-done').click();
    assert.equal(await page.getByTestId('temp-password-panel').count(), 0, 'shown only once');
    const row = page.locator(`[data-testid="staff-row"][data-email="${DOOR.email}"]`);
    await row.waitFor();
    assert.equal(await row.getByTestId('staff-role').inputValue(), 'door');

    // ---- 5. Sign out --------------------------------------------------------------------
    await page.getByTestId('user-menu').click();
    await page.getByTestId('sign-out').click();
    await page.getByTestId('signin-screen').waitFor();
    await shot(page, '08-signed-out');

    // ---- 6. The door person signs in with the temporary passphrase ----------------------
    await page.getByTestId('sign-in').click();
    await page.waitForURL(/\/oauth\/authorize/);
    await page.locator('#email').fill(DOOR.email);
    await page.locator('#password').fill(doorPassword);
    await shot(page, '09-door-sign-in');
    await page.locator('button[type="submit"]').click();
    // The temporary passphrase is replaced by the person's own at once (issue 37, 7).
    await page.locator('#new_password').waitFor();
    await page.locator('#new_password').fill('door person passphrase');
    await page.locator('#new_password_again').fill('door person passphrase');
    await shot(page, '09b-door-new-passphrase');
    await page.locator('button[type="submit"]').click();
    // Picks the event if asked.
    const door = page.getByTestId('door-screen');
    const picker = page.getByTestId('events-screen');
    await door.or(picker).first().waitFor();
    if (await picker.isVisible()) {
      const option = page.locator(`[data-testid="event-option"][data-event-id="${event.id}"]`);
      await option.waitFor();
      await shot(page, '10-door-pick-event');
      await option.click();
    }
    await door.waitFor();
    await page.getByText('/ 20').waitFor();
    assert.equal((await page.getByTestId('event-name').innerText()).trim(), EVENT_NAME);
    assert.equal(await page.getByTestId('nav-staff').count(), 0, 'door staff see no Staff');
    assert.equal(await page.getByTestId('nav-data').count(), 0, 'door staff see no Data');
    await shot(page, '11-door-ready');

    // ---- 7. One imported ticket by scanner keys → green with the name -------------------
    await page.evaluate(() => { if (document.activeElement && document.activeElement !== document.body) document.activeElement.blur(); });
    const before = await page.evaluate(() => window.__entradaTimings.length);
    await page.keyboard.type(ticket.qr_code);
    await page.keyboard.press('Enter');
    await page.waitForFunction((n) => window.__entradaTimings.length > n, before);
    const t = await page.evaluate(() => window.__entradaTimings[window.__entradaTimings.length - 1]);
    assert.equal(t.outcome, 'ok', JSON.stringify(t));
    await page.locator('[data-testid="scan-result"][data-outcome="ok"]').waitFor();
    assert.equal(await page.getByTestId('result-title').innerText(), `${ticket.first_name} ${ticket.last_name}`);
    assert.equal(await page.getByTestId('scan-result').evaluate((el) => getComputedStyle(el).backgroundColor), 'rgb(10, 107, 47)');
    await shot(page, '12-door-scan-green');

    // Read back: checked in, by the door person.
    const users = listUsers(server);
    assert.deepEqual(users.map((u) => u.email).sort(), [DOOR.email, ORGANISER.email].sort());
    // `seen` now holds the door person's sign-in (the page's latest API call).
    const after = (await readAs(server, seen, `/api/v2/events/${event.id}/attendees/${ticket.id}`)).item;
    assert.equal(after.checkin_status, 'checked_in');
    await page.getByTestId('count-in').filter({ hasText: /^1$/ }).waitFor({ timeout: 15000 });
    assert.deepEqual(page.problems, []);
  });
});
