// Entrada kiosk UI: boot, sign-in, the top bar and the hash router.

import * as i18n from './js/i18n.js';
import { t } from './js/i18n.js';
import * as auth from './js/auth.js';
import * as api from './js/api.js';
import * as desktop from './js/desktop.js';
import { startKiosk, calmDown } from './js/kiosk.js';
import { session, isOrganiser, loadUser, restoreEvent, on as onSession } from './js/session.js';
import { h, replace, focusHeading, loading, errorPanel, refreshFormats } from './js/dom.js';
import { armAudio } from './js/sounds.js';
import { initShell, showShell, hideShell, renderNav, refreshCounters, refreshSync } from './js/shell.js';
import * as signin from './js/screens/signin.js';
import * as events from './js/screens/events.js';
import * as door from './js/screens/door.js';
import * as attendees from './js/screens/attendees.js';
import * as walkin from './js/screens/walkin.js';
import * as formEditor from './js/screens/form-editor.js';
import * as sync from './js/screens/sync.js';
import * as data from './js/screens/data.js';
import * as settings from './js/screens/settings.js';
import * as leaveKiosk from './js/screens/leave-kiosk.js';
import * as staff from './js/screens/staff.js';
import * as eventEdit from './js/screens/event-edit.js';
import * as leaveDoor from './js/screens/leave-door.js';
import * as setup from './js/screens/setup.js';
import * as start from './js/screens/start.js';
import * as hub from './js/screens/hub.js';

window.__entradaTimings = window.__entradaTimings || [];

/** Routes: pattern → screen; `organiser` screens are refused to door staff. */
const ROUTES = [
  { path: /^\/door$/, screen: door, key: 'door', needsEvent: true },
  { path: /^\/attendees$/, screen: attendees, key: 'attendees', needsEvent: true },
  { path: /^\/attendees\/(\d+)$/, screen: attendees, key: 'attendees', needsEvent: true, names: ['id'] },
  { path: /^\/attendees\/(\d+)\/edit$/, screen: attendees, key: 'attendees', needsEvent: true, names: ['id'], extra: { edit: true }, organiser: true },
  { path: /^\/walk-in$/, screen: walkin, key: 'walk-in', needsEvent: true, organiser: true },
  { path: /^\/form$/, screen: formEditor, key: 'form', needsEvent: true, organiser: true },
  { path: /^\/sync$/, screen: sync, key: 'sync', needsEvent: false, organiser: true },
  { path: /^\/data$/, screen: data, key: 'data', needsEvent: true, organiser: true },
  { path: /^\/events$/, screen: events, key: 'events', needsEvent: false },
  { path: /^\/settings$/, screen: settings, key: 'settings', needsEvent: false },
  { path: /^\/leave-kiosk$/, screen: leaveKiosk, key: 'leave-kiosk', needsEvent: false, kioskOnly: true },
  { path: /^\/staff$/, screen: staff, key: 'staff', needsEvent: false, organiser: true },
  { path: /^\/events\/new$/, screen: eventEdit, key: 'event-edit', needsEvent: false, organiser: true },
  { path: /^\/events\/(\d+)$/, screen: eventEdit, key: 'event-edit', needsEvent: false, organiser: true, names: ['id'] },
  { path: /^\/leave-door$/, screen: leaveDoor, key: 'leave-door', needsEvent: false },
  { path: /^\/start$/, screen: start, key: 'start', needsEvent: false, organiser: true },
  { path: /^\/start\/connect$/, screen: start, key: 'start', needsEvent: false, organiser: true, extra: { sub: 'connect' } },
  { path: /^\/hub$/, screen: hub, key: 'hub', needsEvent: false, organiser: true },
  { path: /^\/hub\/card$/, screen: hub, key: 'hub', needsEvent: false, organiser: true, extra: { sub: 'card' } },
  { path: /^\/hub\/join$/, screen: hub, key: 'hub', needsEvent: false, organiser: true, extra: { sub: 'join' } },
];

const main = () => document.getElementById('main');
let cleanup = null;
let routeToken = 0;
let routing = false; // the router is listening (boot finished)
let kiosk = null;
let setupNeeded = null; // first run: the database has no user yet (GET /kiosk/setup)

