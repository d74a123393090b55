// Accessibility of every screen (issue 17): axe-core runs in the page of each screen of
// the kiosk UI at the kiosk's 1024x600 — the first-run set-up, the sign-in (plain, after a
// scan, with a note, with an error, after the sign-in ended), the server's sign-in form,
// and signed in as an organiser, as door staff and as a door device, with the door's scan
// results and the dialogs, menus and refused forms — and each test fails on any `serious`
// or `critical` violation, naming the rule, the element (axe's selector) and the screen.
// Every finding, and what axe could not decide, goes to target/ui-screenshots/a11y.json.

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import {
  startServer, launch, signIn, screenshot, api, confirmedAttendees, createUser, repoRoot, screenshotDir, painted,
} from './helpers.js';

const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core/axe.min.js');
const VIEWPORT = { width: 1024, height: 600 };
const SERIOUS = new Set(['serious', 'critical']);

/** The binary under test, as helpers.js finds it (for `entrada users disable`). */
function entradaBin() {
  const b = process.env.ENTRADA_BIN || 'target/debug/entrada';
  return path.isAbsolute(b) ? b : path.join(repoRoot, b);
}
/** Every screen's findings of any impact, and what axe left undecided: target/ui-screenshots/a11y.json. */
const report = {};

/**
 * A page at 1024x600. The UI's CSP refuses inline scripts, and axe goes in as one: this
 * context bypasses the CSP (the other test files check the CSP itself). Page errors are
 * kept, as helpers.newPage keeps them.
 */
