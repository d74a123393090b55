// Attendees: search as you type, status filters and paging (a violet "Attention" tag on
// those a scan stops for); a detail view with answers, the door note, check-in history,
// check in / out / undo, QR code, Print badge, and (organisers) edit, with the door note
// and the "needs attention at the door" flag, and "Erase personal data" (a data-protection
// erasure: asks first, cannot be undone; the check-in counts stay).

import * as api from '../api.js';
import {
  h, replace, loading, errorPanel, fullName, statusChip, debounce, randomKey, formatDateTime,
  RSVP_STATUSES, rsvpWord, actionWord, statusWord, focusHeading, saveFailed, uid, confirmDialog,
} from '../dom.js';
import {
  session, isOrganiser, regTypeName, sessionName, deviceName, emit, fields as loadFields,
} from '../session.js';
import {
  answerWords, fieldControl, formModel, memberControls, checkText,
} from '../fields.js';
import { printBadge } from '../badge.js';
import { toast } from '../shell.js';
import { t } from '../i18n.js';

const PER_PAGE = 25;
/** The longest door note (src/domain/attendee.rs MAX_DOOR_NOTE). */
const MAX_DOOR_NOTE = 500;

// The list's state survives going to a detail and back, so it is this module's (not the
// list's render function's); only this module reads it (see session.js on app state).
const listState = { q: '', checkin_status: '', rsvp_status: '', registration_type_id: '', page: 1 };

export function render(root, params) {
  if (params.id && params.edit) return renderEdit(root, params.id);
  if (params.id) return renderDetail(root, params.id);
  return renderList(root);
}

// ---- List --------------------------------------------------------------------------

