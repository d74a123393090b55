// The welcome screen: one button to the server's sign-in page.

import { h, replace } from '../dom.js';
import * as auth from '../auth.js';
import { isDesktop } from '../desktop.js';

/** `note`: why a sign-in is needed here (e.g. to leave kiosk mode); `error`: what went wrong. */
export function render(root, { error, note } = {}) {
  const button = h('button', {
    type: 'button',
    class: 'btn btn-primary btn-xl',
    'data-testid': 'sign-in',
    onclick: async () => {
      button.disabled = true;
      button.textContent = 'Opening sign-in…';
      const hash = location.hash && location.hash !== '#/' ? location.hash : '#/door';
      try {
        await auth.startSignIn(hash);
      } catch (e) {
        button.disabled = false;
        button.textContent = 'Sign in';
        replace(msg, 'Could not start the sign-in. Reload the page and try again.');
      }
    },
  }, 'Sign in');
  const msg = h('p', { class: 'form-error', role: 'alert', 'data-testid': 'signin-error' }, error || '');
  replace(root, h('section', { class: 'screen welcome', 'data-testid': 'signin-screen' },
    h('div', { class: 'welcome-card' },
      h('div', { class: 'welcome-mark', 'aria-hidden': 'true' }, 'E'),
      h('h1', null, 'Entrada'),
      h('p', { class: 'lead' }, 'Event check-in. Sign in with your staff email and password.'),
      note ? h('p', { class: 'notice', 'data-testid': 'signin-note' }, note) : null,
      error ? msg : null,
      button,
      h('p', { class: 'muted small' }, isDesktop()
        ? 'Your sign-in lasts until you sign out or Entrada closes; sign out when you leave the kiosk.'
        : 'Your sign-in stays on this tab only; close the tab or sign out when you leave the kiosk.'))));
  button.focus();
  return null;
}
