// The top bar: event name, navigation (by role), live counters, the online/sync badge and
// the person's menu (device name, sound, change event, settings, hand the kiosk to the
// door, leave kiosk mode, sign out; on a door device: leave door mode). Also toasts.

import * as api from './api.js';
import { session, isOrganiser, isOrganiserAnywhere, isDoorDevice, deviceName, setDeviceName, loadUser, on as onSession } from './session.js';
import { isKiosk } from './desktop.js';
import { h, replace, ago } from './dom.js';
import { isMuted, setMuted } from './sounds.js';
import { isDemo, removeDemo } from './demo.js';
import { handToTheDoor } from './door-device.js';
import { follow } from './live.js';
import { t } from './i18n.js';

const NAV = [
  { key: 'door', href: '#/door' },
  { key: 'attendees', href: '#/attendees' },
  { key: 'walk-in', href: '#/walk-in', organiser: true },
  { key: 'form', href: '#/form', organiser: true },
  { key: 'sync', href: '#/sync', organiser: true },
  { key: 'data', href: '#/data', organiser: true },
  { key: 'staff', href: '#/staff', organiser: true },
];

/** A screen's name in the navigation. */
function navLabel(key) {
  switch (key) {
    case 'door': return t('shell-nav-door');
    case 'attendees': return t('shell-nav-attendees');
    case 'walk-in': return t('shell-nav-walk-in');
    case 'form': return t('shell-nav-form');
    case 'sync': return t('shell-nav-sync');
    case 'data': return t('shell-nav-data');
    case 'staff': return t('shell-nav-staff');
    default: return key;
  }
}

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
  btn.textContent = session.event ? session.event.name : t('shell-choose-event');
  btn.title = session.event ? t('shell-event-title', { name: session.event.name }) : t('shell-choose-event');
  renderDemoTag(btn);
  const user = session.user;
  $('user-menu').textContent = user ? initials(user.name || user.email) : '';
  // The name starts with what the button shows (WCAG 2.5.3, label in name).
  $('user-menu').setAttribute('aria-label', user
    ? t('shell-user-menu-label', { initials: initials(user.name || user.email), name: user.name, role: roleWord() })
    : t('shell-user-menu'));
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
        title: t('shell-demo-tag-remove-title'), 'aria-label': t('shell-demo-tag-remove-label'),
        onclick: () => removeDemo(),
      }, h('span', { class: 'demo-tag' }, t('shell-demo-tag')))
      : h('span', { id: 'demo-tag', class: 'demo-tag demo-tag-top', 'data-testid': 'topbar-demo', title: t('shell-demo-tag-title') }, t('shell-demo-tag'));
    after.insertAdjacentElement('afterend', tag);
  }
}

function roleWord() {
  if (isDoorDevice()) return t('shell-role-door-device');
  if (session.role === 'organiser') return t('shell-role-organiser');
  if (session.role === 'door') return t('shell-role-door');
  return session.role || '';
}

function initials(name) {
  const parts = String(name).trim().split(/\s+/).filter(Boolean);
  return ((parts[0] || '?')[0] + (parts.length > 1 ? parts[parts.length - 1][0] : '')).toUpperCase();
}

/** The screen the menu marks, to draw it again when the person's accounts change. */
let activeNav = null;