function renderList(root) {
  let alive = true;
  let requestSeq = 0;
  const search = h('input', {
    id: 'att-search', type: 'search', value: listState.q, placeholder: t('attendees-search-placeholder'), autocomplete: 'off',
    'data-testid': 'attendee-search', spellcheck: 'false',
  });
  const statusSel = h('select', { id: 'att-status', 'data-testid': 'filter-status' },
    h('option', { value: '' }, t('attendees-filter-everyone')),
    ['not_checked_in', 'checked_in', 'checked_out'].map((v) => h('option', { value: v }, statusWord(v))));
  statusSel.value = listState.checkin_status;
  const rsvpSel = h('select', { id: 'att-rsvp', 'data-testid': 'filter-rsvp' },
    h('option', { value: '' }, t('attendees-filter-any-rsvp')),
    RSVP_STATUSES.map((v) => h('option', { value: v }, rsvpWord(v))));
  rsvpSel.value = listState.rsvp_status;
  const typeSel = h('select', { id: 'att-type', 'data-testid': 'filter-type' },
    h('option', { value: '' }, t('attendees-filter-all-types')),
    session.regTypes.map((r) => h('option', { value: String(r.id) }, r.name)));
  typeSel.value = listState.registration_type_id;

  const results = h('div', { 'data-testid': 'attendee-results', 'aria-live': 'polite' });
  const pager = h('div', { class: 'pager' });

  async function load() {
    const seq = ++requestSeq;
    results.setAttribute('aria-busy', 'true');
    try {
      const res = await api.get(api.paths.attendees(session.event.id), {
        query: {
          q: listState.q.trim(), checkin_status: listState.checkin_status, rsvp_status: listState.rsvp_status,
          registration_type_id: listState.registration_type_id, page: listState.page, per_page: PER_PAGE,
        },
      });
      if (!alive || seq !== requestSeq) return;
      showRows(res.items, res.metadata);
    } catch (e) {
      if (!alive || seq !== requestSeq) return;
      replace(results, errorPanel(e, load));
      replace(pager);
    } finally {
      if (seq === requestSeq) results.removeAttribute('aria-busy');
    }
  }

  function showRows(items, meta) {
    if (items.length === 0) {
      replace(results, h('p', { class: 'empty', 'data-testid': 'no-results' }, listState.q ? t('attendees-no-match', { query: listState.q }) : t('attendees-no-match-filters')));
    } else {
      replace(results, h('div', { class: 'table-wrap' }, h('table', null,
        h('thead', null, h('tr', null, h('th', null, t('attendees-col-name')), h('th', null, t('attendees-col-company')), h('th', null, t('attendees-col-type')), h('th', null, t('attendees-col-status')), h('th', null, h('span', { class: 'visually-hidden' }, t('attendees-col-action'))))),
        h('tbody', null, items.map((a) => row(a))))));
    }
    const pages = Math.max(1, meta.total_pages || 1);
    replace(pager,
      h('span', { class: 'muted', 'data-testid': 'result-count' }, t('attendees-result-count', { count: meta.total_count, page: meta.page, pages })),
      h('div', { class: 'btn-row' },
        h('button', { type: 'button', class: 'btn', disabled: meta.page <= 1, 'data-testid': 'page-prev', onclick: () => { listState.page -= 1; load(); } }, t('attendees-page-prev')),
        h('button', { type: 'button', class: 'btn', disabled: meta.page >= pages, 'data-testid': 'page-next', onclick: () => { listState.page += 1; load(); } }, t('attendees-page-next'))));
  }

  function row(a) {
    const action = h('td', { class: 'row-action' });
    const tr = h('tr', { 'data-testid': 'attendee-row', 'data-attendee-id': a.id },
      h('td', null, h('a', { class: 'row-link', href: `#/attendees/${a.id}`, 'data-testid': 'attendee-link' }, fullName(a)),
        a.needs_attention ? [' ', attentionTag(a)] : null,
        a.email ? h('div', { class: 'row-sub' }, a.email) : null),
      h('td', null, a.company || ''),
      h('td', null, regTypeName(a.registration_type_id)),
      h('td', { class: 'row-status' }, statusChip(a.checkin_status), a.rsvp_status !== 'confirmed' ? [' ', h('span', { class: 'chip chip-rsvp' }, rsvpWord(a.rsvp_status))] : null),
      action);
    const quick = () => {
      const checkedIn = a.checkin_status === 'checked_in';
      replace(action, h('button', {
        type: 'button', class: ['btn', 'btn-small', !checkedIn && 'btn-ok'], 'data-testid': checkedIn ? 'row-check-out' : 'row-check-in',
        onclick: async (e) => {
          const btn = e.currentTarget;
          btn.disabled = true;
          try {
            const res = await checkOperation(a.id, checkedIn ? 'check_out' : 'check_in', null);
            Object.assign(a, res.item);
            replace(tr.querySelector('.row-status'), statusChip(a.checkin_status));
            toast(checkedIn ? t('attendees-toast-checked-out', { name: fullName(a) }) : t('attendees-toast-checked-in', { name: fullName(a) }), 'ok');
            quick();
          } catch (err) {
            btn.disabled = false;
            toast(err.words, 'error', 6000);
          }
        },
      }, actionWord(checkedIn ? 'check_out' : 'check_in')));
    };
    quick();
    return tr;
  }

  const reload = debounce(() => { listState.page = 1; load(); }, 180);
  search.addEventListener('input', () => { listState.q = search.value; reload(); });
  search.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    reload.cancel();
    // A ticket scanned (or typed) into the search box opens that attendee.
    const code = search.value.trim();
    if (/^(entrada:)?[0-9a-z]{4}(-?[0-9a-z]{4}){3}$/i.test(code)) {
      openByCode(code.replace(/^entrada:/i, ''));
      return;
    }
    listState.page = 1;
    load();
  });

  async function openByCode(code) {
    try {
      const compact = code.replace(/-/g, '').toUpperCase();
      const canonical = compact.match(/.{4}/g).join('-');
      const res = await api.get(api.paths.attendees(session.event.id), { query: { qr_code: canonical, per_page: 1 } });
      if (!alive) return;
      if (res.items.length === 1) {
        listState.q = '';
        location.hash = `#/attendees/${res.items[0].id}`;
        return;
      }
    } catch (err) {
      if (!alive) return;
    }
    listState.page = 1;
    load();
  }
  for (const [sel, keyName] of [[statusSel, 'checkin_status'], [rsvpSel, 'rsvp_status'], [typeSel, 'registration_type_id']]) {
    sel.addEventListener('change', () => { listState[keyName] = sel.value; listState.page = 1; load(); });
  }

  replace(root, h('section', { class: 'screen', 'data-testid': 'attendees-screen' },
    h('div', { class: 'screen-head' },
      h('h1', null, t('attendees-title')),
      isOrganiser() ? h('a', { class: 'btn btn-primary', href: '#/walk-in' }, t('attendees-register-walk-in')) : null),
    h('div', { class: 'filters', role: 'search' },
      h('div', { class: 'field search-field' }, h('label', { for: 'att-search' }, t('attendees-search-label')), search),
      h('div', { class: 'field' }, h('label', { for: 'att-status' }, t('attendees-filter-status')), statusSel),
      h('div', { class: 'field' }, h('label', { for: 'att-rsvp' }, t('attendees-filter-rsvp')), rsvpSel),
      session.regTypes.length ? h('div', { class: 'field' }, h('label', { for: 'att-type' }, t('attendees-filter-type')), typeSel) : null),
    results, pager));
  replace(results, loading());
  load();
  setTimeout(() => { if (alive) search.focus(); }, 0);
  return () => { alive = false; reload.cancel(); };
}

