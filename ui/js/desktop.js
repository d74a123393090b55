// Where the UI runs: the Entrada desktop app opens `/?desktop=1` (and `&kiosk=1&idle=N`
// in kiosk mode, N minutes without use before the door screen comes back). The sign-in
// round trip (/oauth/authorize → /oauth/callback) drops that query, so the flags are kept
// in sessionStorage (this window only) the first time they are seen. A page opened with
// `desktop` in its query replaces them; a page without it keeps them.

import * as auth from './auth.js';
import { t } from './i18n.js';

const KEY = 'entrada.desktop';
const DEFAULT_IDLE_MINUTES = 3;

let flags = { desktop: false, kiosk: false, idle: DEFAULT_IDLE_MINUTES };

function parseIdle(value) {
  const n = Number(value);
  // Fractions are allowed (the tests use a few seconds); nonsense means the default.
  return Number.isFinite(n) && n > 0 ? Math.max(n, 0.01) : DEFAULT_IDLE_MINUTES;
}

/** Reads the flags from the address (first) or sessionStorage. Called once at boot. */
export function remember(search = location.search) {
  const params = new URLSearchParams(search);
  if (params.has('desktop')) {
    const desktop = params.get('desktop') === '1';
    flags = {
      desktop,
      kiosk: desktop && params.get('kiosk') === '1',
      idle: parseIdle(params.get('idle')),
    };
    try { sessionStorage.setItem(KEY, JSON.stringify(flags)); } catch (e) { /* storage off: this page only */ }
  } else {
    try {
      const saved = JSON.parse(sessionStorage.getItem(KEY) || 'null');
      if (saved && typeof saved === 'object') {
        flags = { desktop: !!saved.desktop, kiosk: !!saved.desktop && !!saved.kiosk, idle: parseIdle(saved.idle) };
      }
    } catch (e) { /* keep the defaults */ }
  }
  document.documentElement.classList.toggle('is-desktop', flags.desktop);
  document.documentElement.classList.toggle('is-kiosk', flags.kiosk);
  return { ...flags };
}

/** In the Entrada desktop app (its window, its own server on 127.0.0.1). */
export function isDesktop() {
  return flags.desktop;
}

/** In the desktop app's kiosk mode (fullscreen; leaving needs an organiser). */
export function isKiosk() {
  return flags.kiosk;
}

/** Minutes without use after which kiosk mode goes back to the door screen. */
export function idleMinutes() {
  return flags.idle;
}

/** Asks the desktop shell to quit; it checks that the token is an organiser's. */
export function exitUrl(accessToken) {
  return `/desktop/exit?token=${encodeURIComponent(accessToken)}`;
}

/**
 * Asks the desktop shell to turn kiosk mode on or off (and keep that for the next start);
 * it checks that the token is an organiser's, then opens the door screen again.
 */
export function kioskUrl(on, accessToken) {
  return `/desktop/kiosk?on=${on ? 1 : 0}&token=${encodeURIComponent(accessToken)}`;
}

/**
 * Asks the desktop shell to make this computer the venue hub (`on`, under `name`) or to
 * stop it being one: it checks that the token is an organiser's, keeps the setting for the
 * next start, starts its server again and opens the Venue hub screen.
 */
export function hubUrl(on, name, accessToken) {
  const query = new URLSearchParams({ on: on ? '1' : '0', token: accessToken });
  if (name) query.set('name', name);
  return `/desktop/hub?${query}`;
}

const STILL_HERE_MS = 6000; // the shell acts within a moment; after this it did not

/**
 * A button that sends the shell a request only an organiser may make (`urlFor(token)`):
 * the button shows `busy` while it waits; when the shell did nothing (refused, or the
 * sign-in ended) the button comes back and `status` says so. Returns a function that
 * stops the wait (for a screen that goes away).
 */
export function organiserRequest(button, status, busy, urlFor) {
  const idle = button.textContent;
  let timer = null;
  const back = (words) => {
    button.disabled = false;
    button.textContent = idle;
    status.textContent = words;
  };
  button.addEventListener('click', async () => {
    button.disabled = true;
    button.textContent = busy;
    status.textContent = '';
    let token;
    try {
      token = await auth.token();
    } catch (e) {
      back(e.words || t('shell-error-signed-out'));
      return;
    }
    location.href = urlFor(token);
    timer = setTimeout(() => back(t('shell-desktop-nothing-happened')), STILL_HERE_MS);
  });
  return () => clearTimeout(timer);
}
