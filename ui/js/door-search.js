// Name search at the door, for the guest whose ticket is at home: results come as the door
// person types, each one big target that checks the person in through the same scan as
// their ticket would (so the same banner, sound, attention and questions follow). A
// combobox: arrow keys move through the results, Enter takes the highlighted one (or the
// only one), Escape clears. A hardware scanner typing into the field while it has the
// focus is told apart by its speed (burst.js): its code is scanned, not searched for.

import * as api from './api.js';
import { h, replace, fullName, debounce, uid, statusWord, rsvpWord } from './dom.js';
import { session, regTypeName } from './session.js';
import { burstTracker } from './burst.js';
import { t } from './i18n.js';

const DEBOUNCE_MS = 150;
const PER_PAGE = 8;

/**
 * onPick(attendee, event): a result was chosen; onCode(code, event): a scanner's burst.
 * Returns {field, list, clear()}: the labelled input, and the result list to place where
 * there is room for it (the screen decides where).
 */
export function doorSearch({ onPick, onCode }) {
  const listId = uid('door-results');
  const input = h('input', {
    id: 'door-search',
    type: 'search',
    role: 'combobox',
    'aria-autocomplete': 'list',
    'aria-expanded': 'false',
    'aria-controls': listId,
    autocomplete: 'off',
    autocapitalize: 'words',
    spellcheck: 'false',
    enterkeyhint: 'search',
    maxlength: 200,
    placeholder: t('door-search-placeholder'),
    'data-testid': 'door-search',
  });
  const list = h('ul', {
    id: listId, class: 'search-results', role: 'listbox', 'aria-label': t('door-search-results'), 'data-testid': 'search-results', hidden: true,
  });
  const status = h('p', { class: 'visually-hidden', role: 'status', 'data-testid': 'search-status' });
  const field = h('div', { class: 'door-search' },
    h('label', { for: 'door-search' }, t('door-search-label')),
    input,
    status);

  let results = [];
  let active = -1;
  let seq = 0; // an older answer must not replace a newer one
  const tracker = burstTracker();

  function open(yes) {
    list.hidden = !yes;
    input.setAttribute('aria-expanded', String(yes));
  }

  function clear() {
    seq += 1;
    search.cancel();
    input.value = '';
    results = [];
    active = -1;
    input.removeAttribute('aria-activedescendant');
    replace(list);
    delete list.dataset.query;
    replace(status);
    open(false);
  }

  function highlight(i) {
    active = i;
    list.querySelectorAll('[role="option"]').forEach((li, j) => li.setAttribute('aria-selected', String(j === i)));
    const li = list.querySelector(`#${listId}-${i}`);
    input.setAttribute('aria-activedescendant', li.id);
    li.scrollIntoView({ block: 'nearest' });
  }

  function pick(i, event) {
    const a = results[i];
    if (!a) return;
    clear();
    // Chosen by touch: the focus leaves the field, so the next ticket scanned goes to the
    // scan, not into the field. By keyboard it stays, for the next name.
    if (event.type !== 'keydown') input.blur();
    onPick(a, event);
  }

  function meta(a) {
    const rsvp = a.rsvp_status && a.rsvp_status !== 'confirmed' && a.rsvp_status !== 'unconfirmed' ? rsvpWord(a.rsvp_status) : '';
    // What matters at the door first: in already, or not allowed in.
    return [rsvp || statusWord(a.checkin_status), regTypeName(a.registration_type_id), a.company].filter(Boolean).join(' · ');
  }

  function show(q, items) {
    list.dataset.query = q; // which search the list answers (the field may be ahead of it)
    results = items;
    active = -1;
    input.removeAttribute('aria-activedescendant');
    if (items.length === 0) {
      replace(list, h('li', { class: 'search-none', 'data-testid': 'search-none' }, t('door-search-none-for', { query: q })));
      status.textContent = t('door-search-none');
    } else {
      replace(list, items.map((a, i) => h('li', {
        id: `${listId}-${i}`,
        role: 'option',
        class: 'search-option',
        'aria-selected': 'false',
        'data-testid': 'search-result',
        onclick: (e) => pick(i, e),
      },
      h('span', { class: 'search-name' }, fullName(a)),
      h('span', { class: 'search-meta' }, meta(a)))));
      status.textContent = t('door-search-found', { count: items.length });
    }
    open(true);
  }

  const search = debounce(async () => {
    const q = input.value.trim();
    const mine = ++seq;
    if (!q) {
      clear();
      return;
    }
    try {
      const res = await api.get(api.paths.attendees(session.event.id), { query: { q, per_page: PER_PAGE }, background: true, retries: 0 });
      if (mine === seq) show(q, res.items || []);
    } catch (e) {
      if (mine !== seq) return;
      list.dataset.query = q;
      results = [];
      replace(list, h('li', { class: 'search-none' }, e.words || t('door-search-failed')));
      open(true);
    }
  }, DEBOUNCE_MS);

  input.addEventListener('input', () => {
    // What is typed now (a scanner's burst too) is no longer about the highlighted result.
    if (active >= 0) {
      active = -1;
      list.querySelectorAll('[aria-selected="true"]').forEach((li) => li.setAttribute('aria-selected', 'false'));
      input.removeAttribute('aria-activedescendant');
    }
    search();
  });
  input.addEventListener('keydown', (e) => {
    const burst = tracker.key(e);
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!results.length) return;
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      highlight(active < 0 ? (step > 0 ? 0 : results.length - 1) : (active + step + results.length) % results.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (active >= 0) {
        pick(active, e);
      } else if (burst) {
        // Posted as a code, as if scanned anywhere else; the field is left empty.
        clear();
        onCode(burst.code, e);
      } else if (results.length === 1) {
        pick(0, e);
      }
    } else if (e.key === 'Escape') {
      e.preventDefault();
      clear();
    }
  });

  return { field, list, clear };
}