function checkOperation(id, action, sessionId) {
  const path = api.paths.checkIn(session.event.id, id);
  const opts = {
    headers: { 'X-Device-Name': deviceName(), 'Idempotency-Key': randomKey(action) },
    body: sessionId ? { item: { session_id: sessionId } } : undefined,
  };
  const method = action === 'check_in' ? 'POST' : action === 'check_out' ? 'PATCH' : 'DELETE';
  return api.request(method, path, opts).then((res) => { emit('stats'); return res; });
}

/** The toast after a check-in operation on `name`. */
function doneWords(action, name) {
  switch (action) {
    case 'check_in': return t('attendees-toast-checked-in', { name });
    case 'check_out': return t('attendees-toast-checked-out', { name });
    default: return t('attendees-toast-undone', { name });
  }
}

/** How a check-in operation of the history ended, in words. */
function outcomeWord(outcome) {
  switch (outcome) {
    case 'ok': return t('attendees-outcome-ok');
    case 'already_checked_in': return t('attendees-outcome-already-checked-in');
    case 'not_checked_in': return t('attendees-outcome-not-checked-in');
    case 'not_found': return t('attendees-outcome-not-found');
    case 'wrong_event': return t('attendees-outcome-wrong-event');
    case 'not_allowed': return t('attendees-outcome-not-allowed');
    case 'needs_attention': return t('attendees-outcome-needs-attention');
    case 'needs_answers': return t('attendees-outcome-needs-answers');
    default: return String(outcome).replace(/_/g, ' ');
  }
}

// ---- Door note and "needs attention" --------------------------------------------------

/** The violet tag of an attendee a check-in scan stops for (a door person admits them). */
function attentionTag(a) {
  return h('span', {
    class: 'chip chip-attention', 'data-testid': 'attention-tag',
    title: a.door_note ? t('attendees-attention-title-note', { note: a.door_note }) : t('attendees-needs-attention'),
  }, h('span', { class: 'attention-mark', 'aria-hidden': 'true' }, '!'), t('attendees-attention-tag'));
}

/** The detail view's box with the door note and the flag; null when neither is set. */
function doorNotice(a) {
  if (!a.needs_attention && !a.door_note) return null;
  return h('div', { class: ['notice', 'notice-attention', !a.needs_attention && 'notice-note-only'], 'data-testid': 'door-notice' },
    a.needs_attention
      ? h('p', { class: 'door-notice-title' }, attentionTag(a), ' ' + t('attendees-attention-notice'))
      : h('p', { class: 'door-notice-title' }, t('attendees-door-note')),
    a.door_note ? h('p', { class: 'door-notice-note', 'data-testid': 'door-note-text' }, a.door_note) : null);
}

