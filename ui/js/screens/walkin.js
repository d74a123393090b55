// Walk-in registration: a form generated from the event's attendee fields. Client checks
// mirror the server's; the server's 422 messages go beside the right inputs; nothing typed
// is lost when a save fails. On save, optionally check in and print the badge at once.

import * as api from '../api.js';
import { h, replace, loading, errorPanel, fullName, randomKey, saveFailed, statusWord } from '../dom.js';
import { session, fields as loadFields, deviceName, regTypeName, emit } from '../session.js';
import { fieldControl, formModel, memberControls } from '../fields.js';
import { printBadge, badgePreview } from '../badge.js';
import { toast } from '../shell.js';
import { t } from '../i18n.js';

export function render(root) {
  let alive = true;

  async function load() {
    replace(root, h('section', { class: 'screen', 'data-testid': 'walkin-screen' }, h('h1', null, t('walkin-title')), loading(t('walkin-loading'))));
    let fields;
    try {
      fields = await loadFields(true);
    } catch (e) {
      if (alive) replace(root, h('section', { class: 'screen' }, h('h1', null, t('walkin-title')), errorPanel(e, load)));
      return;
    }
    if (alive) showForm(fields);
  }

  function showForm(fields) {
    const members = memberControls({}, session.regTypes, { withRsvp: false });
    const answers = fields.map((f) => fieldControl(f, null));
    const model = formModel([...members, ...answers], fields);
    const formError = h('div', { class: 'form-error', role: 'alert', 'data-testid': 'form-error' });
    const checkIn = h('input', { type: 'checkbox', id: 'walkin-checkin', checked: localStorage.getItem('entrada.walkin_checkin') !== '0', 'data-testid': 'walkin-checkin' });
    const print = h('input', { type: 'checkbox', id: 'walkin-print', checked: localStorage.getItem('entrada.walkin_print') === '1', 'data-testid': 'walkin-print' });
    checkIn.addEventListener('change', () => localStorage.setItem('entrada.walkin_checkin', checkIn.checked ? '1' : '0'));
    print.addEventListener('change', () => localStorage.setItem('entrada.walkin_print', print.checked ? '1' : '0'));
    const save = h('button', { type: 'submit', class: 'btn btn-primary btn-xl', 'data-testid': 'walkin-save' }, t('walkin-register'));
    // One key per attempt of the same form content: a retry after a lost answer does not
    // register the person twice.
    let key = randomKey('walkin');
    let lastBody = null;

    const form = h('form', { class: 'card', novalidate: true, 'data-testid': 'walkin-form' },
      h('h2', null, t('walkin-person')),
      h('div', { class: 'form-grid' }, members.map((c) => c.el)),
      fields.length ? h('h2', { class: 'section-gap' }, t('walkin-questions')) : null,
      h('div', { class: 'form-grid' }, answers.map((c) => c.el)),
      formError,
      h('div', { class: 'form-actions' },
        h('label', { class: 'check-row', for: 'walkin-checkin' }, checkIn, t('walkin-check-in-now')),
        h('label', { class: 'check-row', for: 'walkin-print' }, print, t('walkin-print-badge-now')),
        save));

    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      const v = model.readForSubmit(formError);
      if (!v) return;
      const sentFieldIds = [];
      const answersOut = [];
      for (const f of fields) {
        const value = v[`field:${f.id}`];
        if (value === undefined || value === null) continue;
        sentFieldIds.push(f.id);
        answersOut.push({ attendee_field_id: f.id, value });
      }
      const item = {
        first_name: v.first_name,
        last_name: v.last_name,
        email: v.email,
        phone: v.phone,
        company: v.company,
        job_title: v.job_title,
        registration_type_id: v.registration_type_id ?? null,
        fields: answersOut,
      };
      const body = JSON.stringify(item);
      if (lastBody !== null && body !== lastBody) key = randomKey('walkin');
      lastBody = body;
      save.disabled = true;
      save.textContent = t('walkin-saving');
      let created;
      try {
        const res = await api.post(api.paths.attendees(session.event.id), { item }, {
          headers: { 'Idempotency-Key': key, 'X-Device-Name': deviceName() },
          retries: 1,
        });
        created = res.item;
      } catch (err) {
        save.disabled = false;
        save.textContent = t('walkin-register');
        if (!alive) return;
        const leftover = err.status === 422 ? model.showServerErrors(err.errors, sentFieldIds) : [];
        saveFailed(formError, err, form, { leftover, lead: t('walkin-not-accepted') });
        return;
      }
      emit('stats');
      let checkedIn = null;
      let checkInError = null;
      if (checkIn.checked) {
        try {
          const res = await api.post(api.paths.checkIn(session.event.id, created.id), undefined, {
            headers: { 'Idempotency-Key': randomKey('walkin-ci'), 'X-Device-Name': deviceName() },
          });
          checkedIn = res.item;
          emit('stats');
        } catch (err) {
          checkInError = err;
        }
      }
      if (!alive) return;
      showDone(checkedIn || created, checkInError, print.checked);
    });

    replace(root, h('section', { class: 'screen', 'data-testid': 'walkin-screen' },
      h('div', { class: 'screen-head' },
        h('h1', null, t('walkin-title')),
        h('p', { class: 'muted' }, t('walkin-required-note'))),
      form));
  }

  async function showDone(attendee, checkInError, wantPrint) {
    const preview = h('div', { class: 'badge-preview', 'data-testid': 'badge-preview' }, loading(t('walkin-preparing-badge')));
    replace(root, h('section', { class: 'screen narrow', 'data-testid': 'walkin-done' },
      h('div', { class: 'card success-card' },
        h('h1', null, t('walkin-registered')),
        h('h2', { 'data-testid': 'walkin-name' }, fullName(attendee)),
        h('p', { class: 'lead' }, [regTypeName(attendee.registration_type_id), attendee.checkin_status === 'checked_in' ? statusWord('checked_in') : t('walkin-not-checked-in-yet')].filter(Boolean).join(' · ')),
        checkInError ? errorPanel(checkInError, null, { title: t('walkin-check-in-failed') }) : null,
        preview,
        h('div', { class: 'btn-row center' },
          h('button', { type: 'button', class: 'btn btn-primary', 'data-testid': 'print-badge', onclick: () => printBadge(attendee.id).catch((e) => toast(e.words || t('walkin-print-failed'), 'error')) }, t('walkin-print-badge')),
          h('a', { class: 'btn', href: `#/attendees/${attendee.id}` }, t('walkin-open')),
          h('button', { type: 'button', class: 'btn', 'data-testid': 'walkin-another', onclick: () => load() }, t('walkin-register-another'))))));
    try {
      const card = await badgePreview(attendee.id);
      if (!alive) return;
      replace(preview, card);
      if (wantPrint) printBadge(attendee.id).catch((e) => toast(e.words || t('walkin-print-failed'), 'error'));
    } catch (e) {
      replace(preview, h('p', { class: 'muted' }, t('walkin-preview-unavailable', { reason: e.words || e.message })));
    }
  }

  load();
  return () => { alive = false; };
}
