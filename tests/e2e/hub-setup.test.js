// Setting up the venue hub in the UI (issue 20), at 1024x600, as organisers do it: on the
// hub, the Venue hub screen shows its address and fingerprint and a pairing card (QR code,
// one-time code, minutes left); a kiosk joins through "Join the venue hub" three ways:
// the card's address, fingerprint and code typed (after a wrong code is refused beside the
// field), a hardware scanner reading the card (its QR text typed as keys), and the camera
// holding the card (a fake camera playing the card's QR code). The hub's Devices list then
// shows each kiosk with its door and last contact, and an organiser revokes one. In the
// desktop app, "Make this the venue hub" asks the shell with the organiser's token.

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {
  startServer, launch, newPage, signIn, screenshot, api, buildY4m, smallTargets,
} from './helpers.js';

const noSideScroll = (page) => page.evaluate(() => document.scrollingElement.scrollWidth <= window.innerWidth);

describe('the venue hub set up in the UI', () => {
  let hub;
  let kiosks = [];
  let browser;
  let cameraBrowser;

  before(async () => {
    hub = await startServer({ extraArgs: ['--hub', '--hub-bind', '127.0.0.1:0', '--hub-name', 'Hall A'] });
    browser = await launch();
  });

  after(async () => {
    await browser?.close();
    await cameraBrowser?.close();
    for (const k of kiosks) await k.stop();
    await hub?.stop();
  });

  async function kiosk() {
    const k = await startServer({ extraArgs: ['--sync-interval', '5'] });
    kiosks.push(k);
    return k;
  }

  /** Waits until the kiosk's join screen says it joined and the hub's events are here. */
  async function joined(page) {
    await page.getByTestId('hub-join-done').waitFor();
    await page.getByTestId('hub-joined-events').waitFor({ timeout: 30000 });
    assert.match(await page.getByTestId('hub-joined-progress').innerText(), /events are here/);
  }

  it('shows the pairing card, joins by typed code, and lists and revokes the device', async () => {
    const hubPage = await newPage(browser, { width: 1024, height: 600, server: hub });
    await signIn(hubPage, hub, 'organiser');
    await hubPage.goto(`${hub.base}/#/settings`);
    await hubPage.getByTestId('settings-hub-words').filter({ hasText: 'This is the venue hub “Hall A”' }).waitFor();
    await hubPage.getByTestId('settings-hub-open').click();
    await hubPage.getByTestId('hub-serving').waitFor();
    const state = await api(hub, 'GET', '/api/v2/kiosk/hub', null, { as: 'organiser' });
    assert.equal(await hubPage.getByTestId('hub-fingerprint').innerText(), state.serving.fingerprint_grouped);
    assert.match(await hubPage.getByTestId('hub-urls').innerText(), new RegExp(hub.hubUrl.replace(/[.]/g, '\\.')));
    await hubPage.getByTestId('hub-devices-empty').waitFor();

    await hubPage.getByTestId('hub-show-card').click();
    const code = (await hubPage.getByTestId('hub-card-code').innerText()).replace(/\s+/g, '');
    assert.match(code, /^[0-9A-Z]{8}$/);
    assert.match(await hubPage.getByTestId('hub-card-left').innerText(), /^Valid for (10:00|9:5\d) more/);
    assert.ok(await hubPage.getByTestId('hub-card-qr').evaluate((img) => img.complete && img.naturalWidth > 0), 'the QR image renders');
    const qrBox = await hubPage.getByTestId('hub-card-qr').boundingBox();
    assert.ok(qrBox.width >= 250 && qrBox.y + qrBox.height <= 600, `the QR code is large and on screen: ${JSON.stringify(qrBox)}`);
    assert.ok(await noSideScroll(hubPage), 'no sideways scrolling at 1024x600');
    await screenshot(hubPage, 'hub-pairing-card-1024');
    const url = await hubPage.getByTestId('hub-card-url').innerText();
    const fingerprint = await hubPage.getByTestId('hub-card-fingerprint').innerText();

    // A kiosk: Settings → Venue hub → Join the venue hub.
    const k = await kiosk();
    const page = await newPage(browser, { width: 1024, height: 600, server: k });
    await signIn(page, k, 'organiser');
    await page.goto(`${k.base}/#/settings`);
    await page.getByTestId('settings-hub-open').click();
    await page.getByTestId('hub-neither').waitFor();
    await page.getByTestId('hub-join').click();
    await page.getByTestId('hub-join-screen').waitFor();
    // The LAN search ends (on loopback it may find nothing), then the address is typed.
    await page.getByTestId('hub-found-none').or(page.getByTestId('hub-found-item').first()).waitFor({ timeout: 15000 });
    assert.deepEqual(await smallTargets(page), [], 'every control is a touch target');
    await screenshot(page, 'hub-join-1024');
    if (!(await page.getByTestId('hub-by-address').evaluate((d) => d.open))) {
      await page.getByTestId('hub-by-address').locator('summary').click();
    }
    await page.getByTestId('hub-url').fill(url);
    await page.getByTestId('hub-fingerprint-input').fill(fingerprint);
    await page.getByTestId('hub-door').fill('Door B');
    // A wrong code: said beside the code, by keyboard alone.
    await page.getByTestId('hub-code').fill('ZZZZ2222');
    await page.getByTestId('hub-code').press('Enter');
    await page.getByTestId('hub-code-error').filter({ hasText: /refused the code/ }).waitFor();
    assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), 'hub-code', 'the code field has the focus');
    await screenshot(page, 'hub-join-refused-1024');
    await page.getByTestId('hub-code').fill(code.toLowerCase().replace(/^(.{4})/, '$1-'));
    await page.getByTestId('hub-join-submit').click();
    await joined(page);
    assert.ok(await noSideScroll(page), 'no sideways scrolling at 1024x600');
    await screenshot(page, 'hub-joined-1024');
    const kioskState = await api(k, 'GET', '/api/v2/kiosk/hub', null, { as: 'organiser' });
    assert.equal(kioskState.joined.hub_name, 'Hall A');
    await page.getByTestId('hub-joined-events').click();
    await page.getByTestId('events-screen').waitFor();
    await page.goto(`${k.base}/#/hub`);
    await page.getByTestId('hub-joined').filter({ hasText: '“Hall A”' }).waitFor();

    // Back on the hub: the device, its door, its report; revoked by the organiser.
    await hubPage.getByTestId('hub-card-done').click();
    const row = hubPage.getByTestId('hub-device').first();
    await row.waitFor();
    assert.equal(await row.getByTestId('hub-device-door').innerText(), 'Door B');
    await row.getByTestId('hub-device-contact').filter({ hasNotText: 'Not yet' }).waitFor({ timeout: 15000 });
    assert.equal(await row.getByTestId('hub-device-pending').innerText(), '0');
    await hubPage.getByTestId('hub-devices').scrollIntoViewIfNeeded();
    await screenshot(hubPage, 'hub-devices-1024');
    await row.getByTestId('hub-device-revoke').click();
    await hubPage.getByTestId('hub-revoke-dialog').getByRole('button', { name: 'Revoke' }).click();
    await row.getByTestId('hub-device-contact').filter({ hasText: /^Revoked/ }).waitFor();
    const devices = await api(hub, 'GET', '/api/v2/kiosk/hub/devices', null, { as: 'organiser' });
    assert.ok(devices[0].revoked_at, 'revoked on the hub');
    assert.deepEqual(hubPage.problems, []);
    assert.deepEqual(page.problems, []);
  });

  it('in the desktop app, asks the shell to make this the venue hub under the name given', async () => {
    const k = await kiosk();
    const page = await newPage(browser, { width: 1024, height: 600, server: k });
    await signIn(page, k, 'organiser', { path: '/?desktop=1' });
    await page.goto(`${k.base}/#/hub`);
    await page.getByTestId('hub-make').waitFor();
    await page.getByTestId('hub-name').fill('Hall B');
    await screenshot(page, 'hub-make-desktop-1024');
    // The desktop shell takes /desktop/hub (tests/desktop checks what it does with it).
    const asked = new Promise((resolve) => {
      page.route('**/desktop/hub?**', (route) => { resolve(new URL(route.request().url())); route.fulfill({ status: 204 }); });
    });
    await page.getByTestId('hub-make-on').click();
    const url = await asked;
    assert.equal(url.searchParams.get('on'), '1');
    assert.equal(url.searchParams.get('name'), 'Hall B');
    assert.match(url.searchParams.get('token'), /^ent_at_/);
    assert.deepEqual(page.problems, []);
  });

  it('joins when a hardware scanner reads the card', async () => {
    const card = await api(hub, 'POST', '/api/v2/kiosk/hub/codes', null, { as: 'organiser' });
    const k = await kiosk();
    const page = await newPage(browser, { width: 1024, height: 600, server: k });
    await signIn(page, k, 'organiser');
    await page.goto(`${k.base}/#/start`);
    await page.getByTestId('start-hub').click();
    await page.getByTestId('hub-join-screen').waitFor();
    // A scanner types fast and presses Enter, wherever the focus is.
    await page.getByTestId('hub-search-again').focus();
    await page.keyboard.type(card.qr_text, { delay: 2 });
    await page.keyboard.press('Enter');
    await joined(page);
    assert.deepEqual(page.problems, []);
  });

  it('joins when the camera reads the card', async () => {
    const card = await api(hub, 'POST', '/api/v2/kiosk/hub/codes', null, { as: 'organiser' });
    // The card's QR code as the hub's screen shows it, played by a fake camera.
    const shot = await newPage(browser, { width: 640, height: 480 });
    await shot.setContent(`<body style="margin:0;background:#fff"><img id="qr" style="width:380px;image-rendering:pixelated" src="data:image/svg+xml;charset=utf-8,${encodeURIComponent(card.qr_svg)}"></body>`);
    const png = path.join(hub.dir, 'card.png');
    await shot.locator('#qr').screenshot({ path: png });
    const video = buildY4m([png], { out: path.join(hub.dir, 'card.y4m'), fps: 5, leadS: 0.4, showS: 6, gapS: 0 });
    cameraBrowser = await launch({ y4m: video.file });
    const k = await kiosk();
    const page = await newPage(cameraBrowser, { width: 1024, height: 600, server: k });
    await signIn(page, k, 'organiser');
    await page.goto(`${k.base}/#/hub/join`);
    await page.getByTestId('hub-join-screen').waitFor();
    await page.getByTestId('hub-camera-toggle').click();
    await joined(page);
    assert.deepEqual(page.problems, []);
  });
});
