// The demo event (POST /kiosk/demo): made in one tap from Get started, marked "Demo"
// wherever an event's name shows (top bar, event picker), and removed in one step with
// everything in it (DELETE /kiosk/demo, after a confirmation).

import * as api from './api.js';
import { h, confirmDialog } from './dom.js';
import { session, chooseEvent, forgetEvent, emit } from './session.js';
import { toast } from './shell.js';

export function isDemo(event) {
  return !!(event && event.demo);
}

/** The small "Demo" tag shown beside a demo event's name. */
export function demoTag(extra = {}) {
  return h('span', { class: 'demo-tag', 'data-testid': 'demo-tag', ...extra }, 'Demo');
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
    title: 'Remove the demo data?',
    body: 'The demo event and all its attendees and check-ins are deleted. Your own events stay.',
    confirmWords: 'Remove demo data',
    danger: true,
    testid: 'remove-demo-dialog',
  });
  if (!yes) return false;
  try {
    await api.del(api.paths.demo());
  } catch (e) {
    toast(`The demo data was not removed: ${e.words}`, 'error');
    return false;
  }
  if (isDemo(session.event)) {
    forgetEvent();
    emit('event', null);
  }
  toast('Demo data removed.', 'ok');
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
      h('h2', { id: 'demo-title' }, 'Demo data'),
      h('p', null, `${demos.map((ev) => `“${ev.name}”`).join(', ')} ${demos.length === 1 ? 'is a demo event' : 'are demo events'} with made-up guests.`),
      h('div', { class: 'btn-row' }, h('button', {
        type: 'button', class: 'btn btn-danger-outline', 'data-testid': 'remove-demo', onclick: () => removeDemo(),
      }, 'Remove demo data')));
    card.hidden = false;
  }).catch(() => { /* nothing to offer */ });
  return card;
}
