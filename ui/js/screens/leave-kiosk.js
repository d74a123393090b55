// Leaving kiosk mode (the desktop app opens #/leave-kiosk when someone closes its window).
// An organiser confirms, and the page asks the shell to quit by navigating to
// /desktop/exit?token=…, which the shell intercepts (it never reaches the server) and
// checks with GET /api/v2/me before it quits. Door staff are told that an organiser must
// sign in, and can hand over to one.

import * as auth from '../auth.js';
import { h, replace } from '../dom.js';
import { session, isOrganiserAnywhere } from '../session.js';
import { exitUrl } from '../desktop.js';

const STILL_OPEN_MS = 6000; // the shell quits within a moment; after this it did not

export function render(root) {
  let alive = true;
  let timer = null;
  const status = h('p', { class: 'form-error', role: 'alert', 'data-testid': 'leave-kiosk-status' });
  const cancel = h('a', { class: 'btn btn-xl', href: '#/door', 'data-testid': 'leave-kiosk-cancel' }, 'Cancel');
  const name = session.user ? (session.user.name || session.user.email) : '';

  if (isOrganiserAnywhere()) {
    const leave = h('button', { type: 'button', class: 'btn btn-danger btn-xl', 'data-testid': 'leave-kiosk-confirm' }, 'Leave kiosk mode and close');
    leave.addEventListener('click', async () => {
      leave.disabled = true;
      leave.textContent = 'Closing Entrada…';
      status.textContent = '';
      let token;
      try {
        token = await auth.token();
      } catch (e) {
        if (!alive) return;
        leave.disabled = false;
        leave.textContent = 'Leave kiosk mode and close';
        status.textContent = e.words || 'Your sign-in has ended. Please sign in again.';
        return;
      }
      if (!alive) return;
      location.href = exitUrl(token);
      timer = setTimeout(() => {
        if (!alive) return;
        leave.disabled = false;
        leave.textContent = 'Leave kiosk mode and close';
        status.textContent = 'Entrada is still open. Try again; if it stays open, restart the computer.';
      }, STILL_OPEN_MS);
    });
    replace(root, h('section', { class: 'screen narrow leave-kiosk', 'data-testid': 'leave-kiosk' },
      h('div', { class: 'card leave-card' },
        h('h1', null, 'Leave kiosk mode and close Entrada?'),
        h('p', { class: 'lead' }, `Signed in as ${name}, organiser.`),
        h('p', null, 'Entrada closes on this computer. Every check-in is kept; start Entrada again to carry on.'),
        status,
        h('div', { class: 'btn-row' }, leave, cancel))));
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

  return () => {
    alive = false;
    clearTimeout(timer);
  };
}