/**
 * The edit form's door controls, shaped as fields.js's controls (key, el, read, setError,
 * focus) so formModel reads them and puts the server's `item.door_note` message beside them.
 */
function doorControls(a) {
  const noteId = uid('door-note');
  const note = h('textarea', {
    id: noteId, name: 'door_note', rows: 3, maxlength: MAX_DOOR_NOTE, 'data-testid': 'input-door_note',
    'aria-describedby': `${noteId}-hint ${noteId}-count ${noteId}-err`,
  });
  note.value = a.door_note || '';
  const count = h('p', { class: 'hint door-note-count', id: `${noteId}-count`, 'data-testid': 'door-note-count' });
  const syncCount = () => {
    const n = [...note.value].length;
    count.textContent = t('attendees-door-note-count', { count: n, max: MAX_DOOR_NOTE });
  };
  note.addEventListener('input', syncCount);
  syncCount();
  const noteErr = h('p', { class: 'field-error', id: `${noteId}-err`, 'data-testid': 'error-door_note' });
  const noteCtl = {
    key: 'door_note',
    el: h('div', { class: 'field full', 'data-field': 'door_note' },
      h('label', { for: noteId }, t('attendees-door-note')),
      h('p', { class: 'hint', id: `${noteId}-hint` }, t('attendees-door-note-hint')),
      note, count, noteErr),
    read: () => checkText(note.value, MAX_DOOR_NOTE, false),
    focus: () => note.focus(),
    setError(message) {
      noteErr.textContent = message || '';
      if (message) note.setAttribute('aria-invalid', 'true');
      else note.removeAttribute('aria-invalid');
    },
  };
  const boxId = uid('attention');
  const box = h('input', {
    type: 'checkbox', id: boxId, name: 'needs_attention', checked: !!a.needs_attention, 'data-testid': 'input-needs_attention',
    'aria-describedby': `${boxId}-hint ${boxId}-err`,
  });
  const boxErr = h('p', { class: 'field-error', id: `${boxId}-err`, 'data-testid': 'error-needs_attention' });
  const boxCtl = {
    key: 'needs_attention',
    el: h('div', { class: 'field full', 'data-field': 'needs_attention' },
      h('label', { class: 'check-row', for: boxId }, box, h('span', null, t('attendees-needs-attention'))),
      h('p', { class: 'hint', id: `${boxId}-hint` }, t('attendees-needs-attention-hint')),
      boxErr),
    read: () => ({ value: box.checked }),
    focus: () => box.focus(),
    setError(message) { boxErr.textContent = message || ''; },
  };
  return [noteCtl, boxCtl];
}

// ---- Detail ------------------------------------------------------------------------

