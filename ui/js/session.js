// What the signed-in kiosk knows: the person, the account, their role, the event, and the
// event's reference data (sessions, registration types, fields). Also the device's own
// settings (its name, the chosen event), which are not secrets and so live in localStorage.
//
// App-wide state, and where it lives (the only module-level state of the UI; a screen
// keeps its own state inside its render function, so coming back to it starts afresh):
// - here: `session` (the person, account, role, scopes, the current event and its
//   sessions, registration types and fields) and the device's settings (localStorage);
// - auth.js: the tokens; api.js: the account header, requests in flight, reachability,
//   a full disk; desktop.js: the desktop app's flags; sounds.js: muted or not;
// - app.js: the router (the screen shown and its cleanup, first-run set-up needed);
//   shell.js: the top bar (counters, live stream, sync badge); kiosk.js: kiosk mode;
// - dom.js: the event's time zone and ids; fields.js, zones.js: lists built once.
// Two screens remember on purpose across visits, each in its own module and read by no
// other: the attendee list's search and filters (screens/attendees.js, so going to a
// detail and back keeps them) and the import's column choices per event
// (screens/data-import.js, so the next file of the event is read the same way).

import * as api from './api.js';
import * as auth from './auth.js';
import { setTimeZone } from './dom.js';
import { t } from './i18n.js';

export const session = {
  user: null,
  accountId: null,
  accountName: '',
  role: null,
  scopes: [],
  event: null,
  sessions: [],
  regTypes: [],
  fields: null,
};

const listeners = new Set();
/** fn(kind) on 'event' (event chosen or changed), 'stats' (something was checked in). */
export function on(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
export function emit(kind, detail) {
  for (const fn of listeners) {
    try { fn(kind, detail); } catch (e) { console.error(e); }
  }
}

export function isOrganiser() {
  return session.role === 'organiser' && (session.scopes.length === 0 || session.scopes.includes('write'));
}

/** An organiser in at least one account (what the desktop shell asks before it quits). */
export function isOrganiserAnywhere() {
  const accounts = (session.user && session.user.accounts) || [];
  return accounts.some((a) => a.role === 'organiser');
}

export function canCheckIn() {
  return session.role === 'organiser' || session.role === 'door';
}

export function deviceName() {
  let name = localStorage.getItem('entrada.device_name');
  if (!name) {
    // The first name, kept from then on; plain ASCII in every language (X-Device-Name).
    name = t('shell-device-default-name', { number: String(Math.floor(100 + Math.random() * 900)) });
    localStorage.setItem('entrada.device_name', name);
  }
  return name;
}

/** The name goes in the X-Device-Name header, which takes plain ASCII: accents are dropped. */
export function setDeviceName(name) {
  const clean = String(name || '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7E]/g, '-')
    .trim()
    .slice(0, 100);
  if (clean) localStorage.setItem('entrada.device_name', clean);
  return clean;
}

function eventKey() {
  return `entrada.event.${session.accountId}`;
}

export function rememberedEventId() {
  const v = Number(localStorage.getItem(eventKey()));
  return Number.isFinite(v) && v > 0 ? v : null;
}

/** A door device (door-device mode, no person signed in): door rights, no passphrase. */
export function isDoorDevice() {
  return !!(session.user && session.user.device);
}

/** Loads the person and picks the account (remembered, else the first); or the door device. */
export async function loadUser() {
  if (auth.usingDevice()) return loadDevice();
  const me = await api.get(api.paths.me());
  const user = me.item;
  session.user = user;
  session.scopes = auth.scopes();
  const accounts = user.accounts || [];
  if (accounts.length === 0) {
    session.accountId = null;
    session.role = null;
    return user;
  }
  const remembered = Number(localStorage.getItem('entrada.account'));
  const chosen = accounts.find((a) => a.account_id === remembered) || accounts[0];
  chooseAccount(chosen);
  return user;
}

/** Door-device mode: the device's account (its token carries it) and the `door` role. */
async function loadDevice() {
  const res = await api.get(api.paths.account());
  const account = res.item;
  const device = auth.doorDevice() || {};
  session.user = {
    id: null,
    name: t('shell-door-device'),
    email: device.name || '',
    device: true,
    accounts: [{ account_id: account.id, account_name: account.name, role: 'door' }],
  };
  session.scopes = auth.scopes();
  session.accountId = account.id;
  session.accountName = account.name;
  session.role = 'door';
  api.setAccount(null);
  return session.user;
}

export function chooseAccount(membership) {
  session.accountId = membership.account_id;
  session.accountName = membership.account_name;
  session.role = membership.role;
  localStorage.setItem('entrada.account', String(membership.account_id));
  api.setAccount(membership.account_id);
}

/** Makes `event` the kiosk's event and loads its sessions, types and fields. */
export async function chooseEvent(event) {
  const [sessions, types] = await Promise.all([
    api.get(api.paths.sessions(event.id)),
    api.get(api.paths.registrationTypes(event.id)),
  ]);
  session.event = event;
  setTimeZone(event.timezone);
  session.sessions = sessions.items || [];
  session.regTypes = types.items || [];
  session.fields = null;
  localStorage.setItem(eventKey(), String(event.id));
  emit('event', event);
}

/** Loads the remembered event, if it still exists. */
export async function restoreEvent() {
  const id = rememberedEventId();
  if (!id) return null;
  try {
    const res = await api.get(api.paths.event(id));
    await chooseEvent(res.item);
    return res.item;
  } catch (e) {
    if (e.status === 404) {
      localStorage.removeItem(eventKey());
      return null;
    }
    throw e;
  }
}

export function forgetEvent() {
  session.event = null;
  localStorage.removeItem(eventKey());
}

/** The event's fields in position order (cached until changed). */
export async function fields(force = false) {
  if (!session.fields || force) {
    const res = await api.get(api.paths.attendeeFields(session.event.id));
    session.fields = (res.items || []).slice().sort((a, b) => a.position - b.position);
  }
  return session.fields;
}

export function invalidateFields() {
  session.fields = null;
}

export function regTypeName(id) {
  if (id === null || id === undefined) return '';
  const type = session.regTypes.find((r) => r.id === id);
  return type ? type.name : '';
}

export function sessionName(id) {
  if (id === null || id === undefined) return t('shell-place-door');
  const s = session.sessions.find((r) => r.id === id);
  return s ? s.name : t('shell-place-session', { id: String(id) });
}

/**
 * The path of the current event plus `rest`. The UI itself asks api.paths; this stays for
 * scripts run in the page (tests/e2e/data.test.js imports it).
 */
export function eventPath(rest = '') {
  return `${api.paths.event(session.event.id)}${rest}`;
}

export function reset() {
  session.user = null;
  session.accountId = null;
  session.role = null;
  session.scopes = [];
  session.event = null;
  session.sessions = [];
  session.regTypes = [];
  session.fields = null;
  api.setAccount(null);
}
