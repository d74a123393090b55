// Choose the event this kiosk works for; the choice is remembered on this device.

import * as api from '../api.js';
import { h, replace, loading, errorPanel, formatDate, focusHeading } from '../dom.js';
import { session, chooseEvent, chooseAccount, isOrganiser } from '../session.js';
import { isDemo, demoTag } from '../demo.js';
import { renderNav } from '../shell.js';
import { t } from '../i18n.js';

/** A role of an account, as the account picker shows it. */
function roleWord(role) {
  switch (role) {
    case 'organiser': return t('events-role-organiser');
    case 'door': return t('events-role-door');
    default: return role;
  }
}

// `skipIfOnlyOne`: when the person can reach exactly one event (one account, one event in
// it), that event is opened at once and the list is not shown (the route with no event
// chosen yet asks for this; #/events, the list asked for, always shows it).
export function render(root, params = {}) {
  let alive = true;
  let maySkip = !!params.skipIfOnlyOne;
  const next = params.next && params.next !== '#/events' ? params.next : '#/door';

  function go() {
    renderNav('door');
    location.hash = next;
    if (location.hash === next) window.dispatchEvent(new HashChangeEvent('hashchange'));
  }

  async function load() {
    // While it may still go straight on, the placeholder is not the picker (nothing to pick yet).
    replace(root, h('section', { class: 'screen narrow', 'data-testid': maySkip ? 'events-loading' : 'events-screen' },
      h('h1', null, t('events-title')), loading(t('events-loading'))));
    let events;
    try {
      events = await api.all(api.paths.events());
    } catch (e) {
      if (!alive) return;
      replace(root, h('section', { class: 'screen narrow' }, h('h1', null, t('events-title')), errorPanel(e, load)));
      return;
    }
    if (!alive) return;
    const accounts = (session.user && session.user.accounts) || [];
    let openFailed = null;
    if (maySkip && events.length === 1 && accounts.length <= 1) {
      maySkip = false;
      try {
        await chooseEvent(events[0]);
        if (!alive) return;
        go();
        return;
      } catch (err) {
        if (!alive) return;
        openFailed = err.words || t('events-open-failed'); // the list, saying so
      }
    }
    maySkip = false;
    const accountPicker = accounts.length > 1 ? h('div', { class: 'field' },
      h('label', { for: 'account-pick' }, t('events-account')),
      (() => {
        const sel = h('select', { id: 'account-pick' }, accounts.map((a) => h('option', { value: a.account_id, selected: a.account_id === session.accountId }, t('events-account-option', { account: a.account_name, role: roleWord(a.role) }))));
        sel.addEventListener('change', () => {
          const m = accounts.find((a) => a.account_id === Number(sel.value));
          if (m) { chooseAccount(m); session.event = null; load(); }
        });
        return sel;
      })()) : null;
    const list = events.length === 0
      ? h('p', { class: 'empty' }, t('events-empty'))
      : h('ul', { class: 'event-list' }, events.map((ev) => h('li', null,
        h('button', {
          type: 'button',
          class: ['event-card', session.event && session.event.id === ev.id && 'current'],
          'data-testid': 'event-option',
          'data-event-id': ev.id,
          onclick: async (e) => {
            const btn = e.currentTarget;
            btn.disabled = true;
            try {
              await chooseEvent(ev);
              go();
            } catch (err) {
              btn.disabled = false;
              status.textContent = err.words || t('events-open-failed');
            }
          },
        },
        h('span', { class: 'event-card-name' }, ev.name, isDemo(ev) ? demoTag() : null),
        h('span', { class: 'event-card-meta' }, [ev.starts_at ? formatDate(ev.starts_at) : null, ev.location, t('events-attendee-count', { count: ev.attendee_count })].filter(Boolean).join(' · '))))));
    const status = h('p', { class: 'form-error', role: 'alert' }, openFailed || '');
    // Organisers manage events from here: a new one, or an event's details, types and sessions.
    if (isOrganiser()) {
      list.querySelectorAll(':scope > li').forEach((li, i) => {
        const ev = events[i];
        li.classList.add('event-item');
        li.appendChild(h('a', {
          class: 'btn event-edit-link', href: `#/events/${ev.id}`, 'data-testid': 'event-edit', 'aria-label': t('events-edit-label', { name: ev.name }),
        }, t('events-edit')));
      });
    }
    const manage = isOrganiser() ? h('div', { class: 'btn-row' },
      h('a', { class: 'btn btn-primary', href: '#/events/new', 'data-testid': 'event-new' }, t('events-new'))) : null;
    replace(root, h('section', { class: 'screen narrow', 'data-testid': 'events-screen' },
      h('h1', null, t('events-title')),
      h('p', { class: 'lead' }, t('events-lead')),
      manage, accountPicker, status, list,
      isOrganiser() ? h('p', { class: 'section-gap' }, h('a', { class: 'btn', href: '#/start', 'data-testid': 'events-get-started' }, t('events-get-started'))) : null));
    focusHeading(root);
  }
  load();
  return () => { alive = false; };
}
