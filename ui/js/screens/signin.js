// The welcome screen: one button to the server's sign-in page.
//
// Nothing has the focus but the heading: a hardware scanner's Enter (door staff scanning
// on, not seeing that the sign-in ended) must not press "Sign in" and leave the page. A
// scan here is caught and answered with a line saying to sign in first.

import { h, replace, focusHeading } from '../dom.js';
import * as auth from '../auth.js';
import { isDesktop } from '../desktop.js';
import { listenForScanner } from '../scanner.js';
import { t } from '../i18n.js';

/**
 * `note`: why a sign-in is needed here (e.g. to leave kiosk mode); `ended`: why the
 * sign-in ended by itself (revoked, disabled, expired); `error`: what went wrong.
 * Returns a function that stops the screen's scanner listener.
 */
export function render(root, { error, note, ended } = {}) {
  const button = h('button', {
    type: 'button',
    class: 'btn btn-primary btn-xl',
    'data-testid': 'sign-in',
    onclick: async () => {
      button.disabled = true;
      button.textContent = t('signin-opening');
      const hash = location.hash && location.hash !== '#/' ? location.hash : '#/door';
      try {
        await auth.startSignIn(hash);
      } catch (e) {
        button.disabled = false;
        button.textContent = t('signin-button');
        replace(msg, t('signin-could-not-start'));
      }
    },
  }, t('signin-button'));
  const msg = h('p', { class: 'form-error', role: 'alert', 'data-testid': 'signin-error' }, error || '');
  // A ticket scanned while nobody is signed in: said here (the scanner's Enter is kept
  // from pressing any button), polite, not an alarm.
  // (The live region is there from the start, empty and without a box, so that its words are read out.)
  const scanned = h('div', { role: 'status', 'data-testid': 'signin-scanned' });
  replace(root, h('section', { class: 'screen welcome', 'data-testid': 'signin-screen' },
    h('div', { class: 'welcome-card' },
      h('div', { class: 'welcome-mark', 'aria-hidden': 'true' }, 'E'),
      h('h1', null, 'Entrada'),
      h('p', { class: 'lead' }, t('signin-lead')),
      ended ? h('p', { class: 'notice notice-warn', role: 'alert', 'data-testid': 'signin-ended' }, ended) : null,
      note ? h('p', { class: 'notice', 'data-testid': 'signin-note' }, note) : null,
      error ? msg : null,
      scanned,
      button,
      h('p', { class: 'muted small' }, isDesktop()
        ? t('signin-lasts-desktop')
        : t('signin-lasts-tab')))));
  focusHeading(root);
  return listenForScanner(() => {
    scanned.className = 'notice';
    scanned.textContent = t('signin-scanned');
  });
}
