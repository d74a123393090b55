// The demo event (POST /kiosk/demo): made in one tap from Get started, marked "Demo"
// wherever an event's name shows (top bar, event picker), and removed in one step with
// everything in it (DELETE /kiosk/demo, after a confirmation).

import * as api from './api.js';
import { h, confirmDialog } from './dom.js';
import { session, chooseEvent, forgetEvent, emit } from './session.js';
import { toast } from './shell.js';
import { t } from './i18n.js';

export function isDemo(event) {
  return !!(event && event.demo);
}

/** The small "Demo" tag shown beside a demo event's name. */
export function demoTag(extra = {}) {
  return h('span', { class: 'demo-tag', 'data-testid': 'demo-tag', ...extra }, t('shell-demo-tag'));
}

/** Makes (or finds) the demo event, chooses it for this kiosk and returns it. */
export async function startDemo() {
  const res = await api.post(api.paths.demo(), undefined, { timeout: 60000 });
  const event = res.item;
  await chooseEvent(event);
  return event;
}

/**
 * Asks, then removes every demo event of the account with all its data. Resolves true
 * when removed. Afterwards the kiosk goes to Get started (organisers) or the event picker.
 */
export async function removeDemo() {
  const yes = await confirmDialog({
    title: t('shell-demo-remove-title'),
    body: t('shell-demo-remove-body'),
    confirmWords: t('shell-demo-remove'),
    danger: true,
    testid: 'remove-demo-dialog',
  });
  if (!yes) return false;
  try {
    await api.del(api.paths.demo());
  } catch (e) {
    toast(t('shell-demo-not-removed', { error: e.words }), 'error');
    return false;
  }
  if (isDemo(session.event)) {
    forgetEvent();
    emit('event', null);
  }
  toast(t('shell-demo-removed'), 'ok');
  location.hash = session.role === 'organiser' ? '#/start' : '#/events';
  return true;
}

/**
 * Settings' card (organisers): shown while the account has a demo event, with the one-step
 * removal. Hidden otherwise.
 */
export function demoCard() {
  const card = h('section', { class: 'card', hidden: true, 'data-testid': 'settings-demo', 'aria-labelledby': 'demo-title' });
  api.all(api.paths.events()).then((events) => {
    const demos = events.filter(isDemo);
    if (demos.length === 0) return;
    card.append(
      h('h2', { id: 'demo-title' }, t('shell-demo-card-title')),
      h('p', null, t('shell-demo-card-text', {
        names: demos.map((ev) => t('shell-demo-quoted', { name: ev.name })).join(', '),
        count: demos.length,
      })),
      h('div', { class: 'btn-row' }, h('button', {
        type: 'button', class: 'btn btn-danger-outline', 'data-testid': 'remove-demo', onclick: () => removeDemo(),
      }, t('shell-demo-remove'))));
    card.hidden = false;
  }).catch(() => { /* nothing to offer */ });
  return card;
}
