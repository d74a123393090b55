// "Hand the kiosk to the door": an organiser turns this device into a door device in one
// step. The device gets client credentials of its own (POST /kiosk/clients, named "Door
// device: <device name>", scopes `read check_in`), checks that they give a token, then
// the organiser's own tokens are revoked and the page starts again as the door device.
// Leaving door mode is screens/leave-door.js (an organiser signs in).

import * as api from './api.js';
import * as auth from './auth.js';
import { confirmDialog, h } from './dom.js';
import { session, deviceName } from './session.js';
import { t } from './i18n.js';

/** The name prefix of door devices' credentials (the Staff screen lists them by it). */
export const DOOR_DEVICE_PREFIX = 'Door device';

export function isDoorDeviceClient(client) {
  return !!client && typeof client.name === 'string' && client.name.startsWith(DOOR_DEVICE_PREFIX);
}

/**
 * Asks, then makes this device a door device and reloads into door mode. Resolves false
 * when the organiser cancelled; throws an ApiError/AuthError (with `words`) when it failed,
 * leaving the organiser signed in as before.
 */
export async function handToTheDoor() {
  const yes = await confirmDialog({
    title: t('door-device-confirm-title'),
    body: t('door-device-confirm-body', { device: deviceName() }),
    confirmWords: t('door-device-confirm'),
    testid: 'door-device-dialog',
  });
  if (!yes) return false;
  const made = await api.post(api.paths.clients(), {
    item: { name: `${DOOR_DEVICE_PREFIX}: ${deviceName()}`, scopes: 'read check_in' },
  });
  auth.becomeDevice({
    client_id: made.client_id, client_secret: made.client_secret, name: made.name, account_id: session.accountId,
  });
  try {
    await auth.deviceRefresh();
  } catch (e) {
    // The credentials do not work: stay as we were, and take them back.
    auth.leaveDevice();
    auth.clearDeviceEnded();
    api.del(api.paths.client(made.client_id)).catch(() => null);
    throw e;
  }
  await auth.signOut();
  // Start again as the door device, on the door screen (the chosen event stays).
  history.replaceState(null, '', '/#/door');
  location.reload();
  return true;
}

/**
 * The "Hand this kiosk to the door" button with its error line, as the Staff and Settings
 * screens show it: `{ button, status }`. `testid` prefixes both test ids; `alive()` says
 * whether the screen is still shown when the hand-over ends.
 */
export function handToTheDoorControl(testid, alive) {
  const status = h('p', { class: 'form-error', role: 'alert', 'data-testid': `${testid}-error` });
  const button = h('button', { type: 'button', class: 'btn btn-primary', 'data-testid': testid }, t('door-device-hand-over'));
  button.addEventListener('click', async () => {
    status.textContent = '';
    button.disabled = true;
    try {
      await handToTheDoor();
    } catch (e) {
      status.textContent = t('door-device-failed', { error: e.words || e.message });
    }
    if (alive()) button.disabled = false;
  });
  return { button, status };
}