function renderDetail(root, id) {
  let alive = true;
  const objectUrls = [];

  async function load() {
    replace(root, h('section', { class: 'screen' }, h('a', { class: 'back-link', href: '#/attendees' }, t('attendees-back-to-list')), loading()));
    let attendee;
    let history;
    try {
      [attendee, history] = await Promise.all([
        api.get(api.paths.attendee(session.event.id, id)).then((r) => r.item),
        api.get(api.paths.attendeeCheckIns(session.event.id, id), { query: { per_page: 20 } }),
      ]);
    } catch (e) {
      if (!alive) return;
      replace(root, h('section', { class: 'screen' }, h('a', { class: 'back-link', href: '#/attendees' }, t('attendees-back-to-list')),
        h('h1', null, t('attendees-detail-title')), errorPanel(e, e.status === 404 ? null : load)));
      return;
    }
    if (!alive) return;
    show(attendee, history);
  }

  function show(a, history) {
    const placeSel = h('select', { id: 'detail-place', 'data-testid': 'detail-place' },
      h('option', { value: '' }, t('attendees-place-door')),
      session.sessions.map((s) => h('option', { value: String(s.id) }, s.name)));
    const opStatus = h('p', { class: 'form-error', role: 'alert', 'data-testid': 'op-error' });
    const op = (action) => async (e) => {
      const btn = e.currentTarget;
      btn.disabled = true;
      opStatus.textContent = '';
      try {
        await checkOperation(a.id, action, placeSel.value ? Number(placeSel.value) : null);
        toast(doneWords(action, fullName(a)), 'ok');
        load();
      } catch (err) {
        btn.disabled = false;
        opStatus.textContent = err.words;
      }
    };
    const qrImg = h('img', { alt: t('attendees-qr-alt', { code: a.qr_code }), 'data-testid': 'qr-image', width: 192, height: 192 });
    api.get(api.paths.attendeeQr(session.event.id, a.id), { query: { size: 384 }, raw: 'blob', background: true })
      .then((blob) => {
        if (!alive) return;
        const url = URL.createObjectURL(blob);
        objectUrls.push(url);
        qrImg.src = url;
      })
      .catch(() => { qrImg.alt = t('attendees-qr-unavailable'); });

    const answers = (a.fields || []).map((fv) => {
      const words = answerWords(fv.field, fv.value);
      return [h('dt', null, fv.field.label), h('dd', { 'data-testid': `answer-${fv.field.name}` }, words === null ? h('span', { class: 'answer-empty' }, t('attendees-no-answer')) : words)];
    });

    const actionButtons = {
      check_in: h('button', { type: 'button', class: 'btn btn-ok', 'data-testid': 'detail-check-in', onclick: op('check_in') }, actionWord('check_in')),
      check_out: h('button', { type: 'button', class: 'btn', 'data-testid': 'detail-check-out', onclick: op('check_out') }, actionWord('check_out')),
      undo: h('button', { type: 'button', class: 'btn', 'data-testid': 'detail-undo', onclick: op('undo') }, t('attendees-undo-check-in')),
    };
    // At the door, offer only what the state allows; a session's presence is not on the
    // attendee, so there every button stays.
    const syncButtons = () => {
      const door = !placeSel.value;
      actionButtons.check_in.disabled = door && a.checkin_status === 'checked_in';
      actionButtons.check_out.disabled = door && a.checkin_status !== 'checked_in';
      actionButtons.undo.disabled = door && a.checkin_status === 'not_checked_in';
    };
    placeSel.addEventListener('change', syncButtons);
    syncButtons();

    replace(root, h('section', { class: 'screen', 'data-testid': 'attendee-detail' },
      h('a', { class: 'back-link', href: '#/attendees' }, t('attendees-back-to-list')),
      h('div', { class: 'grid-2' },
        h('div', null,
          h('div', { class: 'card' },
            h('div', { class: 'detail-head' },
              h('div', null,
                h('h1', { 'data-testid': 'detail-name' }, fullName(a)),
                h('p', { class: 'lead' }, [a.job_title, a.company].filter(Boolean).join(', ') || '\u00a0')),
              h('div', { 'data-testid': 'detail-status' }, statusChip(a.checkin_status))),
            doorNotice(a),
            a.rsvp_status !== 'confirmed' ? h('p', { class: 'notice notice-warn' }, ['declined', 'waitlisted', 'pending_approval'].includes(a.rsvp_status) ? t('attendees-rsvp-refused', { rsvp: rsvpWord(a.rsvp_status) }) : t('attendees-rsvp-notice', { rsvp: rsvpWord(a.rsvp_status) })) : null,
            h('div', { class: 'detail-actions' },
              actionButtons.check_in, actionButtons.check_out, actionButtons.undo,
              session.sessions.length ? [h('label', { class: 'visually-hidden', for: 'detail-place' }, t('attendees-place-label')), placeSel] : null,
              isOrganiser() ? h('a', { class: 'btn', href: `#/attendees/${a.id}/edit`, 'data-testid': 'detail-edit' }, t('attendees-edit')) : null),
            opStatus),
          h('div', { class: 'card' },
            h('h2', null, t('attendees-details')),
            h('dl', { class: 'dl' },
              h('dt', null, t('attendees-email')), h('dd', null, a.email || '—'),
              h('dt', null, t('attendees-phone')), h('dd', null, a.phone || '—'),
              h('dt', null, t('attendees-registration-type')), h('dd', null, regTypeName(a.registration_type_id) || '—'),
              h('dt', null, t('attendees-rsvp')), h('dd', { 'data-testid': 'detail-rsvp' }, rsvpWord(a.rsvp_status)),
              h('dt', null, t('attendees-registered')), h('dd', null, formatDateTime(a.created_at)))),
          answers.length ? h('div', { class: 'card' }, h('h2', null, t('attendees-answers')), h('dl', { class: 'dl' }, answers)) : null,
          h('div', { class: 'card' },
            h('h2', null, t('attendees-history')),
            history.items.length === 0
              ? h('p', { class: 'muted', 'data-testid': 'history-empty' }, t('attendees-history-empty'))
              : h('div', { class: 'table-wrap' }, h('table', { class: 'history', 'data-testid': 'history' },
                h('thead', null, h('tr', null, h('th', null, t('attendees-history-when')), h('th', null, t('attendees-history-what')), h('th', null, t('attendees-history-where')), h('th', null, t('attendees-history-result')), h('th', null, t('attendees-history-device')))),
                h('tbody', null, history.items.map((r) => h('tr', null,
                  h('td', null, formatDateTime(r.created_at)),
                  h('td', null, actionWord(r.action)),
                  h('td', null, sessionName(r.session_id)),
                  h('td', null, outcomeWord(r.outcome)),
                  h('td', null, r.device || '—')))))))),
        h('div', null,
          h('div', { class: 'card qr-box' },
            h('h2', null, t('attendees-ticket')),
            qrImg,
            h('p', { class: 'qr-code-text', 'data-testid': 'qr-text' }, a.qr_code),
            h('button', {
              type: 'button', class: 'btn btn-primary', 'data-testid': 'print-badge',
              onclick: () => printBadge(a.id).catch((e) => toast(e.words || t('attendees-print-failed'), 'error')),
            }, t('attendees-print-badge'))),
          isOrganiser() ? eraseCard(a) : null))));
    focusHeading(root);
  }

  load();
  return () => {
    alive = false;
    objectUrls.forEach((u) => URL.revokeObjectURL(u));
  };
}

