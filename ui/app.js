// Entrada kiosk UI: boot, sign-in, the top bar and the hash router.

import * as auth from './js/auth.js';
import * as api from './js/api.js';
import { session, isOrganiser, loadUser, restoreEvent, on as onSession } from './js/session.js';
import { h, replace, focusHeading, loading, errorPanel } from './js/dom.js';
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
];

const main = () => document.getElementById('main');
let cleanup = null;
let routeToken = 0;

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

function refusal(key) {
  const what = {
    form: 'The form editor',
    'walk-in': 'Walk-in registration',
    sync: 'The sync settings',
    data: 'Importing and exporting attendees',
    attendees: 'Editing attendees',
  }[key] || 'This screen';
  return h('section', { class: 'screen narrow', 'data-testid': 'refusal' },
    h('h1', null, 'Organisers only'),
    h('p', { class: 'lead' }, `${what} is for organisers. You are signed in as door staff, who check people in.`),
    h('a', { class: 'btn btn-primary', href: '#/door' }, 'Back to the door'));
}

async function route() {
  const token = ++routeToken;
  runCleanup();
  const root = main();
  if (!auth.hasSession() || !session.user) {
    hideShell();
    cleanup = signin.render(root, {});
    return;
  }
  const { path, query } = parseHash();
  const match = ROUTES.map((r) => ({ r, m: path.match(r.path) })).find((x) => x.m);
  if (!match) {
    location.replace('#/door');
    return;
  }
  const { r, m } = match;
  if (r.needsEvent && !session.event) {
    showShell();
    renderNav(null);
    cleanup = events.render(root, { next: `#${path}` }) || null;
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
  armAudio();
  initShell({ onSignOut: signOut, onChangeEvent: () => { location.hash = '#/events'; } });
  auth.onSignedOut(() => {
    session.user = null;
    route();
  });
  onSession((kind) => {
    if (kind === 'event') {
      refreshCounters();
    }
  });
  api.onConnectivity(() => refreshSync());

  const root = main();
  replace(root, loading('Starting…'));

  // Coming back from the server's sign-in page.
  if (location.pathname === '/oauth/callback') {
    try {
      const returnTo = await auth.finishSignIn();
      history.replaceState(null, '', `/${returnTo.startsWith('#') ? returnTo : '#/door'}`);
    } catch (e) {
      history.replaceState(null, '', '/');
      hideShell();
      signin.render(root, { error: e.words || e.message });
      return;
    }
  }

  if (auth.hasSession()) {
    const ok = await startSession(root);
    if (!ok) return;
  }
  window.addEventListener('hashchange', route);
  route();
}

/** Loads the person and the remembered event; shows a retryable error on failure. */
async function startSession(root) {
  try {
    replace(root, loading('Signing in…'));
    await loadUser();
    if (!session.accountId) {
      replace(root, h('section', { class: 'screen narrow' },
        h('h1', null, 'No account'),
        h('p', { class: 'lead' }, 'Your user is not a member of any account. Ask an organiser to add you.'),
        h('button', { type: 'button', class: 'btn', onclick: signOut }, 'Sign out')));
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
      }, { title: 'Could not start' })));
    return false;
  }
}

async function signOut() {
  runCleanup();
  await auth.signOut();
  session.user = null;
  session.event = null;
  api.setAccount(null);
  hideShell();
  history.replaceState(null, '', '/#/door');
  route();
}

window.addEventListener('DOMContentLoaded', boot);
