// The top bar: event name, navigation (by role), live counters, the online/sync badge and
// the person's menu (device name, sound, change event, settings, hand the kiosk to the
// door, leave kiosk mode, sign out; on a door device: leave door mode). Also toasts.

import * as api from './api.js';
import { session, isOrganiser, isOrganiserAnywhere, isDoorDevice, deviceName, setDeviceName, on as onSession } from './session.js';
import { isKiosk } from './desktop.js';
import { h, replace, ago } from './dom.js';
import { isMuted, setMuted } from './sounds.js';
import { isDemo, removeDemo } from './demo.js';
import { handToTheDoor } from './door-device.js';
import { follow } from './live.js';

const NAV = [
  { key: 'door', href: '#/door', label: 'Door' },
  { key: 'attendees', href: '#/attendees', label: 'Attendees' },
  { key: 'walk-in', href: '#/walk-in', label: 'Walk-in', organiser: true },
  { key: 'form', href: '#/form', label: 'Form', organiser: true },
  { key: 'sync', href: '#/sync', label: 'Sync', organiser: true },
  { key: 'data', href: '#/data', label: 'Data', organiser: true },
  { key: 'staff', href: '#/staff', label: 'Staff', organiser: true },
];

let handlers = {};
let countersTimer = null;
// The live stream of the event shown: every check-in anywhere on this server (another
// kiosk, an integration) moves the counters within a second.
let following = { eventId: null, stop: null };
let liveRefresh = null;
let syncTimer = null;
let lastSync = null;
let serverReachable = true;
let diskIsFull = false;

const $ = (id) => document.getElementById(id);

export function initShell(opts) {
  handlers = opts;
  $('event-switch').addEventListener('click', () => handlers.onChangeEvent && handlers.onChangeEvent());
  const menuButton = $('user-menu');
  menuButton.addEventListener('click', () => togglePopover());
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && !$('user-popover').hidden) {
      togglePopover(false);
      menuButton.focus();
    }
  });
  document.addEventListener('pointerdown', (e) => {
    const pop = $('user-popover');
    if (!pop.hidden && !pop.contains(e.target) && e.target !== menuButton) togglePopover(false);
  });
  api.onConnectivity((yes) => {
    serverReachable = yes;
    renderSyncBadge();
  });
  api.onDiskFull((yes) => {
    diskIsFull = yes;
    renderSyncBadge();
  });
  onSession((kind) => {
    if (kind === 'stats') refreshCounters();
    if (kind === 'event') renderTop();
  });
  // A fallback only: the live stream moves the counters as check-ins happen.
  countersTimer = setInterval(() => { if (session.event && !document.hidden) refreshCounters(); }, 15000);
  syncTimer = setInterval(() => {
    if (document.hidden) return;
    api.checkHealth();
    if (session.user) refreshSync();
  }, 10000);
}

export function showShell() {
  $('topbar').hidden = false;
  renderTop();
}

export function hideShell() {
  $('topbar').hidden = true;
  togglePopover(false);
}

function renderTop() {
  const btn = $('event-switch');
  btn.textContent = session.event ? session.event.name : 'Choose an event';
  btn.title = session.event ? `${session.event.name} — change event` : 'Choose an event';
  renderDemoTag(btn);
  const user = session.user;
  $('user-menu').textContent = user ? initials(user.name || user.email) : '';
  // The name starts with what the button shows (WCAG 2.5.3, label in name).
  $('user-menu').setAttribute('aria-label', user
    ? `${initials(user.name || user.email)}: ${user.name} (${roleWord()}), menu` : 'Menu');
}

