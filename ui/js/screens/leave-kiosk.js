// Leaving kiosk mode (the desktop app opens #/leave-kiosk when someone closes its window).
// An organiser confirms, and the page asks the shell to quit (/desktop/exit?token=…) or
// to become a normal window (/desktop/kiosk?on=0&token=…); the shell intercepts these
// navigations (they never reach the server) and checks the token with GET /api/v2/me.
// Door staff are told that an organiser must sign in, and can hand over to one.

import * as auth from '../auth.js';
import { h, replace } from '../dom.js';
import { session, isOrganiserAnywhere } from '../session.js';
import { exitUrl, kioskUrl, organiserRequest } from '../desktop.js';
import { t } from '../i18n.js';

export function render(root) {
  const stops = [];
  const status = h('p', { class: 'form-error', role: 'alert', 'data-testid': 'leave-kiosk-status' });
  const cancel = h('a', { class: 'btn btn-xl', href: '#/door', 'data-testid': 'leave-kiosk-cancel' }, t('common-cancel'));
  const name = session.user ? (session.user.name || session.user.email) : '';

  if (isOrganiserAnywhere()) {
    const leave = h('button', { type: 'button', class: 'btn btn-danger btn-xl', 'data-testid': 'leave-kiosk-confirm' }, t('signin-leave-kiosk-close'));
    const windowed = h('button', { type: 'button', class: 'btn btn-xl', 'data-testid': 'leave-kiosk-window' }, t('signin-leave-kiosk-window'));
    stops.push(organiserRequest(leave, status, t('signin-leave-kiosk-closing'), exitUrl));
    stops.push(organiserRequest(windowed, status, t('signin-leave-kiosk-leaving'), (token) => kioskUrl(false, token)));
    replace(root, h('section', { class: 'screen narrow leave-kiosk', 'data-testid': 'leave-kiosk' },
      h('div', { class: 'card leave-card' },
        h('h1', null, t('signin-leave-kiosk-title')),
        h('p', { class: 'lead' }, t('signin-leave-kiosk-as-organiser', { name })),
        h('p', null, t('signin-leave-kiosk-explain')),
        status,
        h('div', { class: 'btn-row' }, leave, windowed, cancel))));
    leave.focus();
  } else {
    const handOver = h('button', { type: 'button', class: 'btn btn-primary btn-xl', 'data-testid': 'leave-kiosk-switch' }, t('signin-leave-kiosk-hand-over'));
    handOver.addEventListener('click', async () => {
      handOver.disabled = true;
      handOver.textContent = t('signin-leave-kiosk-signing-out');
      await auth.signOut();
      try {
        await auth.startSignIn('#/leave-kiosk');
      } catch (e) {
        location.reload(); // signed out: the welcome screen offers the sign-in
      }
    });
    replace(root, h('section', { class: 'screen narrow leave-kiosk', 'data-testid': 'leave-kiosk-door' },
      h('div', { class: 'card leave-card' },
        h('h1', null, t('signin-leave-kiosk-door-title')),
        h('p', { class: 'lead' }, t('signin-leave-kiosk-door-lead')),
        h('p', null, t('signin-leave-kiosk-as-door-staff', { name })),
        status,
        h('div', { class: 'btn-row' }, handOver, cancel))));
    cancel.focus();
  }

  return () => stops.forEach((stop) => stop());
}
