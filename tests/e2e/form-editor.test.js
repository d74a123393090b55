// The form editor: every type of the spec in the picker, adding a field with options
// (added and reordered), a client check, reordering fields, editing, and deleting with a
// confirmation that says how many answers go.

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, newPage, signIn, screenshot, api, smallTargets } from './helpers.js';

describe('form editor', () => {
  let server;
  let browser;
  let page;

  before(async () => {
    server = await startServer();
    browser = await launch();
    page = await newPage(browser, { server });
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  const fieldsNow = async () => (await api(server, 'GET', '/api/v2/events/1/attendee_fields')).items;
  const row = (name) => page.locator(`[data-testid="field-row"][data-field-name="${name}"]`);

  it('lists the fields in position order', async () => {
    await signIn(page, server);
    await page.getByTestId('nav-form').click();
    await page.getByTestId('form-editor').waitFor();
    await page.getByTestId('field-row').nth(6).waitFor();
    const labels = await page.getByTestId('field-label').allInnerTexts();
    const expected = (await fieldsNow()).sort((a, b) => a.position - b.position).map((f) => f.label);
    assert.deepEqual(labels, expected);
    await screenshot(page, 'form-editor');
  });

  it('offers every field type of the spec', async () => {
    const doc = await (await fetch(`${server.base}/api/v2/openapi`)).json();
    const types = doc.components.schemas.FieldType.enum;
    assert.ok(types.length > 40);
    await page.getByTestId('add-field').click();
    await page.getByTestId('type-picker').waitFor();
    for (const t of types) {
      assert.equal(await page.getByTestId(`type-${t}`).count(), 1, `type ${t} is in the picker`);
    }
  });

  it('adds a dropdown field, with options added and reordered', async () => {
    await page.getByTestId('type-dropdown').check();
    await page.getByTestId('def-label').fill('Workshop day');
    await page.getByTestId('def-required').check();
    // A dropdown needs options: the client says so before the server would.
    await page.getByTestId('def-save').click();
    await page.getByTestId('options-error').filter({ hasText: /at least one option/ }).waitFor();
    await page.getByTestId('option-new').fill('Tuesday');
    await page.getByTestId('option-new').press('Enter');
    await page.getByTestId('option-new').fill('Monday');
    await page.getByTestId('option-add').click();
    await page.getByTestId('option-new').fill('Sunday');
    await page.getByTestId('option-add').click();
    await page.getByRole('button', { name: 'Move option 2 up' }).click();
    await page.getByRole('button', { name: 'Remove option 3' }).click();
    assert.deepEqual(await page.getByTestId('option-input').evaluateAll((els) => els.map((e) => e.value)), ['Monday', 'Tuesday']);
    await screenshot(page, 'form-editor-add');
    await page.getByTestId('def-save').click();
    await row('workshop_day').waitFor();
    const added = (await fieldsNow()).find((f) => f.name === 'workshop_day');
    assert.equal(added.type, 'dropdown');
    assert.equal(added.required, true);
    assert.equal(added.position, 8);
    assert.deepEqual(added.options, ['Monday', 'Tuesday']);
  });

  it('reorders fields', async () => {
    await row('workshop_day').getByTestId('move-up').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="field-row"]')[6]?.dataset.fieldName === 'workshop_day');
    await row('workshop_day').getByTestId('move-up').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="field-row"]')[5]?.dataset.fieldName === 'workshop_day');
    // A move shows at once; its save is done when the list is no longer busy.
    await page.locator('[data-testid="field-list"]:not([aria-busy])').waitFor();
    // The focus stays on the moved field, for keyboard users.
    assert.equal(await page.evaluate(() => document.activeElement.closest('[data-testid="field-row"]')?.dataset.fieldName), 'workshop_day');
    const fields = (await fieldsNow()).sort((a, b) => a.position - b.position);
    assert.equal(fields[5].name, 'workshop_day');
    assert.equal(fields[5].position, 6);
    assert.equal(fields[7].name, 'i_agree_to_appear_in_event_photos');
    await screenshot(page, 'form-editor-reordered');
  });

  it('edits a label', async () => {
    await row('dietary_requirements').getByTestId('edit-field').click();
    await row('dietary_requirements').getByTestId('def-label').fill('Dietary needs');
    await row('dietary_requirements').getByTestId('def-save').click();
    await row('dietary_requirements').getByTestId('field-label').filter({ hasText: 'Dietary needs' }).waitFor();
    const f = (await fieldsNow()).find((x) => x.name === 'dietary_requirements');
    assert.equal(f.label, 'Dietary needs');
  });

  it('changes type and required, and says in words why a change is refused', async () => {
    await row('country').getByTestId('edit-field').click();
    await row('country').getByTestId('def-type').selectOption('number');
    await row('country').getByTestId('def-save').click();
    await row('country').getByTestId('def-error').filter({ hasText: /300 existing answer\(s\) would not fit/ }).waitFor();
    assert.doesNotMatch(await row('country').getByTestId('def-error').innerText(), /[{}]/);
    await row('country').getByRole('button', { name: 'Cancel' }).click();
    await row('workshop_day').getByTestId('edit-field').click();
    await row('workshop_day').getByTestId('def-type').selectOption('radio');
    await row('workshop_day').getByTestId('def-required').uncheck();
    await row('workshop_day').getByTestId('def-save').click();
    await row('workshop_day').getByText('Radio buttons').waitFor();
    const f = (await fieldsNow()).find((x) => x.name === 'workshop_day');
    assert.equal(f.type, 'radio');
    assert.equal(f.required, false);
    assert.deepEqual(f.options, ['Monday', 'Tuesday']);
  });

  it('deletes a field after a confirmation that says how many answers go', async () => {
    await row('t_shirt_size').getByTestId('delete-field').click();
    const dialog = page.getByTestId('delete-dialog');
    await dialog.waitFor();
    assert.match(await page.getByTestId('delete-count').innerText(), /^300 answers will be deleted/);
    await screenshot(page, 'form-editor-delete');
    // Cancel first: nothing happens.
    await page.getByTestId('cancel-delete').click();
    assert.equal(await row('t_shirt_size').count(), 1);
    await row('t_shirt_size').getByTestId('delete-field').click();
    await page.getByTestId('confirm-delete').click();
    await row('t_shirt_size').waitFor({ state: 'detached' });
    assert.equal((await fieldsNow()).some((f) => f.name === 't_shirt_size'), false);
    assert.equal(await page.getByTestId('field-row').count(), 7);
  });

  it('fits 1024x600', async () => {
    await page.setViewportSize({ width: 1024, height: 600 });
    await row('workshop_day').getByTestId('edit-field').click();
    await row('workshop_day').getByTestId('def-type').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no horizontal scrolling (overflow ${overflow}px)`);
    assert.deepEqual(await smallTargets(page), [], 'touch targets are at least 44 px');
    await screenshot(page, 'form-editor-1024x600');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('raised no page errors or CSP violations', () => {
    assert.deepEqual(page.problems, []);
  });
});
