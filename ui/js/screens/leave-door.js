// Leaving door-device mode (#/leave-door). On the door device itself: say that an organiser
// signs in, and send them to the normal sign-in (which comes back here). Back here with a
// person signed in over the door device: an organiser of the device's account revokes its
// credentials (DELETE /kiosk/clients/{client_id}) and the kiosk carries on as theirs;
// anyone else is signed out again at once and the kiosk stays a door device.

import * as api from '../api.js';
import * as auth from '../auth.js';
import { h, replace, loading, errorPanel, focusHeading } from '../dom.js';
import { session, chooseAccount, isDoorDevice } from '../session.js';
import { hideShell, toast } from '../shell.js';

/** Starts again on the door screen (as the door device, when that is what is left). */
function restart() {
  history.replaceState(null, '', '/#/door');
  location.reload();
}

export function render(root) {
  let alive = true;
  const device = auth.doorDevice();

  if (!device) {
    location.replace('#/door');
    return null;
  }

  // The door device itself: an organiser must sign in.
  if (isDoorDevice()) {
    const signIn = h('button', { type: 'button', class: 'btn btn-primary btn-xl', 'data-testid': 'leave-door-sign-in' }, 'An organiser signs in');
    const status = h('p', { class: 'form-error', role: 'alert', 'data-testid': 'leave-door-status' });
    signIn.addEventListener('click', async () => {
      signIn.disabled = true;
      signIn.textContent = 'Opening sign-in…';
      try {
        await auth.startSignIn('#/leave-door');
      } catch (e) {
        signIn.disabled = false;
        signIn.textContent = 'An organiser signs in';
        status.textContent = 'Could not open the sign-in. Try again.';
      }
    });
    replace(root, h('section', { class: 'screen narrow leave-kiosk', 'data-testid': 'leave-door' },
      h('div', { class: 'card leave-card' },
        h('h1', null, 'Leave door mode?'),
        h('p', { class: 'lead' }, 'This kiosk is a door device: it checks people in with door rights only.'),
        h('p', null, 'To make it a normal kiosk again, an organiser signs in. Its door access is then revoked and the kiosk carries on as the organiser. Door staff who sign in here do not end door mode.'),
        status,
        h('div', { class: 'btn-row' },
          signIn,
          h('a', { class: 'btn btn-xl', href: '#/door', 'data-testid': 'leave-door-cancel' }, 'Back to the door')))));
    signIn.focus();
    return () => { alive = false; };
  }

  // A person signed in over the door device.
  const accounts = (session.user && session.user.accounts) || [];
  const organiserOf = accounts.find((a) => a.role === 'organiser'
    && (device.account_id === null || device.account_id === undefined || a.account_id === device.account_id));
  const name = session.user ? (session.user.name || session.user.email) : '';

  if (!organiserOf) {
    // Not an organiser: door mode stays, and their own sign-in ends here.
    hideShell();
    const back = h('button', { type: 'button', class: 'btn btn-primary btn-xl', 'data-testid': 'leave-door-back', onclick: restart }, 'Back to the door');
    replace(root, h('section', { class: 'screen narrow leave-kiosk', 'data-testid': 'leave-door-refused' },
      h('div', { class: 'card leave-card' },
        h('h1', null, 'Only an organiser can leave door mode'),
        h('p', { class: 'lead', 'data-testid': 'leave-door-refused-words' },
          `You signed in as ${name}, door staff. This kiosk stays a door device, and your own sign-in has ended here.`),
        h('p', null, 'To leave door mode, an organiser signs in.'),
        h('div', { class: 'btn-row' }, back))));
    auth.signOut();
    back.focus();
    return () => { alive = false; };
  }

  async function leave() {
    replace(root, h('section', { class: 'screen narrow leave-kiosk', 'data-testid': 'leave-door-working' },
      h('h1', null, 'Leaving door mode'),
      loading('Revoking the door access of this kiosk…')));
    focusHeading(root);
    if (session.accountId !== organiserOf.account_id) chooseAccount(organiserOf);
    try {
      await api.del(api.paths.client(device.client_id));
    } catch (e) {
      if (e.status !== 404) { // 404: already revoked, which is what we want
        if (!alive) return;
        const keep = h('button', { type: 'button', class: 'btn', 'data-testid': 'leave-door-keep' }, 'Keep door mode');
        keep.addEventListener('click', async () => {
          await auth.signOut();
          restart();
        });
        replace(root, h('section', { class: 'screen narrow leave-kiosk', 'data-testid': 'leave-door-failed' },
          h('h1', null, 'Door mode not left yet'),
          errorPanel(e, leave, { title: 'The door access of this kiosk could not be revoked' }),
          h('div', { class: 'btn-row' }, keep)));
        focusHeading(root);
        return;
      }
    }
    auth.leaveDevice();
    if (!alive) return;
    toast(`Door mode ended. This kiosk is signed in as ${name}.`, 'ok', 5000);
    location.replace('#/door');
  }

  leave();
  return () => { alive = false; };
}
