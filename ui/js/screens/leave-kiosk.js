// Leaving kiosk mode (the desktop app opens #/leave-kiosk when someone closes its window).
// An organiser confirms, and the page asks the shell to quit (/desktop/exit?token=…) or
// to become a normal window (/desktop/kiosk?on=0&token=…); the shell intercepts these
// navigations (they never reach the server) and checks the token with GET /api/v2/me.
// Door staff are told that an organiser must sign in, and can hand over to one.

import * as auth from '../auth.js';
import { h, replace } from '../dom.js';
import { session, isOrganiserAnywhere } from '../session.js';
import { exitUrl, kioskUrl, organiserRequest } from '../desktop.js';

export function render(root) {
  const stops = [];
  const status = h('p', { class: 'form-error', role: 'alert', 'data-testid': 'leave-kiosk-status' });
  const cancel = h('a', { class: 'btn btn-xl', href: '#/door', 'data-testid': 'leave-kiosk-cancel' }, 'Cancel');
  const name = session.user ? (session.user.name || session.user.email) : '';

  if (isOrganiserAnywhere()) {
    const leave = h('button', { type: 'button', class: 'btn btn-danger btn-xl', 'data-testid': 'leave-kiosk-confirm' }, 'Leave kiosk mode and close');
    const windowed = h('button', { type: 'button', class: 'btn btn-xl', 'data-testid': 'leave-kiosk-window' }, 'Leave kiosk mode, keep Entrada open');
    stops.push(organiserRequest(leave, status, 'Closing Entrada…', exitUrl));
    stops.push(organiserRequest(windowed, status, 'Leaving kiosk mode…', (token) => kioskUrl(false, token)));
    replace(root, h('section', { class: 'screen narrow leave-kiosk', 'data-testid': 'leave-kiosk' },
      h('div', { class: 'card leave-card' },
        h('h1', null, 'Leave kiosk mode?'),
        h('p', { class: 'lead' }, `Signed in as ${name}, organiser.`),
        h('p', null, 'Closing keeps every check-in; start Entrada again to carry on. Kept open, Entrada becomes a normal window and starts that way until an organiser turns kiosk mode on again (Settings).'),
        status,
        h('div', { class: 'btn-row' }, leave, windowed, cancel))));
    leave.focus();
  } else {
    const handOver = h('button', { type: 'button', class: 'btn btn-primary btn-xl', 'data-testid': 'leave-kiosk-switch' }, 'Sign out and let an organiser sign in');
    handOver.addEventListener('click', async () => {
      handOver.disabled = true;
      handOver.textContent = 'Signing out…';
      await auth.signOut();
      try {
        await auth.startSignIn('#/leave-kiosk');
      } catch (e) {
        location.reload(); // signed out: the welcome screen offers the sign-in
      }
    });
    replace(root, h('section', { class: 'screen narrow leave-kiosk', 'data-testid': 'leave-kiosk-door' },
      h('div', { class: 'card leave-card' },
        h('h1', null, 'An organiser must sign in'),
        h('p', { class: 'lead' }, 'Only an organiser can leave kiosk mode and close Entrada.'),
        h('p', null, `You are signed in as ${name}, door staff. To close Entrada, sign out here and let an organiser sign in; or go back to the door and carry on.`),
        status,
        h('div', { class: 'btn-row' }, handOver, cancel))));
    cancel.focus();
  }

  return () => stops.forEach((stop) => stop());
}