export function renderNav(active) {
  activeNav = active;
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
  }, navLabel(n.key))));
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
  // Invitations to other accounts: the person accepts or declines them here, signed in
  // with their own passphrase (an organiser elsewhere added their email).
  const invitations = (session.user && !isDoorDevice() && session.user.invitations) || [];
  const answer = (invitation, accept) => async () => {
    const path = `${api.paths.me()}/invitations/${invitation.account_id}`;
    try {
      await (accept ? api.post(path, null) : api.del(path));
      await loadUser();
      renderNav(activeNav);
      togglePopover(true);
    } catch (e) {
      toast(t('shell-invitation-failed', { error: e.words || e.message }), 'error');
    }
  };
  replace(pop,
    h('p', { class: 'pop-name' }, session.user ? session.user.name : ''),
    h('p', { class: 'pop-meta' }, [session.user ? session.user.email : '', ' · ', roleWord(), session.accountName ? ` · ${session.accountName}` : '']),
    ...invitations.map((invitation) => h('div', { class: 'pop-invitation', 'data-testid': 'invitation' },
      h('p', {}, t('shell-invitation', {
        account: invitation.account_name,
        role: t(invitation.role === 'organiser' ? 'shell-role-organiser' : 'shell-role-door'),
      })),
      h('div', { class: 'pop-actions' },
        h('button', { type: 'button', class: 'btn btn-primary', 'data-testid': 'invitation-accept', onclick: answer(invitation, true) }, t('shell-invitation-accept')),
        h('button', { type: 'button', class: 'btn', 'data-testid': 'invitation-decline', onclick: answer(invitation, false) }, t('shell-invitation-decline'))))),
    h('label', { for: 'device-name' }, t('shell-device-name-label')),
    nameInput,
    h('label', { class: 'check-row' }, sound, ` ${t('shell-sounds')}`),
    h('div', { class: 'pop-actions' },
      h('button', { type: 'button', class: 'btn', onclick: () => { togglePopover(false); handlers.onChangeEvent(); } }, t('shell-change-event')),
      h('button', { type: 'button', class: 'btn', 'data-testid': 'menu-settings', onclick: go('#/settings') }, t('shell-settings')),
      isOrganiser() ? h('button', { type: 'button', class: 'btn', 'data-testid': 'menu-get-started', onclick: go('#/start') }, t('shell-get-started')) : null,
      isOrganiser() ? h('button', {
        type: 'button', class: 'btn', 'data-testid': 'menu-hand-to-door',
        onclick: () => {
          togglePopover(false);
          handToTheDoor().catch((e) => toast(t('shell-hand-failed', { error: e.words || e.message }), 'error'));
        },
      }, t('shell-hand-to-door')) : null,
      isKiosk() && isOrganiserAnywhere()
        ? h('button', { type: 'button', class: 'btn', 'data-testid': 'menu-leave-kiosk', onclick: go('#/leave-kiosk') }, t('shell-leave-kiosk'))
        : null,
      isDoorDevice()
        ? h('button', { type: 'button', class: 'btn btn-danger-outline', 'data-testid': 'menu-leave-door', onclick: go('#/leave-door') }, t('shell-leave-door'))
        : h('button', { type: 'button', class: 'btn btn-danger-outline', 'data-testid': 'sign-out', onclick: () => { togglePopover(false); handlers.onSignOut(); } }, t('shell-sign-out'))));
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
      h('span', { class: 'counter-label' }, ` ${t('shell-counters-label')}`));
    el.title = t('shell-counters-title', {
      checkedIn: s.by_checkin_status.checked_in,
      checkedOut: s.by_checkin_status.checked_out,
      notYet: s.by_checkin_status.not_checked_in,
      recent: s.check_ins_last_5_minutes,
    });
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
  let text = t('shell-online');
  let title = t('shell-online-title');
  if (!serverReachable) {
    kind = 'bad';
    text = t('shell-offline');
    title = t('shell-offline-title');
  } else if (diskIsFull) {
    kind = 'bad';
    text = t('shell-disk-full');
    title = t('shell-disk-full-title');
  } else if (lastSync && lastSync.configured) {
    const parked = (lastSync.parked || []).length;
    if (parked > 0) {
      kind = 'warn';
      text = t('shell-sync-parked', { count: parked });
    } else if (lastSync.running && !lastSync.last_success_at) {
      // The first download after connecting: not offline, just not done yet.
      kind = 'ok';
      text = t('shell-sync-downloading');
    } else if (!lastSync.online) {
      kind = 'warn';
      text = lastSync.pending ? t('shell-sync-offline-waiting', { count: lastSync.pending }) : t('shell-sync-offline');
    } else if (lastSync.pending > 0) {
      kind = 'ok';
      text = t('shell-sync-syncing', { count: lastSync.pending });
    } else {
      kind = 'ok';
      text = t('shell-synced');
    }
    const when = ago(lastSync.last_success_at);
    title = lastSync.last_error
      ? t('shell-sync-title-problem', { when, problem: lastSync.last_error })
      : t('shell-sync-title', { when });
  }
  badge.className = `badge badge-${kind}`;
  badge.textContent = text;
  badge.title = title;
  badge.dataset.state = kind;
}

/**
 * A short message at the bottom of the screen. kind: 'ok' | 'error' | 'info'.
 * A toast never stands between a person and a control (issue 37: toasts over "Import 20
 * rows"): clicks and taps go through it to what lies under it, and the next thing the
 * person does (a press, a tap, a key) takes the confirmations away; an error stays its
 * time, so that it is read.
 */
export function toast(message, kind = 'info', ms = 3000) {
  const box = $('toasts');
  // Never a pile: the newest replaces all but one older message.
  while (box.children.length > 1) box.firstElementChild.remove();
  const el = h('div', { class: ['toast', `toast-${kind}`], role: kind === 'error' ? 'alert' : 'status', 'data-testid': 'toast' }, message);
  el.dataset.shownAt = String(performance.now());
  box.appendChild(el);
  setTimeout(() => el.remove(), kind === 'error' ? Math.max(ms, 6000) : ms);
  if (!toastsWatched) {
    toastsWatched = true;
    for (const type of ['pointerdown', 'keydown']) document.addEventListener(type, settleToasts, { capture: true, passive: true });
  }
}

let toastsWatched = false;

/** Removes the confirmations shown before this press or key (not the errors). */
function settleToasts(e) {
  for (const el of [...$('toasts').children]) {
    // The press that led to the toast began before it: only a later one is the next.
    if (!el.classList.contains('toast-error') && e.timeStamp > Number(el.dataset.shownAt)) el.remove();
  }
}
