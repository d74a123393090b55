// Attendees: search as you type, filters, paging, check in by hand, the detail view
// (answers, history, QR, print badge), and editing (including rsvp_status).

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, newPage, signIn, screenshot, api, smallTargets } from './helpers.js';

describe('attendees', () => {
  let server;
  let browser;
  let page;
  let target;

  before(async () => {
    server = await startServer();
    browser = await launch();
    page = await newPage(browser, { server });
    await page.addInitScript(() => {
      window.print = () => { window.__printCalls = (window.__printCalls || 0) + 1; };
    });
    // Someone to find: a confirmed attendee, not checked in, with an accented last name.
    const res = await api(server, 'GET', '/api/v2/events/1/attendees?q=garcia&rsvp_status=confirmed&checkin_status=not_checked_in&per_page=5');
    [target] = res.items;
    assert.ok(target, 'the demo has a García');
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  const rows = () => page.getByTestId('attendee-row');

  it('searches as you type (prefix, accents ignored), filters and pages', async () => {
    await signIn(page, server);
    await page.getByTestId('nav-attendees').click();
    await page.getByTestId('attendees-screen').waitFor();
    await page.getByTestId('result-count').filter({ hasText: '300 people' }).waitFor();
    await page.getByTestId('page-next').click();
    await page.getByTestId('result-count').filter({ hasText: 'page 2 of 12' }).waitFor();
    // Typing, not filling: each key narrows the list.
    await page.getByTestId('attendee-search').pressSequentially('garc', { delay: 40 });
    await page.getByTestId('result-count').filter({ hasText: 'page 1 of' }).waitFor();
    await page.locator(`[data-testid="attendee-row"][data-attendee-id="${target.id}"]`).waitFor();
    const names = await page.getByTestId('attendee-link').allInnerTexts();
    assert.ok(names.length > 0 && names.every((n) => /garc[ií]a/i.test(n)), `every row is a García: ${names.join(', ')}`);
    await screenshot(page, 'attendees-search');
    // A filter with the search: nobody checked in yet.
    await page.getByTestId('filter-status').selectOption('checked_in');
    await page.getByTestId('no-results').waitFor();
    await page.getByTestId('filter-status').selectOption('');
    await page.locator(`[data-testid="attendee-row"][data-attendee-id="${target.id}"]`).waitFor();
  });

  it('checks in by hand from the list', async () => {
    const row = page.locator(`[data-testid="attendee-row"][data-attendee-id="${target.id}"]`);
    await row.getByTestId('row-check-in').click();
    await row.getByTestId('row-check-out').waitFor();
    assert.equal(await row.getByTestId('status-chip').innerText(), 'Checked in');
    const after = await api(server, 'GET', `/api/v2/events/1/attendees/${target.id}`);
    assert.equal(after.item.checkin_status, 'checked_in');
    await screenshot(page, 'attendees-checked-in');
    await page.getByTestId('filter-status').selectOption('checked_in');
    await page.getByTestId('result-count').filter({ hasText: /^1 person/ }).waitFor();
    assert.equal(await rows().count(), 1);
    await page.locator(`[data-testid="attendee-row"][data-attendee-id="${target.id}"]`).waitFor();
    await page.getByTestId('filter-status').selectOption('');
  });

  it('shows the detail: answers, history, QR code, and prints the badge', async () => {
    await page.locator(`[data-testid="attendee-row"][data-attendee-id="${target.id}"]`).getByTestId('attendee-link').click();
    await page.getByTestId('attendee-detail').waitFor();
    assert.equal(await page.getByTestId('detail-name').innerText(), `${target.first_name} ${target.last_name}`);
    assert.equal(await page.getByTestId('qr-text').innerText(), target.qr_code);
    await page.getByTestId('answer-t_shirt_size').waitFor();
    await page.getByTestId('history').getByText('Check in').waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector('[data-testid="qr-image"]');
      return img && img.complete && img.naturalWidth > 0;
    });
    // Check out, then undo, by hand.
    await page.getByTestId('detail-check-out').click();
    await page.getByTestId('detail-status').getByText('Checked out').waitFor();
    await page.getByTestId('detail-undo').click();
    await page.getByTestId('detail-status').getByText('Not checked in').waitFor();
    assert.equal(await page.getByTestId('detail-undo').isDisabled(), true);
    await page.getByTestId('detail-check-in').click();
    await page.getByTestId('detail-status').getByText('Checked in').waitFor();
    await page.getByTestId('print-badge').click();
    await page.waitForFunction(() => window.__printCalls === 1);
    const badge = await page.locator('#print-area [data-testid="badge-card"]').innerText();
    assert.match(badge, new RegExp(target.first_name));
    await screenshot(page, 'attendee-detail');
    await page.setViewportSize({ width: 1024, height: 600 });
    await screenshot(page, 'attendee-detail-1024x600');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('edits the attendee, including rsvp_status', async () => {
    await page.getByTestId('detail-edit').click();
    await page.getByTestId('attendee-edit').waitFor();
    await page.getByTestId('input-job_title').fill('Chief Badge Officer');
    await page.getByTestId('input-rsvp_status').selectOption('waitlisted');
    await page.getByTestId('input-email').fill('not-an-email');
    await page.getByTestId('edit-save').click();
    await page.getByTestId('error-email').filter({ hasText: /valid email/ }).waitFor();
    // What was typed stays.
    assert.equal(await page.getByTestId('input-job_title').inputValue(), 'Chief Badge Officer');
    await page.getByTestId('input-email').fill('garcia@example.com');
    await screenshot(page, 'attendee-edit');
    await page.getByTestId('edit-save').click();
    await page.getByTestId('attendee-detail').waitFor();
    await page.getByTestId('detail-rsvp').filter({ hasText: 'Waitlisted' }).waitFor();
    const after = await api(server, 'GET', `/api/v2/events/1/attendees/${target.id}`);
    assert.equal(after.item.rsvp_status, 'waitlisted');
    assert.equal(after.item.job_title, 'Chief Badge Officer');
    assert.equal(after.item.email, 'garcia@example.com');
  });

  it('opens an attendee from a ticket code typed (or scanned) into the search', async () => {
    await page.getByTestId('nav-attendees').click();
    await page.getByTestId('attendee-search').fill(target.qr_code.toLowerCase());
    await page.getByTestId('attendee-search').press('Enter');
    await page.getByTestId('attendee-detail').waitFor();
    assert.equal(await page.getByTestId('qr-text').innerText(), target.qr_code);
  });

  it('lists attendees at 1024x600', async () => {
    await page.setViewportSize({ width: 1024, height: 600 });
    await page.getByTestId('nav-attendees').click();
    await page.getByTestId('attendee-row').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no horizontal scrolling (overflow ${overflow}px)`);
    assert.deepEqual(await smallTargets(page), [], 'touch targets are at least 44 px');
    await screenshot(page, 'attendees-1024x600');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await screenshot(page, 'attendees-1920x1080');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('raised no page errors or CSP violations', () => {
    assert.deepEqual(page.problems, []);
  });
});
