// Events (organisers): create (#/events/new; `?first=1` on the first-run path) and edit
// (#/events/ID) an event's name, place, start and end, time zone (default the computer's;
// a searchable list of the browser's IANA zones) and, once it exists, whether the door
// asks the required questions an attendee left open (`door_questions`) and after how many
// days past its end the server erases the attendees' personal data (`retention_days`,
// empty: never; the date it will happen is shown, `erase_after`). Start and end are
// typed as the clock on the wall in the event's time zone and sent in UTC. An existing
// event also shows its registration types and sessions: add, rename (and change), remove —
// removal asks first and says how many use it (`attendee_count`). After a create the next
// steps are offered: import attendees, add people by hand, go to the door (with the event
// chosen).

import * as api from '../api.js';
import {
  h, replace, loading, errorPanel, uid, confirmDialog, saveFailed, fixEntries, formatDateTime, formatTime,
} from '../dom.js';
import { session, chooseEvent } from '../session.js';
import { checkText, MAX_SHORT, MAX_LONG } from '../fields.js';
import { toast } from '../shell.js';
import { t, language } from '../i18n.js';
import {
  deviceZone, timeZones, isZone, wallToUtc, utcToWall, zoneLabel,
} from '../zones.js';

const TZ_LIST_ID = 'tz-options';

/** One labelled input with its error line: {el, input, setError(msg), key}. */
function inputField({
  key, label, type = 'text', value = '', hint = null, required = false, testid, attrs = {},
}) {
  const id = uid(key);
  const input = h('input', {
    id, type, autocomplete: 'off', 'aria-describedby': `${id}-hint ${id}-err`, 'data-testid': testid, ...attrs,
  });
  input.value = value ?? '';
  const errorEl = h('p', { class: 'field-error', id: `${id}-err`, 'data-testid': `${testid}-error` });
  const hintEl = h('p', { class: 'hint', id: `${id}-hint` }, hint || '');
  if (!hint) hintEl.hidden = true;
  // A corrected entry loses its old complaint at once.
  input.addEventListener('input', () => {
    if (errorEl.textContent) {
      errorEl.textContent = '';
      input.removeAttribute('aria-invalid');
    }
  });
  const el = h('div', { class: 'field', 'data-field': key },
    h('label', { for: id }, label, required ? h('span', { class: 'req', 'aria-hidden': 'true' }, ' *') : null,
      required ? h('span', { class: 'visually-hidden' }, ` ${t('event-required')}`) : null),
    input, hintEl, errorEl);
  return {
    key,
    el,
    input,
    hintEl,
    setError(message) {
      errorEl.textContent = message || '';
      if (message) input.setAttribute('aria-invalid', 'true');
      else input.removeAttribute('aria-invalid');
    },
  };
}

/** The shared <datalist> of time zones (made once per page). */
function zoneList() {
  let list = document.getElementById(TZ_LIST_ID);
  if (!list) {
    list = h('datalist', { id: TZ_LIST_ID }, timeZones().map((z) => h('option', { value: z })));
    document.body.appendChild(list);
  }
  return list;
}

/** 422 messages beside their inputs (`item.NAME ...` → controls[NAME]); returns the rest. */
function placeErrors(errors, controls) {
  const leftover = [];
  let first = null;
  for (const raw of errors || []) {
    const message = String(raw);
    const m = message.match(/^item\.([a-z_]+)/);
    const c = m && controls[m[1]];
    if (c) {
      c.setError(api.humanise(message));
      if (!first) first = c;
    } else {
      leftover.push(api.humanise(message));
    }
  }
  if (first) first.input.focus();
  return leftover;
}

/** A capacity input's value: null (no limit) or a whole number ≥ 0; {error} otherwise. */
function readCapacity(input) {
  const text = String(input.value || '').trim();
  if (!text) return { value: null };
  if (!/^\d+$/.test(text)) return { error: t('event-capacity-invalid') };
  return { value: Number(text) };
}

/** The most days `retention_days` takes (src/domain/event.rs MAX_RETENTION_DAYS). */
const MAX_RETENTION_DAYS = 36500;