function parseHash() {
  const raw = location.hash.replace(/^#/, '') || '/door';
  const [path, qs] = raw.split('?');
  return { path: path || '/door', query: new URLSearchParams(qs || '') };
}

function runCleanup() {
  if (cleanup) {
    try { cleanup(); } catch (e) { console.error(e); }
    cleanup = null;
  }
}

/** "<This screen> is for organisers." — one whole sentence per screen (grammar differs). */
function organisersOnly(key) {
  switch (key) {
    case 'form': return t('shell-refusal-form');
    case 'walk-in': return t('shell-refusal-walk-in');
    case 'sync': return t('shell-refusal-sync');
    case 'data': return t('shell-refusal-data');
    case 'attendees': return t('shell-refusal-attendees');
    case 'staff': return t('shell-refusal-staff');
    case 'event-edit': return t('shell-refusal-event-edit');
    case 'hub': return t('shell-refusal-hub');
    default: return t('shell-refusal-other');
  }
}

function refusal(key) {
  const who = auth.usingDevice() ? t('shell-refusal-door-device') : t('shell-refusal-door-staff');
  // Two whole sentences, side by side.
  return h('section', { class: 'screen narrow', 'data-testid': 'refusal' },
    h('h1', null, t('shell-refusal-title')),
    h('p', { class: 'lead' }, `${organisersOnly(key)} ${who}`),
    h('a', { class: 'btn btn-primary', href: '#/door' }, t('shell-back-to-door')));
}

async function route() {
  const token = ++routeToken;
  runCleanup();
  const root = main();
  const { path, query } = parseHash();
  if (!auth.hasSession() || !session.user) {
    hideShell();
    if (setupNeeded === null) {
      setupNeeded = await checkSetup();
      if (token !== routeToken) return;
    }
    if (setupNeeded) {
      cleanup = setup.render(root, {
        onDone: setUpDone,
        onAlreadySetUp: (note) => { setupNeeded = false; cleanup = signin.render(root, { note }); },
        onSignInNeeded: (note) => { setupNeeded = false; cleanup = signin.render(root, { note }); },
      });
      return;
    }
    const leaving = path === '/leave-kiosk' && desktop.isKiosk();
    const deviceEnded = auth.deviceEndedReason(); // door mode ended: its access was revoked
    cleanup = signin.render(root, leaving ? { note: t('shell-leave-kiosk-note') }
      : deviceEnded ? { note: deviceEnded } : { ended: auth.signedOutReason() });
    return;
  }
  const match = ROUTES.map((r) => ({ r, m: path.match(r.path) })).find((x) => x.m);
  if (!match) {
    location.replace('#/door');
    return;
  }
  const { r, m } = match;
  if (r.kioskOnly && !desktop.isKiosk()) {
    location.replace('#/door');
    return;
  }
  if (r.needsEvent && !session.event) {
    showShell();
    renderNav(null);
    // No event chosen yet (just signed in): a person who can reach one event only goes
    // straight on to it; the event list stays a tap away (the event name, the menu).
    cleanup = events.render(root, { next: `#${path}`, skipIfOnlyOne: true }) || null;
    return;
  }
  showShell();
  renderNav(r.key);
  if (r.organiser && !isOrganiser()) {
    replace(root, refusal(r.key));
    focusHeading(root);
    return;
  }
  const params = { ...(r.extra || {}), query };
  (r.names || []).forEach((name, i) => { params[name] = Number(m[i + 1]); });
  const result = r.screen.render(root, params);
  if (token !== routeToken) {
    if (typeof result === 'function') result();
    return;
  }
  cleanup = typeof result === 'function' ? result : null;
  focusHeading(root);
}

async function boot() {
  // The catalogs come first: every word drawn from here on is in the device's language.
  await i18n.start();
  refreshFormats();
  desktop.remember();
  armAudio();
  initShell({ onSignOut: signOut, onChangeEvent: () => { location.hash = '#/events'; } });
  if (desktop.isKiosk()) {
    kiosk = startKiosk({ minutes: desktop.idleMinutes(), onIdle: backToTheDoor });
  }
  // The sign-in ended (expired, revoked, the person disabled) or a door device's access was
  // revoked: the next request found out. Boot's own start handles it until routing begins.
  auth.onSignedOut(() => {
    if (!routing) return;
    session.user = null;
    if (auth.hasSession()) {
      // A person signed in over a door device is gone: the door device carries on.
      restartSession();
      return;
    }
    route();
  });
  onSession((kind) => {
    if (kind === 'event') {
      refreshCounters();
    }
    if (kind === 'stats' && kiosk) kiosk.poke(); // a camera scan is use too
  });
  api.onConnectivity(() => refreshSync());

  const root = main();
  replace(root, loading(t('shell-starting')));

  // Coming back from the server's sign-in page.
  if (location.pathname === auth.OAUTH.callback) {
    try {
      const returnTo = await auth.finishSignIn();
      history.replaceState(null, '', `/${returnTo.startsWith('#') ? returnTo : '#/door'}`);
    } catch (e) {
      history.replaceState(null, '', '/');
      hideShell();
      cleanup = signin.render(root, { error: e.words || e.message });
      return;
    }
  }

  if (auth.hasSession()) {
    const ok = await startSession(root);
    if (!ok) return;
  }
  window.addEventListener('hashchange', route);
  // The desktop shell opens #/leave-kiosk without any input here: that counts as use.
  if (kiosk) window.addEventListener('hashchange', () => kiosk.poke());
  routing = true;
  route();
}

/**
 * Kiosk mode, nobody used the kiosk for a while: close dialogs and menus (their owners see
 * a cancel; nothing is saved), leave any screen, and start a fresh door screen (new
 * banner, no recent scans, nothing to undo; the check-in/out mode is the device's and stays).
 */
function backToTheDoor() {
  if (!routing || !auth.hasSession() || !session.user) return true;
  // An import or a save the person started is not cut off: try again in a moment.
  if (api.busy()) return false;
  calmDown();
  // replaceState: no hashchange (not a new "use"), and Back does not return to the old screen.
  if (location.hash !== '#/door') history.replaceState(null, '', '#/door');
  route();
  return true;
}

/** First run: whether the set-up screen shows instead of the sign-in. */
async function checkSetup() {
  try {
    const res = await fetch(api.paths.setup(), { headers: { Accept: 'application/json' }, cache: 'no-store' });
    if (!res.ok) return false;
    const body = await res.json();
    return !!(body && body.needed);
  } catch (e) {
    return false;
  }
}

/** The first organiser was created and is signed in: on to Get started. */
async function setUpDone() {
  setupNeeded = false;
  const root = main();
  if (!(await startSession(root))) return;
  history.replaceState(null, '', '/#/start');
  route();
}

/** Loads the person and the remembered event; shows a retryable error on failure. */
async function startSession(root) {
  try {
    replace(root, loading(t('shell-signing-in')));
    await loadUser();
    if (!session.accountId) {
      replace(root, h('section', { class: 'screen narrow' },
        h('h1', null, t('shell-no-account-title')),
        h('p', { class: 'lead' }, t('shell-no-account-text')),
        h('button', { type: 'button', class: 'btn', onclick: signOut }, t('shell-sign-out'))));
      return false;
    }
    await restoreEvent();
    refreshCounters();
    refreshSync();
    return true;
  } catch (e) {
    if (e.status === 401 || !auth.hasSession()) {
      session.user = null;
      return true; // route() shows the sign-in screen
    }
    replace(root, h('section', { class: 'screen narrow' },
      errorPanel(e, async () => {
        if (await startSession(root)) route();
      }, { title: t('shell-could-not-start') })));
    return false;
  }
}

/** Loads the session again (e.g. the door device after a person signed out over it). */
async function restartSession() {
  runCleanup();
  session.user = null;
  if (await startSession(main())) route();
}

async function signOut() {
  runCleanup();
  await auth.signOut();
  session.user = null;
  session.event = null;
  api.setAccount(null);
  hideShell();
  history.replaceState(null, '', '/#/door');
  if (auth.isDevice()) {
    // A door device stays one: a person signed in over it leaves, the device carries on.
    await restartSession();
    return;
  }
  if (desktop.isKiosk()) {
    // A kiosk is never left signed out on the welcome screen: straight to the sign-in.
    try {
      await auth.startSignIn('#/door');
      return;
    } catch (e) {
      // fall back to the welcome screen
    }
  }
  route();
}

window.addEventListener('DOMContentLoaded', boot);