/** "Demo" beside a demo event's name; for organisers it removes the demo data (after asking). */
function renderDemoTag(after) {
  let tag = $('demo-tag');
  if (!isDemo(session.event)) {
    if (tag) tag.remove();
    return;
  }
  const organiser = isOrganiser();
  if (!tag || (tag.tagName === 'BUTTON') !== organiser) {
    if (tag) tag.remove();
    tag = organiser
      ? h('button', {
        type: 'button', id: 'demo-tag', class: 'demo-tag-button', 'data-testid': 'topbar-demo',
        title: 'This is a demo event. Tap to remove the demo data.', 'aria-label': 'Demo event: remove the demo data',
        onclick: () => removeDemo(),
      }, h('span', { class: 'demo-tag' }, 'Demo'))
      : h('span', { id: 'demo-tag', class: 'demo-tag demo-tag-top', 'data-testid': 'topbar-demo', title: 'This is a demo event with made-up guests.' }, 'Demo');
    after.insertAdjacentElement('afterend', tag);
  }
}

function roleWord() {
  if (isDoorDevice()) return 'door device';
  return session.role === 'organiser' ? 'organiser' : session.role === 'door' ? 'door staff' : session.role || '';
}

function initials(name) {
  const parts = String(name).trim().split(/\s+/).filter(Boolean);
  return ((parts[0] || '?')[0] + (parts.length > 1 ? parts[parts.length - 1][0] : '')).toUpperCase();
}

export function renderNav(active) {
  const nav = $('nav');
  if (!session.event) {
    replace(nav);
    return;
  }
  replace(nav, NAV.filter((n) => !n.organiser || isOrganiser()).map((n) => h('a', {
    href: n.href,
    class: ['nav-link', n.key === active && 'active'],
    'aria-current': n.key === active ? 'page' : null,
    'data-testid': `nav-${n.key}`,
  }, n.label)));
}

function togglePopover(force) {
  const pop = $('user-popover');
  const open = force === undefined ? pop.hidden : force;
  pop.hidden = !open;
  $('user-menu').setAttribute('aria-expanded', open ? 'true' : 'false');
  if (!open) return;
  const nameInput = h('input', { id: 'device-name', type: 'text', value: deviceName(), maxlength: 100, autocomplete: 'off', 'data-testid': 'device-name' });
  const sound = h('input', { id: 'sound-on', type: 'checkbox', checked: !isMuted() });
  sound.addEventListener('change', () => setMuted(!sound.checked));
  nameInput.addEventListener('change', () => {
    const saved = setDeviceName(nameInput.value);
    if (saved) nameInput.value = saved;
    const chip = document.querySelector('.device-chip');
    if (chip && saved) chip.textContent = saved;
  });
  const go = (hash) => () => {
    togglePopover(false);
    location.hash = hash;
  };
  replace(pop,
    h('p', { class: 'pop-name' }, session.user ? session.user.name : ''),
    h('p', { class: 'pop-meta' }, [session.user ? session.user.email : '', ' · ', roleWord(), session.accountName ? ` · ${session.accountName}` : '']),
    h('label', { for: 'device-name' }, 'This device is called'),
    nameInput,
    h('label', { class: 'check-row' }, sound, ' Sounds on scan'),
    h('div', { class: 'pop-actions' },
      h('button', { type: 'button', class: 'btn', onclick: () => { togglePopover(false); handlers.onChangeEvent(); } }, 'Change event'),
      h('button', { type: 'button', class: 'btn', 'data-testid': 'menu-settings', onclick: go('#/settings') }, 'Settings'),
      isOrganiser() ? h('button', { type: 'button', class: 'btn', 'data-testid': 'menu-get-started', onclick: go('#/start') }, 'Get started') : null,
      isOrganiser() ? h('button', {
        type: 'button', class: 'btn', 'data-testid': 'menu-hand-to-door',
        onclick: () => {
          togglePopover(false);
          handToTheDoor().catch((e) => toast(`This kiosk is still yours: ${e.words || e.message}`, 'error'));
        },
      }, 'Hand this kiosk to the door') : null,
      isKiosk() && isOrganiserAnywhere()
        ? h('button', { type: 'button', class: 'btn', 'data-testid': 'menu-leave-kiosk', onclick: go('#/leave-kiosk') }, 'Leave kiosk mode')
        : null,
      isDoorDevice()
        ? h('button', { type: 'button', class: 'btn btn-danger-outline', 'data-testid': 'menu-leave-door', onclick: go('#/leave-door') }, 'Leave door mode')
        : h('button', { type: 'button', class: 'btn btn-danger-outline', 'data-testid': 'sign-out', onclick: () => { togglePopover(false); handlers.onSignOut(); } }, 'Sign out')));
  nameInput.focus();
}

