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
import { t } from '../i18n.js';

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
    const signIn = h('button', { type: 'button', class: 'btn btn-primary btn-xl', 'data-testid': 'leave-door-sign-in' }, t('door-leave-sign-in'));
    const status = h('p', { class: 'form-error', role: 'alert', 'data-testid': 'leave-door-status' });
    signIn.addEventListener('click', async () => {
      signIn.disabled = true;
      signIn.textContent = t('door-leave-opening');
      try {
        await auth.startSignIn('#/leave-door');
      } catch (e) {
        signIn.disabled = false;
        signIn.textContent = t('door-leave-sign-in');
        status.textContent = t('door-leave-open-failed');
      }
    });
    replace(root, h('section', { class: 'screen narrow leave-kiosk', 'data-testid': 'leave-door' },
      h('div', { class: 'card leave-card' },
        h('h1', null, t('door-leave-title')),
        h('p', { class: 'lead' }, t('door-leave-lead')),
        h('p', null, t('door-leave-how')),
        status,
        h('div', { class: 'btn-row' },
          signIn,
          h('a', { class: 'btn btn-xl', href: '#/door', 'data-testid': 'leave-door-cancel' }, t('door-leave-back'))))));
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
    const back = h('button', { type: 'button', class: 'btn btn-primary btn-xl', 'data-testid': 'leave-door-back', onclick: restart }, t('door-leave-back'));
    replace(root, h('section', { class: 'screen narrow leave-kiosk', 'data-testid': 'leave-door-refused' },
      h('div', { class: 'card leave-card' },
        h('h1', null, t('door-leave-refused-title')),
        h('p', { class: 'lead', 'data-testid': 'leave-door-refused-words' },
          t('door-leave-refused-words', { name })),
        h('p', null, t('door-leave-refused-how')),
        h('div', { class: 'btn-row' }, back))));
    auth.signOut();
    back.focus();
    return () => { alive = false; };
  }

  async function leave() {
    replace(root, h('section', { class: 'screen narrow leave-kiosk', 'data-testid': 'leave-door-working' },
      h('h1', null, t('door-leave-working-title')),
      loading(t('door-leave-working'))));
    focusHeading(root);
    if (session.accountId !== organiserOf.account_id) chooseAccount(organiserOf);
    try {
      await api.del(api.paths.client(device.client_id));
    } catch (e) {
      if (e.status !== 404) { // 404: already revoked, which is what we want
        if (!alive) return;
        const keep = h('button', { type: 'button', class: 'btn', 'data-testid': 'leave-door-keep' }, t('door-leave-keep'));
        keep.addEventListener('click', async () => {
          await auth.signOut();
          restart();
        });
        replace(root, h('section', { class: 'screen narrow leave-kiosk', 'data-testid': 'leave-door-failed' },
          h('h1', null, t('door-leave-failed-title')),
          errorPanel(e, leave, { title: t('door-leave-failed') }),
          h('div', { class: 'btn-row' }, keep)));
        focusHeading(root);
        return;
      }
    }
    auth.leaveDevice();
    if (!alive) return;
    toast(t('door-leave-done', { name }), 'ok', 5000);
    location.replace('#/door');
  }

  leave();
  return () => { alive = false; };
}
