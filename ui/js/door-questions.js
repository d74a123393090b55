// The door's questions: an event with door questions on checks nobody in who has not
// answered its required fields; the scan answers `needs_answers` with the fields missing,
// and this panel asks them (the controls of fields.js, as the walk-in form has). "Check in"
// sends the answers with the same scan; "Skip" (organisers only: the server refuses anyone
// else) checks in without them. The server's 422 messages go beside the inputs.

import { h, uid } from './dom.js';
import { t } from './i18n.js';
import { fieldControl, formModel } from './fields.js';
import { burstTracker } from './burst.js';

/**
 * questionsPanel({name, fields, canSkip, onAnswers(answers), onSkip(), onCancel(), onCode(code, event)})
 * → {el, busy(yes), showErrors(err)}. `onCode`: a scanner's burst while an input has the
 * focus, which is the next ticket of the queue, not an answer.
 */
export function questionsPanel({ name, fields, canSkip, onAnswers, onSkip, onCancel, onCode }) {
  const controls = fields.map((f) => fieldControl(f, null));
  const model = formModel(controls, fields);
  const titleId = uid('questions');
  const formError = h('div', { class: 'form-error', role: 'alert', 'data-testid': 'questions-error' });
  const submit = h('button', { type: 'submit', class: 'btn btn-primary btn-xl', 'data-testid': 'questions-submit' }, t('door-questions-submit'));
  const skip = canSkip
    ? h('button', { type: 'button', class: 'btn btn-xl', 'data-testid': 'questions-skip', onclick: () => onSkip() }, t('door-questions-skip'))
    : null;
  const cancel = h('button', { type: 'button', class: 'btn btn-xl btn-ghost', 'data-testid': 'questions-cancel', onclick: () => onCancel() }, t('common-cancel'));
  const form = h('form', { class: 'door-questions', novalidate: true, 'aria-labelledby': titleId, 'data-testid': 'questions-panel' },
    h('h2', { id: titleId }, t('door-questions-title', { name })),
    h('div', { class: 'form-grid' }, controls.map((c) => c.el)),
    formError,
    h('div', { class: 'btn-row' }, submit, skip, cancel));
  let sentFieldIds = [];

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const values = model.readForSubmit(formError);
    if (!values) return;
    sentFieldIds = [];
    const answers = [];
    for (const f of fields) {
      const value = values[`field:${f.id}`];
      if (value === undefined || value === null) continue;
      sentFieldIds.push(f.id);
      answers.push({ attendee_field_id: f.id, value });
    }
    onAnswers(answers);
  });

  const tracker = burstTracker();
  form.addEventListener('keydown', (e) => {
    const burst = tracker.key(e);
    if (!burst) return;
    // Not an answer: the field gets back what it had, and the code is scanned.
    e.preventDefault();
    e.stopPropagation();
    if (burst.before !== null && 'value' in e.target) e.target.value = burst.before;
    onCode(burst.code, e);
  });

  return {
    el: form,
    busy(yes) {
      for (const b of [submit, skip, cancel]) if (b) b.disabled = yes;
      submit.textContent = yes ? t('door-questions-submitting') : t('door-questions-submit');
    },
    showErrors(err) {
      // The scan's answers are checked as `item.answers[i]`, an attendee's as
      // `item.fields[i]`: the same shape, which fields.js knows how to place.
      const errors = (err.errors || []).map((m) => String(m).replace(/^item\.answers\b/, 'item.fields'));
      const leftover = model.showServerErrors(errors, sentFieldIds);
      formError.textContent = leftover.length ? leftover.join(' ') : t('door-questions-fix');
    },
  };
}
