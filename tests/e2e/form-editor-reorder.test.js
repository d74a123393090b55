// The form editor's reordering at the kiosk's 1024x600 (issue 17): a field dragged by its
// handle with the mouse and with a finger (real touch input, so Pointer Events of type
// `touch`), moved with Alt+↓ / Alt+↑ (the focus stays on the moved row and the new
// position is announced), and "Move to top" / "Move to bottom". After each move the order
// is read back from the API, and exactly one PATCH {position} must have been sent for it.
// A failed save puts the row back and says why; a tap or an Escape moves nothing.

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import {
  startServer, launch, signIn, screenshot, api, smallTargets, painted,
} from './helpers.js';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

describe('form editor: reorder by drag, touch, keyboard and move buttons (1024x600)', () => {
  let server;
  let browser;
  let context;
  let page;
  let cdp;
  /** Every PATCH of a field sent by the page: {id, body}. */
  const patches = [];

  before(async () => {
    server = await startServer();
    browser = await launch();
    // hasTouch: the page gets real touch input through CDP (Input.dispatchTouchEvent).
    context = await browser.newContext({ viewport: { width: 1024, height: 600 }, hasTouch: true });
    page = await context.newPage();
    page.problems = [];
    page.on('pageerror', (e) => page.problems.push(`pageerror: ${e.message}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error' && !/Failed to load resource/.test(msg.text())) page.problems.push(`console: ${msg.text()}`);
      if (/Content.Security.Policy|Refused to/.test(msg.text())) page.problems.push(`csp: ${msg.text()}`);
    });
    page.on('request', (r) => {
      const m = r.url().match(/\/attendee_fields\/(\d+)$/);
      if (r.method() === 'PATCH' && m) patches.push({ id: Number(m[1]), body: JSON.parse(r.postData() || 'null') });
    });
    cdp = await context.newCDPSession(page);
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  const apiOrder = async () => (await api(server, 'GET', '/api/v2/events/1/attendee_fields')).items
    .sort((a, b) => a.position - b.position).map((f) => f.name);
  const domOrder = () => page.getByTestId('field-row').evaluateAll((rows) => rows.map((r) => r.dataset.fieldName));
  const row = (name) => page.locator(`[data-testid="field-row"][data-field-name="${name}"]`);
  const idOf = async (name) => Number(await row(name).getAttribute('data-field-id'));
  /** Waits until no move is being saved (the list is aria-busy while one is). */
  const saved = () => page.locator('[data-testid="field-list"]:not([aria-busy])').waitFor();
  /** `order` with `name` moved to the 0-based index `to`. */
  const moved = (order, name, to) => {
    const out = order.filter((n) => n !== name);
    out.splice(to, 0, name);
    return out;
  };

  /**
   * Checks one completed move: exactly one PATCH since `before` (patches.length before the
   * move), for `name`, with position `position` (1-based), and the API and the screen in
   * `expected` order.
   */
  async function expectMove(before, name, position, expected) {
    await saved();
    assert.equal(patches.length - before, 1, `exactly one PATCH for the move of ${name}`);
    const last = patches[patches.length - 1];
    assert.equal(last.id, await idOf(name));
    assert.deepEqual(last.body, { item: { position } });
    assert.deepEqual(await apiOrder(), expected, 'the server has the new order');
    assert.deepEqual(await domOrder(), expected, 'the screen shows the new order');
  }

  async function centre(locator) {
    const b = await locator.boundingBox();
    return { x: b.x + b.width / 2, y: b.y + b.height / 2, box: b };
  }

  /** A y inside the lower quarter of a row (past its middle: a drop after it when moving down). */
  async function lowerPart(name) {
    const b = await row(name).boundingBox();
    return b.y + b.height * 0.8;
  }

  async function upperPart(name) {
    const b = await row(name).boundingBox();
    return b.y + b.height * 0.2;
  }

  it('opens the form editor with a drag handle of at least 44 px on every row', async () => {
    await signIn(page, server);
    await page.getByTestId('nav-form').click();
    await page.getByTestId('form-editor').waitFor();
    await page.getByTestId('field-row').nth(6).waitFor();
    assert.deepEqual(await domOrder(), await apiOrder());
    const sizes = await page.getByTestId('drag-handle').evaluateAll((els) => els.map((e) => {
      const r = e.getBoundingClientRect();
      return [Math.round(r.width), Math.round(r.height)];
    }));
    assert.equal(sizes.length, 7);
    for (const [w, hgt] of sizes) assert.ok(w >= 44 && hgt >= 44, `handle ${w}x${hgt} is at least 44x44`);
    assert.equal(await page.getByTestId('drag-handle').first().evaluate((e) => getComputedStyle(e).touchAction), 'none');
    // Every row offers Move to top / Move to bottom.
    assert.equal(await page.getByTestId('move-top').count(), 7);
    assert.equal(await page.getByTestId('move-bottom').count(), 7);
    await screenshot(page, 'form-editor-reorder-1024x600');
  });

  it('moves a field by dragging its handle with the mouse (one PATCH)', async () => {
    const start = await apiOrder();
    const before = patches.length;
    const name = start[0];
    const handle = await centre(row(name).getByTestId('drag-handle'));
    await page.mouse.move(handle.x, handle.y);
    await page.mouse.down();
    const targetY = await lowerPart(start[2]);
    for (let i = 1; i <= 12; i += 1) await page.mouse.move(handle.x, handle.y + ((targetY - handle.y) * i) / 12);
    // While dragging: the row follows the pointer and the drop indicator shows.
    assert.equal(await page.getByTestId('drop-indicator').isVisible(), true);
    assert.equal(await row(name).evaluate((e) => e.classList.contains('dragging')), true);
    await screenshot(page, 'form-editor-dragging');
    await page.mouse.up();
    await expectMove(before, name, 3, moved(start, name, 2));
    assert.equal(await page.getByTestId('drop-indicator').isVisible(), false);
    // The focus is on the moved row's handle.
    assert.equal(await page.evaluate(() => document.activeElement.closest('[data-testid="field-row"]')?.dataset.fieldName), name);
  });

  it('moves a field by dragging its handle with a finger (touch pointer events, one PATCH)', async () => {
    const start = await apiOrder();
    const before = patches.length;
    const name = start[5];
    await page.evaluate(() => {
      window.pointerTypes = [];
      document.addEventListener('pointerdown', (e) => window.pointerTypes.push(e.pointerType), { capture: true });
    });
    const handle = await centre(row(name).getByTestId('drag-handle'));
    const targetY = await upperPart(start[1]);
    const point = (y) => [{ x: Math.round(handle.x), y: Math.round(y), id: 1, radiusX: 4, radiusY: 4, force: 1 }];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(handle.y) });
    for (let i = 1; i <= 14; i += 1) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(handle.y + ((targetY - handle.y) * i) / 14) });
    }
    assert.equal(await page.getByTestId('drop-indicator').isVisible(), true);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    assert.deepEqual(await page.evaluate(() => window.pointerTypes), ['touch'], 'the drag came as touch pointer events');
    await expectMove(before, name, 2, moved(start, name, 1));
  });

  it('a tap on the handle, or Escape during a drag, moves nothing', async () => {
    const start = await apiOrder();
    const before = patches.length;
    await row(start[3]).getByTestId('drag-handle').tap();
    const handle = await centre(row(start[0]).getByTestId('drag-handle'));
    await page.mouse.move(handle.x, handle.y);
    await page.mouse.down();
    const targetY = await lowerPart(start[4]);
    for (let i = 1; i <= 8; i += 1) await page.mouse.move(handle.x, handle.y + ((targetY - handle.y) * i) / 8);
    await page.keyboard.press('Escape');
    await page.mouse.up();
    // A drop would send its PATCH from the mouseup's handler: after the frames that follow
    // it, a request made would be on record.
    await painted(page);
    assert.equal(patches.length, before, 'no PATCH');
    assert.deepEqual(await domOrder(), start);
    assert.deepEqual(await apiOrder(), start);
  });

  it('moves a field with Alt+ArrowDown and Alt+ArrowUp; the focus stays on it and the move is announced', async () => {
    let start = await apiOrder();
    let before = patches.length;
    const name = start[2];
    await row(name).getByTestId('drag-handle').focus();
    await page.keyboard.press('Alt+ArrowDown');
    await expectMove(before, name, 4, moved(start, name, 3));
    const focused = () => page.evaluate(() => ({
      row: document.activeElement.closest('[data-testid="field-row"]')?.dataset.fieldName,
      testid: document.activeElement.dataset.testid,
    }));
    assert.deepEqual(await focused(), { row: name, testid: 'drag-handle' });
    await page.getByTestId('reorder-status').filter({ hasText: /moved to position 4 of 7/ }).waitFor();
    assert.equal(await page.getByTestId('reorder-status').getAttribute('aria-live'), 'polite');

    // Twice more, on a focused button of the row rather than the handle.
    start = await apiOrder();
    before = patches.length;
    await row(name).getByTestId('edit-field').focus();
    await page.keyboard.press('Alt+ArrowDown');
    await expectMove(before, name, 5, moved(start, name, 4));
    assert.deepEqual(await focused(), { row: name, testid: 'edit-field' });

    start = await apiOrder();
    before = patches.length;
    await page.keyboard.press('Alt+ArrowUp');
    await expectMove(before, name, 4, moved(start, name, 3));
    assert.deepEqual(await focused(), { row: name, testid: 'edit-field' });
    await page.getByTestId('reorder-status').filter({ hasText: /moved to position 4 of 7/ }).waitFor();
  });

  it('Alt+ArrowUp on the first row sends nothing and says so', async () => {
    const start = await apiOrder();
    const before = patches.length;
    await row(start[0]).getByTestId('drag-handle').focus();
    await page.keyboard.press('Alt+ArrowUp');
    await page.getByTestId('reorder-status').filter({ hasText: /already first/ }).waitFor();
    await page.waitForTimeout(200);
    assert.equal(patches.length, before);
  });

  it('moves a field to the top and another to the bottom (one PATCH each)', async () => {
    let start = await apiOrder();
    let before = patches.length;
    const last = start[6];
    await row(last).getByTestId('move-top').click();
    await expectMove(before, last, 1, moved(start, last, 0));
    // The button is now disabled (the row is first): the focus stays on the row.
    assert.equal(await page.evaluate(() => document.activeElement.closest('[data-testid="field-row"]')?.dataset.fieldName), last);

    start = await apiOrder();
    before = patches.length;
    const second = start[1];
    await row(second).getByTestId('move-bottom').click();
    await expectMove(before, second, 7, moved(start, second, 6));
    assert.equal(await page.evaluate(() => document.activeElement.closest('[data-testid="field-row"]')?.dataset.fieldName), second);
    assert.equal(await row(second).getByTestId('move-bottom').isDisabled(), true);
    assert.equal(await row(second).getByTestId('move-down').isDisabled(), true);
  });

  it('scrolls the page while a row is held near the bottom edge, and drops it last', async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    const start = await apiOrder();
    const before = patches.length;
    const name = start[0];
    const handle = await centre(row(name).getByTestId('drag-handle'));
    await page.mouse.move(handle.x, handle.y);
    await page.mouse.down();
    for (let i = 1; i <= 10; i += 1) await page.mouse.move(handle.x, handle.y + ((592 - handle.y) * i) / 10);
    await page.waitForFunction(() => window.scrollY > 0 && window.scrollY >= document.documentElement.scrollHeight - window.innerHeight - 1);
    await page.mouse.move(handle.x, 595);
    await page.mouse.up();
    await expectMove(before, name, 7, moved(start, name, 6));
  });

  it('a failed save puts the row back and says why (still one PATCH)', async () => {
    const start = await apiOrder();
    const before = patches.length;
    const name = start[0];
    await page.route('**/api/v2/events/1/attendee_fields/*', (route) => (route.request().method() === 'PATCH'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' })
      : route.continue()));
    await row(name).getByTestId('move-down').click();
    await page.getByTestId('editor-error').filter({ hasText: /was not moved/ }).waitFor();
    await saved();
    await page.unroute('**/api/v2/events/1/attendee_fields/*');
    assert.equal(patches.length - before, 1);
    assert.deepEqual(await domOrder(), start, 'the row is back in place');
    assert.deepEqual(await apiOrder(), start);
    assert.match(await page.getByTestId('editor-error').innerText(), /back at position 1/);
    await screenshot(page, 'form-editor-move-failed');
  });

  it('fits 1024x600 with 44 px targets and no serious axe violations', async () => {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no horizontal scrolling (overflow ${overflow}px)`);
    assert.deepEqual(await smallTargets(page), [], 'touch targets are at least 44 px');
    await page.evaluate(AXE_SOURCE);
    const found = await page.evaluate(async () => {
      const res = await window.axe.run(document.querySelector('[data-testid="form-editor"]'), { resultTypes: ['violations'] });
      return res.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(' ')}`));
    });
    assert.deepEqual(found, []);
  });

  it('raised no page errors or CSP violations', () => {
    assert.deepEqual(page.problems, []);
  });
});
