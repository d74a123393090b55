// Data (organisers): a CSV import that always shows its dry run first (a heading mapped in
// the UI, a column left out, an invalid row with its number and error), the import of
// only the valid rows after a confirmation, a re-import that changes nothing, a failed
// request that keeps the file and the choices, the CSV downloads, and door staff refused.

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, launch, newPage, signIn, screenshot, api, smallTargets } from './helpers.js';

describe('data', () => {
  let server;
  let browser;
  let page;
  let dir;
  let csvFile;

  before(async () => {
    server = await startServer();
    browser = await launch();
    page = await newPage(browser, { server });
    dir = mkdtempSync(path.join(tmpdir(), 'entrada-data-'));
    csvFile = path.join(dir, 'registrations.csv');
    // "Vorname" is no heading the server knows; "Shoe size" is no member or question.
    writeFileSync(csvFile, [
      'Vorname,last_name,email,Shoe size,T-shirt size,Company',
      'Ada,Importer,ada.importer@example.com,41,M,Analytical Ltd',
      'Bert,Importer,not-an-email,43,L,Analytical Ltd',
      'Cleo,Importer,cleo.importer@example.com,38,S,Analytical Ltd',
      '',
    ].join('\n'));
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const column = (heading) => page.locator(`[data-testid="import-column"][data-heading="${heading}"]`);
  const row = (n) => page.locator(`[data-testid="import-row"][data-row="${n}"]`);
  const importers = async () => (await api(server, 'GET', '/api/v2/events/1/attendees?q=Importer&per_page=100')).items;

  it('shows the Data screen to organisers, usable by keyboard', async () => {
    await signIn(page, server);
    await page.getByTestId('nav-data').click();
    await page.getByTestId('data-screen').waitFor();
    let found = false;
    for (let i = 0; i < 20 && !found; i += 1) {
      await page.keyboard.press('Tab');
      found = await page.evaluate(() => document.activeElement?.dataset.testid === 'import-choose');
    }
    assert.ok(found, 'Tab reaches "Choose a CSV file"');
    assert.equal(await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle), 'solid');
  });

  it('checks the file first: a heading mapped here, a column left out, the invalid row', async () => {
    await page.getByTestId('import-file').setInputFiles(csvFile);
    await page.getByTestId('file-name').filter({ hasText: 'registrations.csv' }).waitFor();
    // No first-name column yet: the server cannot read the rows; the columns can be chosen.
    await page.getByTestId('file-problems').filter({ hasText: /No column holds first names/ }).waitFor();
    assert.doesNotMatch(await page.getByTestId('file-problems').innerText(), /[{}`]|--map/);
    assert.equal(await page.getByTestId('import-all').count(), 0);
    await column('Vorname').getByTestId('column-map').selectOption('first_name');
    await column('Vorname').and(page.locator('[data-target="first_name"]')).waitFor();
    assert.match(await column('Vorname').getByTestId('column-read-as').innerText(), /First name \(your choice\)/);
    assert.match(await column('Shoe size').getByTestId('column-read-as').innerText(), /Not imported/);
    assert.equal(await column('Shoe size').getAttribute('data-target'), '');
    assert.match(await column('T-shirt size').getByTestId('column-read-as').innerText(), /T-shirt size/);
    assert.equal(await column('Company').getAttribute('data-target'), 'company');

    assert.equal(await page.getByTestId('sum-rows').innerText(), '3');
    assert.equal(await page.getByTestId('sum-create').innerText(), '2');
    assert.equal(await page.getByTestId('sum-invalid').innerText(), '1');
    assert.equal(await row(3).getAttribute('data-action'), 'invalid');
    assert.match(await row(3).innerText(), /Bert Importer/);
    assert.match(await row(3).getByTestId('row-errors').innerText(), /Column “email” is not a valid email address/);
    assert.doesNotMatch(await row(3).getByTestId('row-errors').innerText(), /[{}`]|item\./);
    assert.equal(await row(2).getAttribute('data-action'), 'create');
    assert.equal(await row(4).getAttribute('data-action'), 'create');
    assert.equal(await page.getByTestId('import-all').isDisabled(), true, '"Import 3 rows" waits for a clean file');
    assert.match(await page.getByTestId('import-all').innerText(), /Import 3 rows/);
    assert.match(await page.getByTestId('import-valid').innerText(), /Import only the 2 valid rows/);
    assert.equal((await importers()).length, 0, 'the dry run wrote nothing');
    await screenshot(page, 'data-preview');

    await page.getByTestId('only-problems').check();
    assert.equal(await page.getByTestId('import-row').count(), 1);
    assert.equal(await row(3).count(), 1);
    await page.getByTestId('only-problems').uncheck();
    assert.equal(await page.getByTestId('import-row').count(), 3);
  });

  it('imports only the valid rows after a confirmation', async () => {
    // Cancel first: nothing is written.
    await page.getByTestId('import-valid').click();
    await page.getByTestId('confirm-valid-only').waitFor();
    assert.match(await page.getByTestId('confirm-valid-only').innerText(), /1 row with problems will be left out \(row 3\)/);
    await page.getByTestId('confirm-cancel').click();
    await page.getByTestId('confirm-valid-only').waitFor({ state: 'detached' });
    assert.equal((await importers()).length, 0);

    await page.getByTestId('import-valid').click();
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('import-done').waitFor();
    assert.match(await page.getByTestId('import-result').innerText(), /Imported: 2 people added, 0 updated, 0 unchanged\. 1 row with problems was left out\./);
    assert.equal(await row(2).getAttribute('data-action'), 'create');
    assert.equal(await row(3).getAttribute('data-action'), 'invalid');
    await screenshot(page, 'data-imported');

    const people = await importers();
    assert.deepEqual(people.map((a) => a.first_name).sort(), ['Ada', 'Cleo']);
    const ada = people.find((a) => a.first_name === 'Ada');
    assert.equal(ada.email, 'ada.importer@example.com');
    assert.equal(ada.company, 'Analytical Ltd');
    assert.equal(ada.fields.find((x) => x.field.name === 't_shirt_size')?.value, 'M');

    // The Attendees screen finds them too.
    await page.getByTestId('see-attendees').click();
    await page.getByTestId('attendee-search').fill('Importer');
    await page.getByTestId('attendee-row').filter({ hasText: 'Ada Importer' }).waitFor();
    assert.equal(await page.getByTestId('attendee-row').count(), 2);
  });

  it('keeps the file and the choices when a request fails, and tries again', async () => {
    await page.getByTestId('nav-data').click();
    await page.getByTestId('data-screen').waitFor();
    // A file the server cannot read: said in words.
    const latin1 = path.join(dir, 'latin1.csv');
    writeFileSync(latin1, Buffer.from('first_name,email\nJos\xe9,jose@example.com\n', 'latin1'));
    await page.getByTestId('import-file').setInputFiles(latin1);
    await page.getByTestId('file-problems').filter({ hasText: /not UTF-8 text \(line 2\); save it as “CSV UTF-8”/ }).waitFor();
    assert.doesNotMatch(await page.getByTestId('file-problems').innerText(), /[{}`]/);

    // The check of the real file fails once on the way: the file and "Vorname" stay.
    let failed = 0;
    await page.route('**/imports/attendees?**', (route) => {
      if (failed === 0) {
        failed += 1;
        return route.abort('connectionreset');
      }
      return route.continue();
    });
    await page.getByTestId('import-file').setInputFiles(csvFile);
    const panel = page.getByTestId('import-status').getByTestId('error-panel');
    await panel.waitFor();
    assert.match(await panel.innerText(), /Cannot reach the kiosk server/);
    assert.match(await panel.innerText(), /your file and choices are kept/);
    assert.equal(await page.getByTestId('file-name').innerText(), 'registrations.csv');
    assert.equal(await column('Vorname').getByTestId('column-map').inputValue(), 'first_name');
    await panel.getByTestId('retry').click();
    await page.getByTestId('sum-rows').waitFor();
    await page.unroute('**/imports/attendees?**');
    assert.equal(failed, 1);
  });

  it('re-imports the same file: everyone unchanged, nobody added', async () => {
    assert.equal(await page.getByTestId('sum-rows').innerText(), '3');
    assert.equal(await page.getByTestId('sum-create').innerText(), '0');
    assert.equal(await page.getByTestId('sum-unchanged').innerText(), '2');
    assert.equal(await page.getByTestId('sum-invalid').innerText(), '1');
    assert.equal(await row(2).getAttribute('data-action'), 'unchanged');
    assert.equal(await column('Vorname').getAttribute('data-target'), 'first_name');

    await page.setViewportSize({ width: 1024, height: 600 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no horizontal scrolling (overflow ${overflow}px)`);
    assert.deepEqual(await smallTargets(page), [], 'touch targets are at least 44 px');
    await screenshot(page, 'data-1024x600');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByTestId('import-valid').click();
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('import-done').waitFor();
    assert.match(await page.getByTestId('import-result').innerText(), /0 people added, 0 updated, 2 unchanged/);
    assert.equal((await importers()).length, 2);
  });

  it('downloads the attendees and the check-in history as CSV', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-attendees').click(),
    ]);
    assert.equal(download.suggestedFilename(), 'event-1-attendees.csv');
    const text = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    assert.match(text, /^id,first_name,last_name,email,/);
    assert.match(text, /,Ada,Importer,ada\.importer@example\.com,/);
    await page.getByTestId('export-done').filter({ hasText: 'event-1-attendees.csv' }).waitFor();

    // A check-in by the signed-in organiser (through the page's own API module and
    // token): the history names the person who did it.
    await page.evaluate(async () => {
      const api = await import('/js/api.js');
      const { eventPath } = await import('/js/session.js');
      const found = await api.get(eventPath('/attendees'), { query: { q: 'ada.importer' } });
      await api.post(eventPath(`/attendees/${found.items[0].id}/check_in`), {});
    });
    const [history] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-check-ins').click(),
    ]);
    assert.equal(history.suggestedFilename(), 'event-1-check-ins.csv');
    const rows = readFileSync(await history.path(), 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    assert.match(rows[0], /,device,by_person,by_client$/);
    const ada = rows.find((r) => r.includes('Ada Importer'));
    assert.ok(ada, rows.join('\n'));
    assert.ok(ada.includes(`<${server.people.organiser.email}>`), `by the organiser: ${ada}`);
  });

  it('is not offered to door staff', async () => {
    const door = await newPage(browser, { server, width: 1024, height: 600 });
    try {
      await signIn(door, server, 'door');
      await door.getByTestId('nav-door').waitFor();
      assert.equal(await door.getByTestId('nav-data').count(), 0);
      await door.goto(`${server.base}/#/data`);
      await door.getByTestId('refusal').waitFor();
      assert.match(await door.getByTestId('refusal').innerText(), /Organisers only/);
      assert.equal(await door.getByTestId('data-screen').count(), 0);
      assert.deepEqual(door.problems, []);
    } finally {
      await door.context().close();
    }
  });

  // Issue 37: at 1024x600 two toasts stood over "Import 20 rows". A toast lets presses
  // through to what is under it, and the next press takes the confirmations away.
  it('keeps toasts from standing between the organiser and the import at 1024x600', async () => {
    const small = await newPage(browser, { width: 1024, height: 600, server });
    try {
      await signIn(small, server);
      await small.goto(`${server.base}/#/attendees`);
      await small.getByTestId('row-check-in').first().click();
      const shown = small.getByTestId('toast');
      await shown.waitFor();
      const box = await shown.boundingBox();
      const under = await small.evaluate(([x, y]) => {
        const el = document.elementFromPoint(x, y);
        return el?.closest('[data-testid="toast"]') ? 'the toast' : 'the page';
      }, [box.x + box.width / 2, box.y + box.height / 2]);
      assert.equal(under, 'the page', 'a press on the toast reaches the page under it');
      await small.getByTestId('nav-data').click();
      await small.getByTestId('data-screen').waitFor();
      assert.equal(await shown.count(), 0, 'the next press took the confirmation away');
      await small.getByTestId('import-file').setInputFiles(csvFile);
      await small.locator('[data-testid="import-column"][data-heading="Vorname"]').getByTestId('column-map').selectOption('first_name');
      const button = small.getByTestId('import-all').or(small.getByTestId('import-valid')).first();
      await button.waitFor();
      await button.scrollIntoViewIfNeeded();
      assert.equal(await shown.count(), 0);
      assert.deepEqual(small.problems, []);
    } finally {
      await small.context().close();
    }
  });

  it('raised no page errors or CSP violations', () => {
    assert.deepEqual(page.problems, []);
  });
});