/** A retention input's value: null (never) or whole days 1…36500; {error} otherwise. */
function readRetention(input) {
  const text = String(input.value || '').trim();
  if (!text && !(input.validity && input.validity.badInput)) return { value: null };
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > MAX_RETENTION_DAYS) {
    return { error: t('event-retention-invalid', { max: String(MAX_RETENTION_DAYS) }) };
  }
  return { value: Number(text) };
}

export function render(root, params = {}) {
  let alive = true;
  const eventId = params.id || null;
  const query = params.query || new URLSearchParams();
  const first = query.get('first') === '1';
  const justCreated = first || query.get('created') === '1';
  let event = null;

  zoneList();

  // ---- The event's own members ------------------------------------------------------
  function eventForm(ev) {
    const initialZone = ev ? (ev.timezone || '') : deviceZone();
    const zoneOf = () => (isZone(tz.input.value.trim()) ? tz.input.value.trim() : (ev && ev.timezone) || deviceZone());
    const name = inputField({
      key: 'name', label: t('event-name'), required: true, value: ev ? ev.name : '', testid: 'event-name-input', attrs: { maxlength: MAX_SHORT },
    });
    const place = inputField({
      key: 'location', label: t('event-place'), value: ev ? (ev.location || '') : '', testid: 'event-location', hint: t('event-place-hint'),
    });
    const tz = inputField({
      key: 'timezone', label: t('event-timezone'), value: initialZone, testid: 'event-timezone',
      hint: '', attrs: { list: TZ_LIST_ID, spellcheck: 'false', placeholder: t('event-timezone-placeholder'), autocapitalize: 'off' },
    });
    const startsWall = ev ? utcToWall(ev.starts_at, initialZone || deviceZone()) : '';
    const endsWall = ev ? utcToWall(ev.ends_at, initialZone || deviceZone()) : '';
    const starts = inputField({ key: 'starts_at', label: t('event-starts'), type: 'datetime-local', value: startsWall, testid: 'event-starts' });
    const ends = inputField({ key: 'ends_at', label: t('event-ends'), type: 'datetime-local', value: endsWall, testid: 'event-ends' });
    const controls = {
      name, location: place, timezone: tz, starts_at: starts, ends_at: ends,
    };

    function zoneHint() {
      const v = tz.input.value.trim();
      tz.hintEl.hidden = false;
      if (!v) {
        tz.hintEl.textContent = t('event-zone-hint-empty', { zone: deviceZone() });
      } else if (isZone(v)) {
        // The offset on the event's first day (summer or winter time), else today's.
        const start = starts.input.value ? wallToUtc(starts.input.value, v) : null;
        tz.hintEl.textContent = t('event-zone-hint-known', { zone: zoneLabel(v, start ? new Date(start) : new Date()) });
      } else {
        tz.hintEl.textContent = t('event-zone-hint-unknown');
      }
    }
    tz.input.addEventListener('input', zoneHint);
    starts.input.addEventListener('change', zoneHint);
    zoneHint();

    // At the door (an existing event): ask the required questions an attendee left open.
    let doorBox = null;
    let doorSetting = null;
    if (ev) {
      const boxId = uid('door-questions');
      doorBox = h('input', {
        type: 'checkbox', id: boxId, checked: !!ev.door_questions, 'data-testid': 'event-door-questions',
        'aria-describedby': `${boxId}-hint`,
      });
      doorSetting = h('fieldset', { class: 'door-setting', 'data-testid': 'door-questions-setting' },
        h('legend', null, t('event-door-legend')),
        h('label', { class: 'check-row', for: boxId }, doorBox, h('span', null, t('event-door-questions'))),
        h('p', { class: 'hint', id: `${boxId}-hint` },
          t('event-door-questions-hint')));
    }

    // Personal data (an existing event): erase it N days after the event ends.
    let retention = null;
    let retentionSetting = null;
    if (ev) {
      retention = inputField({
        key: 'retention_days', label: t('event-retention'), type: 'number',
        value: ev.retention_days ?? '', testid: 'event-retention-days',
        hint: t('event-retention-hint'),
        attrs: { min: 1, max: MAX_RETENTION_DAYS, step: 1, inputmode: 'numeric' },
      });
      const when = h('p', { class: 'retention-when', role: 'status', 'data-testid': 'event-erase-after' });
      const showWhen = () => {
        const days = readRetention(retention.input);
        const zone = zoneOf();
        const endsAt = ends.input.value ? wallToUtc(ends.input.value, zone) : null;
        if (days.error || days.value === null) {
          when.textContent = ev.purged_at ? t('event-purged', { when: formatDateTime(ev.purged_at) }) : '';
        } else if (!endsAt) {
          when.textContent = t('event-erase-needs-end');
        } else {
          const at = new Date(new Date(endsAt).getTime() + days.value * 86400000);
          // The server looks at start and every hour: a date already past is that soon.
          when.textContent = at > new Date()
            ? t('event-erase-on', { when: formatDateTime(at.toISOString()) })
            : t('event-erase-soon', { when: formatDateTime(at.toISOString()) });
        }
      };
      retention.input.addEventListener('input', showWhen);
      ends.input.addEventListener('change', showWhen);
      showWhen();
      controls.retention_days = retention;
      retentionSetting = h('fieldset', { class: 'door-setting', 'data-testid': 'retention-setting' },
        h('legend', null, t('event-personal-data')), retention.el, when);
    }

    const formError = h('div', { class: 'form-error', role: 'alert', 'data-testid': 'event-form-error' });
    const saved = h('p', { class: 'muted', role: 'status', 'data-testid': 'event-saved' });
    const save = h('button', { type: 'submit', class: 'btn btn-primary', 'data-testid': 'event-save' }, ev ? t('event-save') : t('event-create'));
    const form = h('form', { class: 'event-form', novalidate: true, 'data-testid': 'event-form' },
      name.el,
      tz.el,
      h('div', { class: 'form-grid' }, starts.el, ends.el),
      place.el,
      doorSetting,
      retentionSetting,
      formError,
      h('div', { class: 'btn-row' }, save, saved));

    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      Object.values(controls).forEach((c) => c.setError(''));
      replace(formError);
      saved.textContent = '';
      let firstBad = null;
      const bad = (c, message) => {
        c.setError(message);
        if (!firstBad) firstBad = c;
      };
      const n = checkText(name.input.value, MAX_SHORT, true);
      if (n.error) bad(name, n.error);
      const loc = checkText(place.input.value, MAX_LONG, false);
      if (loc.error) bad(place, loc.error);
      const zone = tz.input.value.trim();
      if (zone && !isZone(zone)) bad(tz, t('event-zone-invalid'));
      if (starts.input.validity && starts.input.validity.badInput) bad(starts, t('event-incomplete-time'));
      if (ends.input.validity && ends.input.validity.badInput) bad(ends, t('event-incomplete-time'));
      const conv = zone && isZone(zone) ? zone : (zone ? null : deviceZone());
      const startsAt = conv && starts.input.value ? wallToUtc(starts.input.value, conv) : null;
      const endsAt = conv && ends.input.value ? wallToUtc(ends.input.value, conv) : null;
      if (startsAt && endsAt && endsAt < startsAt) bad(ends, t('event-ends-before-starts'));
      const days = retention ? readRetention(retention.input) : { value: null };
      if (days.error) bad(retention, days.error);
      if (firstBad) {
        formError.textContent = fixEntries();
        firstBad.input.focus();
        return;
      }
      const item = {};
      if (!ev) {
        item.name = n.value;
        if (loc.value) item.location = loc.value;
        if (zone) item.timezone = zone;
        if (startsAt) item.starts_at = startsAt;
        if (endsAt) item.ends_at = endsAt;
      } else {
        if (n.value !== ev.name) item.name = n.value;
        if ((loc.value || null) !== (ev.location || null)) item.location = loc.value || null;
        const zoneChanged = zone !== (ev.timezone || '');
        if (zoneChanged) item.timezone = zone || null;
        // A new zone keeps the times as typed (the wall clock there), so they are sent again.
        if (zoneChanged || starts.input.value !== startsWall) item.starts_at = startsAt;
        if (zoneChanged || ends.input.value !== endsWall) item.ends_at = endsAt;
        if (doorBox && doorBox.checked !== !!ev.door_questions) item.door_questions = doorBox.checked;
        if (retention && days.value !== (ev.retention_days ?? null)) item.retention_days = days.value;
      }
      if (ev && Object.keys(item).length === 0) {
        saved.textContent = t('event-nothing-to-save');
        return;
      }
      save.disabled = true;
      save.textContent = t('event-saving');
      let res;
      try {
        res = ev
          ? await api.patch(api.paths.event(ev.id), { item })
          : await api.post(api.paths.events(), { item });
      } catch (err) {
        if (!alive) return;
        save.disabled = false;
        save.textContent = ev ? t('event-save') : t('event-create');
        const leftover = err.status === 422 ? placeErrors(err.errors, controls) : [];
        saveFailed(formError, err, form, { leftover, lead: t('event-not-accepted') });
        return;
      }
      if (!alive) return;
      const out = res.item;
      if (!ev) {
        if (first) {
          try { await chooseEvent(out); } catch (e2) { /* the next steps choose it again */ }
        }
        toast(t('event-created-toast', { name: out.name }), 'ok');
        location.hash = `#/events/${out.id}?${first ? 'first' : 'created'}=1`;
        return;
      }
      event = out;
      if (session.event && session.event.id === out.id) {
        try { await chooseEvent(out); } catch (e2) { /* shown on the next screen */ }
      }
      toast(t('event-saved-toast'), 'ok');
      showEvent();
      const again = root.querySelector('[data-testid="event-saved"]');
      if (again) again.textContent = t('event-saved-at', { time: formatTime(new Date().toISOString()) });
    });
    return { form, zoneOf };
  }

  // ---- Registration types and sessions -------------------------------------------------
  function recordSection(spec, zoneOf) {
    const cfg = { ...spec, path: spec.listPath(eventId) };
    const list = h('ul', { class: 'record-list', 'data-testid': `${cfg.key}-list` }, h('li', null, loading()));
    const status = h('p', { class: 'form-error', role: 'alert', 'data-testid': `${cfg.key}-error` });
    let records = [];
    let editing = null;

    async function load() {
      let res;
      try {
        res = await api.get(cfg.path, { query: { per_page: 100 } });
      } catch (e) {
        if (alive) replace(list, h('li', null, errorPanel(e, load)));
        return;
      }
      if (!alive) return;
      records = (res && res.items) || [];
      showList();
      if (session.event && session.event.id === eventId) session[cfg.sessionKey] = records.slice();
    }

    function showList(focusKey) {
      if (records.length === 0) {
        replace(list, h('li', { class: 'empty', 'data-testid': `${cfg.key}-empty` }, cfg.empty));
        return;
      }
      replace(list, records.map((r) => row(r)));
      if (focusKey) {
        const el = list.querySelector(`[data-focus-key="${focusKey}"]`);
        if (el) el.focus();
      }
    }

    function row(r) {
      const li = h('li', { class: ['record-row', editing === r.id && 'editing'], 'data-testid': `${cfg.key}-row`, 'data-name': r.name, 'data-id': r.id },
        h('div', { class: 'record-main' },
          h('div', { class: 'record-name', 'data-testid': `${cfg.key}-name-text` }, r.name),
          h('div', { class: 'record-meta', 'data-testid': `${cfg.key}-meta` }, cfg.meta(r, zoneOf()).filter(Boolean).join(' · '))),
        h('div', { class: 'record-tools' },
          h('button', {
            type: 'button', class: 'btn btn-small', 'data-testid': `${cfg.key}-edit`, 'data-focus-key': `edit-${r.id}`,
            'aria-expanded': String(editing === r.id), 'aria-label': t('event-record-edit-label', { name: r.name }),
            onclick: () => { editing = editing === r.id ? null : r.id; showList(`edit-${r.id}`); },
          }, editing === r.id ? t('event-record-close') : t('event-record-rename')),
          h('button', {
            type: 'button', class: 'btn btn-small btn-danger-outline', 'data-testid': `${cfg.key}-remove`, 'aria-label': t('event-record-remove-label', { name: r.name }),
            onclick: (e) => remove(r, e.currentTarget),
          }, t('event-record-remove'))));
      if (editing === r.id) {
        li.appendChild(h('div', { class: 'editor-panel' }, recordForm(r, {
          onSaved: () => { editing = null; load(); },
          onCancel: () => { editing = null; showList(`edit-${r.id}`); },
        })));
      }
      return li;
    }

    /** The add form (record null) or a record's edit form. */
    function recordForm(record, { onSaved, onCancel }) {
      const prefix = record ? `${cfg.key}-edit` : cfg.key;
      const zone = zoneOf();
      const controls = {};
      const made = cfg.fields.map((f) => {
        let value = record ? record[f.key] : '';
        if (f.type === 'wall') value = record ? utcToWall(record[f.key], zone) : '';
        if (f.type === 'number') value = record && record[f.key] !== null && record[f.key] !== undefined ? String(record[f.key]) : '';
        const c = inputField({
          key: `${prefix}-${f.key}`,
          label: f.label,
          type: f.type === 'wall' ? 'datetime-local' : f.type === 'number' ? 'number' : 'text',
          value,
          required: !!f.required,
          hint: f.hint || null,
          testid: `${prefix}-${f.testid || f.key}`,
          attrs: f.type === 'number' ? { min: 0, step: 1, inputmode: 'numeric' } : { maxlength: MAX_SHORT },
        });
        c.initial = value;
        controls[f.key] = c;
        return c;
      });
      const formError = h('div', { class: 'form-error', role: 'alert', 'data-testid': `${prefix}-form-error` });
      const save = h('button', { type: 'submit', class: 'btn btn-primary', 'data-testid': record ? `${cfg.key}-save` : `${cfg.key}-add` }, record ? t('event-save') : cfg.addWords);
      const form = h('form', { class: ['record-form', !record && 'record-add'], novalidate: true, 'data-testid': `${prefix}-form` },
        h('div', { class: 'form-grid' }, made.map((c) => c.el)),
        formError,
        h('div', { class: 'btn-row' }, save,
          record ? h('button', { type: 'button', class: 'btn', 'data-testid': `${cfg.key}-cancel`, onclick: onCancel }, t('common-cancel')) : null));

      form.addEventListener('submit', async (e) => {
        e.preventDefault();
        Object.values(controls).forEach((c) => c.setError(''));
        replace(formError);
        const item = {};
        let firstBad = null;
        for (const f of cfg.fields) {
          const c = controls[f.key];
          let r;
          if (f.type === 'number') r = readCapacity(c.input);
          else if (f.type === 'wall') {
            r = c.input.validity && c.input.validity.badInput ? { error: t('event-incomplete-time') }
              : { value: c.input.value ? wallToUtc(c.input.value, zone) : null };
          } else r = checkText(c.input.value, MAX_SHORT, !!f.required);
          if (r.error) {
            c.setError(r.error);
            if (!firstBad) firstBad = c;
            continue;
          }
          // A change sends only what changed; an add sends what was given.
          if (record ? String(c.input.value).trim() !== String(c.initial ?? '').trim() : r.value !== null) item[f.key] = r.value;
        }
        if (item.starts_at && item.ends_at && item.ends_at < item.starts_at && controls.ends_at) {
          controls.ends_at.setError(t('event-ends-before-starts'));
          firstBad = firstBad || controls.ends_at;
        }
        if (firstBad) {
          formError.textContent = fixEntries();
          firstBad.input.focus();
          return;
        }
        if (record && Object.keys(item).length === 0) {
          onCancel();
          return;
        }
        save.disabled = true;
        try {
          if (record) await api.patch(cfg.itemPath(eventId, record.id), { item });
          else await api.post(cfg.path, { item });
        } catch (err) {
          if (!alive) return;
          save.disabled = false;
          const leftover = err.status === 422 ? placeErrors(err.errors, controls) : [];
          saveFailed(formError, err, form, { leftover, lead: t('event-not-accepted') });
          return;
        }
        if (!alive) return;
        save.disabled = false;
        toast(record ? t('event-record-saved', { name: item.name || record.name }) : t('event-record-added', { name: item.name }), 'ok');
        if (!record) {
          Object.values(controls).forEach((c) => { c.input.value = ''; });
          controls.name.input.focus();
        }
        onSaved();
      });
      return form;
    }

    async function remove(r, button) {
      status.textContent = '';
      const yes = await confirmDialog({
        title: t('event-record-remove-title', { name: r.name }),
        body: cfg.removeWords(r),
        confirmWords: t('event-record-remove'),
        danger: true,
        testid: `remove-${cfg.key}-dialog`,
      });
      if (!yes || !alive) return;
      button.disabled = true;
      try {
        await api.del(cfg.itemPath(eventId, r.id));
      } catch (e) {
        if (!alive) return;
        button.disabled = false;
        status.textContent = e.status === 404 ? t('event-record-already-removed') : t('event-record-not-removed', { reason: e.words });
        if (e.status !== 404) return;
      }
      if (!alive) return;
      toast(t('event-record-removed', { name: r.name }), 'ok');
      if (editing === r.id) editing = null;
      load();
    }

    const addForm = recordForm(null, { onSaved: () => load(), onCancel: () => {} });
    const card = h('section', { class: 'card', 'data-testid': `${cfg.key}-section`, 'aria-labelledby': `${cfg.key}-title` },
      h('h2', { id: `${cfg.key}-title` }, cfg.title),
      h('p', { class: 'muted' }, cfg.lead),
      status,
      list,
      h('h3', { class: 'section-gap' }, cfg.addTitle),
      addForm);
    load();
    return card;
  }

  const TYPES = {
    key: 'type',
    listPath: api.paths.registrationTypes,
    itemPath: api.paths.registrationType,
    sessionKey: 'regTypes',
    title: t('event-types-title'),
    lead: t('event-types-lead'),
    addTitle: t('event-types-add-title'),
    addWords: t('event-types-add'),
    empty: t('event-types-empty'),
    fields: [
      { key: 'name', label: t('event-name'), required: true },
      { key: 'capacity', label: t('event-capacity'), type: 'number', hint: t('event-capacity-hint') },
    ],
    meta: (r) => [
      typeof r.attendee_count === 'number' ? t('event-attendee-count', { count: r.attendee_count }) : null,
      r.capacity !== null && r.capacity !== undefined ? t('event-capacity-meta', { capacity: r.capacity }) : t('event-no-limit'),
    ],
    removeWords: (r) => {
      if (typeof r.attendee_count !== 'number') return t('event-types-remove-unknown');
      if (r.attendee_count === 0) return t('event-types-remove-none');
      return t('event-types-remove-count', { count: r.attendee_count });
    },
  };

  const SESSIONS = {
    key: 'session',
    listPath: api.paths.sessions,
    itemPath: api.paths.session,
    sessionKey: 'sessions',
    title: t('event-sessions-title'),
    lead: t('event-sessions-lead'),
    addTitle: t('event-sessions-add-title'),
    addWords: t('event-sessions-add'),
    empty: t('event-sessions-empty'),
    fields: [
      { key: 'name', label: t('event-name'), required: true },
      { key: 'starts_at', label: t('event-starts'), type: 'wall', testid: 'starts' },
      { key: 'ends_at', label: t('event-ends'), type: 'wall', testid: 'ends' },
      { key: 'capacity', label: t('event-capacity'), type: 'number', hint: t('event-capacity-hint') },
    ],
    meta: (r, zone) => [
      r.starts_at ? `${formatWall(r.starts_at, zone)}${r.ends_at ? `–${formatWall(r.ends_at, zone, true)}` : ''}` : null,
      typeof r.attendee_count === 'number' ? t('event-session-checked-in', { count: r.attendee_count }) : null,
      r.capacity !== null && r.capacity !== undefined ? t('event-capacity-meta', { capacity: r.capacity }) : null,
    ],
    removeWords: (r) => {
      if (typeof r.attendee_count !== 'number') return t('event-sessions-remove-unknown');
      if (r.attendee_count === 0) return t('event-sessions-remove-none');
      return t('event-sessions-remove-count', { count: r.attendee_count });
    },
  };

  function nextSteps() {
    const go = (hash) => async (e) => {
      const btn = e.currentTarget;
      btn.disabled = true;
      try {
        if (!session.event || session.event.id !== event.id) await chooseEvent(event);
      } catch (err) {
        btn.disabled = false;
        toast(t('event-open-failed', { reason: err.words || err.message }), 'error');
        return;
      }
      location.hash = hash;
    };
    return h('section', { class: 'card next-steps', 'data-testid': 'next-steps', 'aria-labelledby': 'next-title' },
      h('h2', { id: 'next-title' }, t('event-next-title')),
      h('p', null, t('event-next-lead')),
      h('div', { class: 'btn-row' },
        h('button', { type: 'button', class: 'btn btn-primary', 'data-testid': 'next-import', onclick: go('#/data') }, t('event-next-import')),
        h('button', { type: 'button', class: 'btn', 'data-testid': 'next-walk-in', onclick: go('#/walk-in') }, t('event-next-walk-in')),
        h('button', { type: 'button', class: 'btn', 'data-testid': 'next-door', onclick: go('#/door') }, t('event-next-door'))));
  }

  function showNew() {
    const { form } = eventForm(null);
    replace(root, h('section', { class: 'screen narrow', 'data-testid': 'event-new-screen' },
      h('a', { class: 'back-link', href: '#/events' }, t('event-back')),
      h('h1', null, t('event-new-title')),
      h('p', { class: 'lead' }, first ? t('event-new-lead-first') : t('event-new-lead')),
      h('div', { class: 'card' }, form)));
  }

  function showEvent() {
    const { form, zoneOf } = eventForm(event);
    replace(root, h('section', { class: 'screen', 'data-testid': 'event-edit' },
      h('a', { class: 'back-link', href: '#/events' }, t('event-back')),
      h('div', { class: 'screen-head' },
        h('h1', { 'data-testid': 'event-title' }, event.name),
        h('p', { class: 'muted' }, [
          event.starts_at ? formatDateTime(event.starts_at) : null,
          event.timezone || null,
          t('event-attendee-count', { count: event.attendee_count || 0 }),
        ].filter(Boolean).join(' · '))),
      justCreated ? h('p', { class: 'notice notice-ok', 'data-testid': 'event-created' },
        t('event-created-notice', { name: event.name })) : null,
      h('div', { class: 'grid-2' },
        h('div', null,
          // Types and sessions first: an import that names types needs them to exist.
          recordSection(TYPES, zoneOf),
          recordSection(SESSIONS, zoneOf),
          justCreated ? nextSteps() : null),
        h('div', null,
          h('section', { class: 'card', 'aria-labelledby': 'details-title' },
            h('h2', { id: 'details-title' }, t('event-details')),
            form)))));
  }

  async function load() {
    replace(root, h('section', { class: 'screen narrow', 'data-testid': 'event-edit' }, h('h1', null, t('event-title')), loading()));
    try {
      const res = await api.get(api.paths.event(eventId));
      event = res.item;
    } catch (e) {
      if (!alive) return;
      replace(root, h('section', { class: 'screen narrow' },
        h('a', { class: 'back-link', href: '#/events' }, t('event-back')),
        h('h1', null, t('event-title')),
        errorPanel(e, load)));
      return;
    }
    if (!alive) return;
    showEvent();
  }

  if (eventId) load();
  else showNew();
  return () => { alive = false; };
}

/** A UTC time as the wall clock in `zone`, "1 May 09:00" (or "09:00" with timeOnly). */
function formatWall(iso, zone, timeOnly = false) {
  const wall = utcToWall(iso, zone);
  if (!wall) return '';
  const [date, time] = wall.split('T');
  if (timeOnly) return time;
  const [y, m, d] = date.split('-').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d));
  const lang = language();
  // English keeps its "1 May"; other languages order day and month their own way ("1. Mai").
  const dayMonth = lang === 'en'
    ? `${d} ${day.toLocaleString(lang, { month: 'short', timeZone: 'UTC' })}`
    : new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(day);
  return `${dayMonth} ${time}`;
}