// ---- Erase personal data (organisers) ----------------------------------------------

/** The card with "Erase personal data": asks, erases, then goes back to the list. */
function eraseCard(a) {
  const status = h('p', { class: 'form-error', role: 'alert', 'data-testid': 'erase-error' });
  const button = h('button', {
    type: 'button', class: 'btn btn-danger-outline', 'data-testid': 'erase-attendee',
    onclick: async () => {
      const yes = await confirmDialog({
        title: t('attendees-erase-title', { name: fullName(a) }),
        body: t('attendees-erase-body'),
        confirmWords: t('attendees-erase'),
        danger: true,
        testid: 'erase-attendee-dialog',
      });
      if (!yes) return;
      button.disabled = true;
      status.textContent = '';
      try {
        await api.del(api.paths.attendee(session.event.id, a.id), { headers: { 'Idempotency-Key': randomKey('erase') } });
      } catch (err) {
        button.disabled = false;
        status.textContent = t('attendees-erase-failed', { reason: err.words });
        return;
      }
      emit('stats');
      toast(t('attendees-erased'), 'ok');
      location.hash = '#/attendees';
    },
  }, t('attendees-erase'));
  return h('div', { class: 'card', 'data-testid': 'erase-card' },
    h('h2', null, t('attendees-personal-data')),
    h('p', { class: 'muted' }, t('attendees-personal-data-hint')),
    button, status);
}

// ---- Edit (organisers) -------------------------------------------------------------

