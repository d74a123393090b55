// Kiosk mode (the desktop app's `--kiosk`): the screen is kept awake, and after some
// minutes without a touch, click or key the kiosk goes back to a fresh door screen, so the
// next person never finds someone else's search, form or half-done edit.

const INPUT_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'wheel'];

let started = false;

const NOT_NOW_RETRY_MS = 5000;

/**
 * Starts the idle watch and the wake lock. `onIdle()` runs once `minutes` passed with no
 * input, if something happened since the last time (`poke()` also counts as something:
 * a camera scan, a route change). When it returns false (busy: an import is running, say)
 * it is asked again a few seconds later.
 */
export function startKiosk({ minutes, onIdle }) {
  if (started) return null;
  started = true;
  const idleMs = Math.max(600, minutes * 60_000);
  let lastInput = Date.now();
  let dirty = true; // the page may have opened on any screen
  const onInput = () => {
    lastInput = Date.now();
    dirty = true;
  };
  for (const type of INPUT_EVENTS) window.addEventListener(type, onInput, { capture: true, passive: true });
  const timer = setInterval(() => {
    if (!dirty || Date.now() - lastInput < idleMs) return;
    dirty = false;
    lastInput = Date.now();
    let done = true;
    try { done = onIdle() !== false; } catch (e) { console.error(e); }
    if (!done) {
      dirty = true;
      lastInput = Date.now() - idleMs + NOT_NOW_RETRY_MS;
    }
  }, Math.min(1000, Math.max(200, idleMs / 6)));
  keepAwake();
  return {
    /** Something happened without input here (a camera scan, the shell opening a screen). */
    poke: onInput,
    stop() {
      clearInterval(timer);
      for (const type of INPUT_EVENTS) window.removeEventListener(type, onInput, { capture: true });
      started = false;
    },
  };
}

/** Closes modal dialogs (their owners see a cancel), the menu and any half-typed input. */
export function calmDown() {
  for (const dialog of document.querySelectorAll('dialog[open]')) {
    try { dialog.close(); } catch (e) { /* already closing */ }
  }
  const pop = document.getElementById('user-popover');
  if (pop && !pop.hidden) {
    pop.hidden = true;
    const menu = document.getElementById('user-menu');
    if (menu) menu.setAttribute('aria-expanded', 'false');
  }
  if (document.activeElement && document.activeElement !== document.body) document.activeElement.blur();
}

// ---- Screen wake lock -------------------------------------------------------------------
// Where the Screen Wake Lock API exists, hold a lock while the page is visible; the browser
// drops it when the page is hidden, so it is asked for again on `visibilitychange`. Where
// it does not exist (or is refused), nothing happens. The state is on <html data-wake-lock>.

let lock = null;

function setState(state) {
  document.documentElement.dataset.wakeLock = state;
}

async function acquire() {
  if (!('wakeLock' in navigator) || !navigator.wakeLock || typeof navigator.wakeLock.request !== 'function') {
    setState('unsupported');
    return;
  }
  if (document.visibilityState !== 'visible' || (lock && !lock.released)) return;
  try {
    lock = await navigator.wakeLock.request('screen');
    setState('on');
    lock.addEventListener('release', () => {
      setState('released');
      lock = null;
    });
  } catch (e) {
    // Refused (not visible, power saving, a policy): try again on the next visibility change.
    setState('refused');
    lock = null;
  }
}

function keepAwake() {
  acquire();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') acquire();
  });
}