/** Follows the live stream of the event shown (and stops following any other). */
function followEvent() {
  const eventId = session.event && session.user !== null ? session.event.id : null;
  if (following.eventId === eventId) return;
  if (following.stop) following.stop();
  following = { eventId, stop: null };
  if (eventId === null) return;
  following.stop = follow(eventId, () => {
    // A burst of check-ins is one reload of the figures.
    if (liveRefresh) return;
    liveRefresh = setTimeout(() => { liveRefresh = null; refreshCounters(); }, 150);
  });
}

/** Reloads the checked-in / total counters. */
export async function refreshCounters() {
  followEvent();
  if (!session.event) {
    $('counters').textContent = '';
    return;
  }
  try {
    const res = await api.get(api.paths.checkInStats(session.event.id), { background: true, retries: 0 });
    const s = res.item;
    const el = $('counters');
    replace(el,
      h('strong', { 'data-testid': 'count-in' }, String(s.by_checkin_status.checked_in)),
      h('span', { class: 'muted' }, ` / ${s.total}`),
      h('span', { class: 'counter-label' }, ' checked in'));
    el.title = `${s.by_checkin_status.checked_in} checked in, ${s.by_checkin_status.checked_out} checked out, ${s.by_checkin_status.not_checked_in} not yet; ${s.check_ins_last_5_minutes} in the last 5 minutes`;
  } catch (e) {
    // The badge says when the server is unreachable.
  }
}

/** Reloads the sync state for the badge. */
export async function refreshSync() {
  if (!session.user || !session.accountId) return;
  try {
    lastSync = await api.get(api.paths.sync(), { background: true, retries: 0 });
  } catch (e) {
    if (e.status !== 0) lastSync = null;
  }
  renderSyncBadge();
}

function renderSyncBadge() {
  const badge = $('online');
  let kind = 'ok';
  let text = 'Online';
  let title = 'The kiosk server is answering.';
  if (!serverReachable) {
    kind = 'bad';
    text = 'Offline';
    title = 'The kiosk server is not answering. Scans will fail until it is back.';
  } else if (diskIsFull) {
    kind = 'bad';
    text = 'Disk full';
    title = 'The disk of this computer is full: check-ins and changes are not being saved. Free some space; Entrada carries on by itself.';
  } else if (lastSync && lastSync.configured) {
    const parked = (lastSync.parked || []).length;
    if (parked > 0) {
      kind = 'warn';
      text = `Sync: ${parked} need${parked === 1 ? 's' : ''} attention`;
    } else if (lastSync.running && !lastSync.last_success_at) {
      // The first download after connecting: not offline, just not done yet.
      kind = 'ok';
      text = 'Downloading…';
    } else if (!lastSync.online) {
      kind = 'warn';
      text = lastSync.pending ? `Sync offline · ${lastSync.pending} waiting` : 'Sync offline';
    } else if (lastSync.pending > 0) {
      kind = 'ok';
      text = `Syncing · ${lastSync.pending}`;
    } else {
      kind = 'ok';
      text = 'Synced';
    }
    title = `Last sync ${ago(lastSync.last_success_at)}${lastSync.last_error ? `. Last problem: ${lastSync.last_error}` : ''}`;
  }
  badge.className = `badge badge-${kind}`;
  badge.textContent = text;
  badge.title = title;
  badge.dataset.state = kind;
}

/** A short message at the bottom of the screen. kind: 'ok' | 'error' | 'info'. */
export function toast(message, kind = 'info', ms = 3000) {
  const box = $('toasts');
  // Never a pile: the newest replaces all but one older message.
  while (box.children.length > 1) box.firstElementChild.remove();
  const el = h('div', { class: ['toast', `toast-${kind}`], role: kind === 'error' ? 'alert' : 'status', 'data-testid': 'toast' }, message);
  box.appendChild(el);
  setTimeout(() => el.remove(), kind === 'error' ? Math.max(ms, 6000) : ms);
}