async function a11yPage(browser, server) {
  const context = await browser.newContext({ viewport: VIEWPORT, bypassCSP: true, reducedMotion: 'reduce' });
  await context.grantPermissions(['camera'], { origin: server.base });
  const page = await context.newPage();
  page.problems = [];
  page.on('pageerror', (e) => page.problems.push(`pageerror: ${e.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/Failed to load resource/.test(msg.text())) page.problems.push(`console: ${msg.text()}`);
  });
  return page;
}

/** Waits until a refused form shows why: a field marked invalid, its message painted. */
async function refusedShown(page) {
  await page.locator('[aria-invalid="true"]').first().waitFor();
  await painted(page);
}

/** Waits until the screen with `testid` is shown and nothing in it is still loading. */
async function settle(page, testid) {
  if (testid) await page.getByTestId(testid).first().waitFor();
  await page.waitForFunction(() => !document.querySelector('#main [data-testid="loading"]'), null, { timeout: 10000 })
    .catch(() => null); // a screen that keeps a spinner (the door's camera) is still checked
  await painted(page); // the last paint, and any colour transition
}

/**
 * Runs axe on the whole document and returns the serious and critical violations as
 * "rule-id [impact] selector — summary" lines; all its findings go to the report.
 */
async function axeViolations(page, name) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.addScriptTag({ path: AXE });
  const results = await page.evaluate(async () => window.axe.run(document, { resultTypes: ['violations'] }));
  report[name] = {
    violations: results.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) })),
    // What axe could not decide (e.g. text over a picture): for a person to look at.
    incomplete: results.incomplete.map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target.join(' ')) })),
  };
  writeFileSync(path.join(screenshotDir, 'a11y.json'), `${JSON.stringify(report, null, 2)}\n`);
  const lines = [];
  for (const v of results.violations) {
    if (!SERIOUS.has(v.impact)) continue;
    for (const node of v.nodes) {
      if (!SERIOUS.has(node.impact || v.impact)) continue;
      const why = (node.failureSummary || '').replace(/\s+/g, ' ').replace(/^Fix (any|all) of the following: /, '').slice(0, 220);
      lines.push(`${v.id} [${node.impact || v.impact}] ${node.target.join(' ')} — ${why}`);
    }
  }
  return lines;
}

/** Checks the screen now shown; `name` names it in the failure (and the screenshot). */
async function expectAccessible(page, name, testid) {
  await settle(page, testid);
  const found = await axeViolations(page, name);
  if (found.length) await screenshot(page, `a11y-${name}`);
  assert.deepEqual(found, [], `serious/critical axe violations on the ${name} screen:\n  ${found.join('\n  ')}`);
}

/** Opens a screen of the UI by its hash route, as a link does. */
async function open(page, hash) {
  await page.evaluate((h) => { location.hash = h; }, hash);
}

describe('accessibility (axe-core) of every screen at 1024x600', () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  describe('first run', () => {
    let server;
    before(async () => {
      server = await startServer({ demo: false });
    });
    after(async () => {
      await server?.stop();
    });

    it('set-up screen (empty, then refused entries)', async () => {
      const page = await a11yPage(browser, server);
      await page.goto(`${server.base}/`);
      await expectAccessible(page, 'setup', 'setup-screen');
      // Refused entries: the messages beside the inputs.
      await page.getByTestId('setup-email').fill('not an email');
      await page.getByTestId('setup-password').fill('short');
      await page.getByTestId('setup-submit').click();
      await refusedShown(page);
      await expectAccessible(page, 'setup-refused', 'setup-screen');
      assert.deepEqual(page.problems, []);
      await page.context().close();
    });

    it('set up: Get started, and the event list with no event yet', async () => {
      const page = await a11yPage(browser, server);
      await page.goto(`${server.base}/`);
      await page.getByTestId('setup-name').fill('Ines Initial');
      await page.getByTestId('setup-email').fill('ines@example.org');
      await page.getByTestId('setup-password').fill('a long enough passphrase 17');
      await page.getByTestId('setup-submit').click();
      await expectAccessible(page, 'start-first-run', 'start-screen');
      await open(page, '#/door'); // no event: the (empty) event list
      await page.locator('[data-testid="events-screen"] .empty').waitFor();
      await expectAccessible(page, 'events-none', 'events-screen');
      assert.deepEqual(page.problems, []);
      await page.context().close();
    });
  });

  describe('signed out, an organiser, door staff and a door device (demo data)', () => {
    let server;
    let organiser; // one page, signed in as the demo organiser, reused screen after screen
    let attendee;

    before(async () => {
      server = await startServer();
      [attendee] = await confirmedAttendees(server, 1);
    });
    after(async () => {
      await server?.stop();
    });

    it('sign-in screen (and after a ticket scanned on it)', async () => {
      const page = await a11yPage(browser, server);
      await page.goto(`${server.base}/`);
      await expectAccessible(page, 'sign-in', 'signin-screen');
      await page.keyboard.type(attendee.qr_code);
      await page.keyboard.press('Enter');
      await page.getByTestId('signin-scanned').filter({ hasText: /signed in/ }).waitFor();
      await expectAccessible(page, 'sign-in-scanned', 'signin-screen');
      await page.context().close();
    });

    it('sign-in screen after the sign-in ended (the person disabled)', async () => {
      const page = await a11yPage(browser, server);
      const who = { email: 'ada.ended@demo.example', name: 'Ada Ended', password: 'ended-for-a11y-17' };
      createUser(server, { ...who, role: 'door' });
      await signIn(page, server, who);
      execFileSync(entradaBin(), ['users', 'disable', who.email, '--db', server.db], { stdio: ['ignore', 'pipe', 'pipe'] });
      await page.getByTestId('signin-ended').waitFor({ timeout: 15000 });
      await expectAccessible(page, 'sign-in-ended', 'signin-screen');
      await page.context().close();
    });

    it('sign-in screen with an error (a refused sign-in coming back)', async () => {
      const page = await a11yPage(browser, server);
      await page.goto(`${server.base}/oauth/callback?error=access_denied&state=x`);
      await page.getByTestId('signin-error').waitFor();
      await expectAccessible(page, 'sign-in-error', 'signin-screen');
      await page.context().close();
    });

    it('sign-in screen with a note (leaving kiosk mode, signed out)', async () => {
      const page = await a11yPage(browser, server);
      await page.goto(`${server.base}/?desktop=1&kiosk=1#/leave-kiosk`);
      await page.getByTestId('signin-note').waitFor();
      await expectAccessible(page, 'sign-in-note', 'signin-screen');
      await page.context().close();
    });

    it("the server's sign-in form", async () => {
      const page = await a11yPage(browser, server);
      await page.goto(`${server.base}/`);
      await page.getByTestId('sign-in').click();
      await page.waitForURL(/\/oauth\/authorize/);
      await expectAccessible(page, 'oauth-authorize', null);
      await page.context().close();
    });

    it('door (organiser)', async () => {
      organiser = await a11yPage(browser, server);
      await signIn(organiser, server, 'organiser');
      await organiser.locator('[data-testid="camera"][data-state="live"], [data-testid="camera"][data-state="none"]').first()
        .waitFor().catch(() => null);
      await expectAccessible(organiser, 'door', 'door-screen');
    });

    it('door with a scan result (checked in, then not found)', async () => {
      const page = organiser;
      await open(page, '#/door');
      await page.getByTestId('door-screen').waitFor();
      await page.evaluate(() => { if (document.activeElement && document.activeElement !== document.body) document.activeElement.blur(); });
      await page.keyboard.type(attendee.qr_code);
      await page.keyboard.press('Enter');
      await page.locator('[data-testid="scan-result"][data-outcome="ok"]').waitFor();
      await expectAccessible(page, 'door-scan-ok', 'door-screen');
      await page.evaluate(() => { if (document.activeElement && document.activeElement !== document.body) document.activeElement.blur(); });
      await page.keyboard.type('NOPE-NOPE-NOPE-NOPE');
      await page.keyboard.press('Enter');
      await page.locator('[data-testid="scan-result"][data-outcome="not_found"]').waitFor();
      await expectAccessible(page, 'door-scan-not-found', 'door-screen');
      await page.evaluate(() => { if (document.activeElement && document.activeElement !== document.body) document.activeElement.blur(); });
      await page.keyboard.type(attendee.qr_code);
      await page.keyboard.press('Enter');
      await page.locator('[data-testid="scan-result"][data-outcome="already_checked_in"]').waitFor();
      await expectAccessible(page, 'door-scan-already-in', 'door-screen');
    });

    /** Types `code` the way a hardware scanner does, with the focus outside any input. */
    async function scan(page, code) {
      await page.evaluate(() => { if (document.activeElement && document.activeElement !== document.body) document.activeElement.blur(); });
      await page.keyboard.type(code);
      await page.keyboard.press('Enter');
    }

    /** The answers a demo attendee gave (the demo form has a required question). */
    async function demoAnswers() {
      const [someone] = (await api(server, 'GET', '/api/v2/events/1/attendees?per_page=1')).items;
      return (someone.fields || []).map((f) => ({ attendee_field_id: f.field.id, value: f.value }));
    }

    it('door: a scan that needs attention (the door note, Admit / Refuse)', async (t) => {
      const created = (await api(server, 'POST', '/api/v2/events/1/attendees', {
        item: {
          first_name: 'Nora', last_name: 'Note', rsvp_status: 'confirmed', fields: await demoAnswers(),
          needs_attention: true, door_note: 'Wheelchair user: open the side door.',
        },
      })).item;
      if (created.needs_attention !== true) {
        t.skip('this server has no needs_attention yet');
        return;
      }
      await open(organiser, '#/attendees');
      await open(organiser, '#/door');
      await organiser.getByTestId('door-screen').waitFor();
      await scan(organiser, created.qr_code);
      await organiser.locator('[data-testid="scan-result"][data-outcome="needs_attention"]').waitFor();
      await expectAccessible(organiser, 'door-needs-attention', 'door-screen');
      const refuse = organiser.getByTestId('attention-refuse');
      if (await refuse.count()) {
        await refuse.click();
        await organiser.locator('[data-testid="scan-result"][data-outcome="refused"]').waitFor();
        await expectAccessible(organiser, 'door-refused', 'door-screen');
      }
    });

    it('door: a scan that needs answers (the missing questions)', async (t) => {
      // Registered before the required question was added: no answer to it.
      const created = (await api(server, 'POST', '/api/v2/events/1/attendees', {
        item: { first_name: 'Quentin', last_name: 'Questions', rsvp_status: 'confirmed', fields: await demoAnswers() },
      })).item;
      const event = (await api(server, 'PATCH', '/api/v2/events/1', { item: { door_questions: true } }, { as: 'organiser' })).item;
      if (event.door_questions !== true) {
        t.skip('this server has no door_questions yet');
        return;
      }
      const field = (await api(server, 'POST', '/api/v2/events/1/attendee_fields', {
        item: { label: 'Emergency contact', type: 'text', required: true },
      })).item;
      try {
        await open(organiser, '#/attendees');
        await open(organiser, '#/door');
        await organiser.getByTestId('door-screen').waitFor();
        await scan(organiser, created.qr_code);
        await organiser.locator('[data-testid="scan-result"][data-outcome="needs_answers"]').waitFor();
        await expectAccessible(organiser, 'door-needs-answers', 'door-screen');
      } finally {
        await api(server, 'PATCH', '/api/v2/events/1', { item: { door_questions: false } }, { as: 'organiser' });
        await api(server, 'DELETE', `/api/v2/events/1/attendee_fields/${field.id}`).catch(() => null);
        await open(organiser, '#/attendees'); // the door starts again without the question
      }
    });

    it('top bar menu, open', async () => {
      const page = organiser;
      await page.getByTestId('user-menu').click();
      await page.getByTestId('user-popover').waitFor();
      try {
        await expectAccessible(page, 'user-menu', 'user-popover');
      } finally {
        await page.keyboard.press('Escape');
      }
    });

    it('events (picker, organiser)', async () => {
      await open(organiser, '#/events');
      await organiser.getByTestId('event-option').first().waitFor();
      await expectAccessible(organiser, 'events', 'events-screen');
    });

    it('attendees list', async () => {
      await open(organiser, '#/attendees');
      await organiser.getByTestId('attendee-row').first().waitFor();
      await expectAccessible(organiser, 'attendees', 'attendees-screen');
    });

    it('attendees list, a search that finds nobody', async () => {
      await organiser.getByTestId('attendee-search').fill('zzzz nobody by this name');
      await organiser.getByTestId('attendee-row').first().waitFor({ state: 'detached' });
      await expectAccessible(organiser, 'attendees-none', 'attendees-screen');
    });

    it('attendee detail', async () => {
      await open(organiser, `#/attendees/${attendee.id}`);
      await expectAccessible(organiser, 'attendee-detail', 'attendee-detail');
    });

    it('attendee edit', async () => {
      await open(organiser, `#/attendees/${attendee.id}/edit`);
      await expectAccessible(organiser, 'attendee-edit', 'edit-form');
    });

    it('walk-in', async () => {
      await open(organiser, '#/walk-in');
      await expectAccessible(organiser, 'walk-in', 'walkin-form');
      // Refused: the required entries say so.
      await organiser.getByTestId('walkin-save').click();
      await refusedShown(organiser);
      await expectAccessible(organiser, 'walk-in-refused', 'walkin-form');
    });

    it('form editor', async () => {
      await open(organiser, '#/form');
      await organiser.getByTestId('field-row').first().waitFor();
      await expectAccessible(organiser, 'form-editor', 'form-editor');
    });

    it('data (import and export)', async () => {
      await open(organiser, '#/data');
      await expectAccessible(organiser, 'data', 'data-screen');
    });

    it('data: an import checked, with a column to choose and an invalid row', async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'entrada-a11y-'));
      const csv = path.join(dir, 'guests.csv');
      writeFileSync(csv, [
        'Vorname,last_name,email,Shoe size',
        'Ada,Importer,ada.importer@example.org,38',
        'Bert,Importer,not an email,44',
      ].join('\n'));
      await organiser.getByTestId('import-file').setInputFiles(csv);
      await organiser.getByTestId('file-problems').waitFor();
      await expectAccessible(organiser, 'data-import-columns', 'data-screen');
      await organiser.locator('[data-testid="import-column"][data-heading="Vorname"]').getByTestId('column-map').selectOption('first_name');
      await organiser.locator('[data-testid="import-row"][data-action="invalid"]').first().waitFor();
      await expectAccessible(organiser, 'data-import-preview', 'import-preview');
      rmSync(dir, { recursive: true, force: true });
    });

    it('sync', async () => {
      await open(organiser, '#/sync');
      await expectAccessible(organiser, 'sync', 'sync-screen');
    });

    it('settings (organiser)', async () => {
      await open(organiser, '#/settings');
      await expectAccessible(organiser, 'settings', 'settings-screen');
    });

    it('staff', async () => {
      await open(organiser, '#/staff');
      await organiser.getByTestId('staff-row').first().waitFor();
      await expectAccessible(organiser, 'staff', 'staff-screen');
      // Refused entries: the messages beside the inputs.
      await organiser.getByTestId('staff-add').click();
      await refusedShown(organiser);
      await expectAccessible(organiser, 'staff-refused', 'staff-screen');
    });

    it('event edit (an existing event)', async () => {
      await open(organiser, '#/events/1');
      await expectAccessible(organiser, 'event-edit', 'event-form');
    });

    it('new event', async () => {
      await open(organiser, '#/events/new');
      await expectAccessible(organiser, 'event-new', 'event-new-screen');
    });

    it('get started', async () => {
      await open(organiser, '#/start');
      await expectAccessible(organiser, 'start', 'start-screen');
    });

    it('get started: connect to an event server', async () => {
      await open(organiser, '#/start/connect');
      await organiser.getByTestId('connect-form').waitFor();
      await expectAccessible(organiser, 'start-connect', 'connect-screen');
    });

    it('venue hub', async () => {
      await open(organiser, '#/hub');
      await organiser.getByTestId('hub-neither').waitFor();
      await expectAccessible(organiser, 'hub', 'hub-screen');
    });

    it('join the venue hub', async () => {
      await open(organiser, '#/hub/join');
      await organiser.getByTestId('hub-found-none').or(organiser.getByTestId('hub-found-item').first()).waitFor({ timeout: 15000 });
      await expectAccessible(organiser, 'hub-join', 'hub-join-screen');
    });

    it('hand to the door: the confirmation dialog', async () => {
      await open(organiser, '#/door');
      await organiser.getByTestId('door-screen').waitFor();
      await organiser.getByTestId('user-menu').click();
      await organiser.getByTestId('menu-hand-to-door').click();
      await organiser.getByTestId('door-device-dialog').waitFor();
      try {
        await expectAccessible(organiser, 'door-device-dialog', 'door-device-dialog');
      } finally {
        await organiser.getByTestId('confirm-cancel').click();
      }
    });

    it('leave kiosk mode (organiser, desktop kiosk)', async () => {
      const page = await a11yPage(browser, server);
      await signIn(page, server, 'organiser', { path: '/?desktop=1&kiosk=1' });
      await open(page, '#/leave-kiosk');
      await expectAccessible(page, 'leave-kiosk', 'leave-kiosk');
      assert.deepEqual(page.problems, []);
      await page.context().close();
    });

    it('leave kiosk mode (door staff, desktop kiosk)', async () => {
      const page = await a11yPage(browser, server);
      await signIn(page, server, 'door', { path: '/?desktop=1&kiosk=1' });
      await open(page, '#/leave-kiosk');
      await expectAccessible(page, 'leave-kiosk-door', 'leave-kiosk-door');
      await page.context().close();
    });

    describe('door staff', () => {
      let door;
      before(async () => {
        door = await a11yPage(browser, server);
        await signIn(door, server, 'door');
      });
      after(async () => {
        await door?.context().close();
      });

      it('door (door staff)', async () => {
        await expectAccessible(door, 'door-staff-door', 'door-screen');
      });

      it('attendees (door staff)', async () => {
        await open(door, '#/attendees');
        await door.getByTestId('attendee-row').first().waitFor();
        await expectAccessible(door, 'door-staff-attendees', 'attendees-screen');
      });

      it('attendee detail (door staff)', async () => {
        await open(door, `#/attendees/${attendee.id}`);
        await expectAccessible(door, 'door-staff-attendee-detail', 'attendee-detail');
      });

      it('events (door staff)', async () => {
        await open(door, '#/events');
        await door.getByTestId('event-option').first().waitFor();
        await expectAccessible(door, 'door-staff-events', 'events-screen');
      });

      it('settings (door staff)', async () => {
        await open(door, '#/settings');
        await expectAccessible(door, 'door-staff-settings', 'settings-screen');
      });

      it('an organiser screen refused (door staff)', async () => {
        await open(door, '#/form');
        await expectAccessible(door, 'door-staff-refusal', 'refusal');
      });

      it('no page errors for door staff', () => {
        assert.deepEqual(door.problems, []);
      });
    });

    describe('door device', () => {
      // The organiser's page becomes a door device (the last use of that page).
      it('door (door device)', async () => {
        const page = organiser;
        await open(page, '#/door');
        await page.getByTestId('door-screen').waitFor();
        await page.getByTestId('user-menu').click();
        await page.getByTestId('menu-hand-to-door').click();
        await page.getByTestId('door-device-dialog').getByTestId('confirm-ok').click();
        await page.locator('[data-testid="user-menu"][aria-label*="Door device"]').waitFor();
        await expectAccessible(page, 'door-device-door', 'door-screen');
      });

      it('leave door mode (door device)', async () => {
        await open(organiser, '#/leave-door');
        await expectAccessible(organiser, 'leave-door', 'leave-door');
      });

      it('no page errors for the organiser and the door device', async () => {
        assert.deepEqual(organiser.problems, []);
        await organiser.context().close();
      });
    });
  });

  it('reaches every route of ui/app.js', () => {
    // A new route needs a check here: this lists the routes the tests above visit.
    const app = readFileSync(path.join(repoRoot, 'ui', 'app.js'), 'utf8');
    const keys = [...app.matchAll(/key: '([a-z-]+)'/g)].map((m) => m[1]);
    const visited = ['door', 'attendees', 'walk-in', 'form', 'sync', 'data', 'events', 'settings', 'leave-kiosk', 'staff', 'event-edit', 'leave-door', 'start', 'hub'];
    assert.deepEqual([...new Set(keys)].filter((k) => !visited.includes(k)), [], 'routes without an accessibility check');
  });
});