function renderEdit(root, id) {
  let alive = true;

  async function load() {
    replace(root, h('section', { class: 'screen narrow' }, h('h1', null, t('attendees-edit-title')), loading()));
    let a;
    let fields;
    try {
      [a, fields] = await Promise.all([api.get(api.paths.attendee(session.event.id, id)).then((r) => r.item), loadFields(true)]);
    } catch (e) {
      if (alive) replace(root, h('section', { class: 'screen narrow' }, h('h1', null, t('attendees-edit-title')), errorPanel(e, load)));
      return;
    }
    if (alive) show(a, fields);
  }

  function show(a, fields) {
    const current = new Map((a.fields || []).map((fv) => [fv.field.id, fv.value]));
    const members = memberControls(a, session.regTypes, { withRsvp: true });
    const door = doorControls(a);
    const answers = fields.map((f) => fieldControl(f, current.has(f.id) ? current.get(f.id) : null));
    const model = formModel([...members, ...door, ...answers], fields);
    const formError = h('div', { class: 'form-error', role: 'alert', 'data-testid': 'form-error' });
    const save = h('button', { type: 'submit', class: 'btn btn-primary', 'data-testid': 'edit-save' }, t('attendees-save'));
    const form = h('form', { class: 'card', novalidate: true, 'data-testid': 'edit-form' },
      h('div', { class: 'form-grid' }, members.map((c) => c.el)),
      h('fieldset', { class: 'door-fieldset', 'data-testid': 'door-fieldset' },
        h('legend', null, t('attendees-door-fieldset')),
        door.map((c) => c.el)),
      fields.length ? h('h2', null, t('attendees-answers')) : null,
      h('div', { class: 'form-grid' }, answers.map((c) => c.el)),
      formError,
      h('div', { class: 'form-actions' }, save, h('a', { class: 'btn', href: `#/attendees/${a.id}` }, t('common-cancel'))));

    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      const v = model.readForSubmit(formError);
      if (!v) return;
      const item = {};
      for (const key of ['first_name', 'last_name', 'email', 'phone', 'company', 'job_title', 'registration_type_id', 'rsvp_status']) {
        if (!(key in v)) continue;
        const before = a[key] ?? null;
        // Phones come back in E.164: compare loosely so an untouched phone is not re-sent.
        const same = key === 'phone' ? String(before || '').replace(/[^\d+]/g, '') === String(v[key] || '').replace(/[^\d+]/g, '') : before === v[key];
        if (!same) item[key] = v[key];
      }
      if ('door_note' in v && (v.door_note ?? null) !== (a.door_note ?? null)) item.door_note = v.door_note ?? null;
      if ('needs_attention' in v && v.needs_attention !== !!a.needs_attention) item.needs_attention = v.needs_attention;
      const sentFieldIds = [];
      const changed = [];
      for (const f of fields) {
        const k = `field:${f.id}`;
        if (!(k in v)) continue;
        const before = current.has(f.id) ? current.get(f.id) : null;
        let after = v[k];
        // An unticked checkbox that was never answered stays unanswered.
        if (after === false && before === null) after = null;
        if (JSON.stringify(before) !== JSON.stringify(after)) {
          sentFieldIds.push(f.id);
          changed.push({ attendee_field_id: f.id, value: after });
        }
      }
      if (changed.length) item.fields = changed;
      if (Object.keys(item).length === 0) {
        location.hash = `#/attendees/${a.id}`;
        return;
      }
      save.disabled = true;
      save.textContent = t('attendees-saving');
      try {
        await api.patch(api.paths.attendee(session.event.id, a.id), { item }, { headers: { 'X-Device-Name': deviceName() } });
        toast(t('attendees-saved'), 'ok');
        location.hash = `#/attendees/${a.id}`;
      } catch (err) {
        save.disabled = false;
        save.textContent = t('attendees-save');
        if (!alive) return;
        const leftover = err.status === 422 ? model.showServerErrors(err.errors, sentFieldIds, { editing: true }) : [];
        saveFailed(formError, err, form, { leftover, kept: t('attendees-changes-kept') });
      }
    });

    replace(root, h('section', { class: 'screen narrow', 'data-testid': 'attendee-edit' },
      h('a', { class: 'back-link', href: `#/attendees/${a.id}` }, t('attendees-back')),
      h('h1', null, t('attendees-edit-name', { name: fullName(a) })),
      form));
    focusHeading(root);
  }

  load();
  return () => { alive = false; };
}
