// The form editor (organisers): the event's attendee fields in position order; add (with a
// picker of every field type), edit label, type, required and options (add, remove,
// reorder), reorder fields, and delete with a confirmation saying how many answers go.

import * as api from '../api.js';
import { h, replace, loading, errorPanel, uid, saveFailed, FIX_ENTRIES } from '../dom.js';
import { humanise } from '../api.js';
import { eventPath, fields as loadFields, invalidateFields } from '../session.js';
import {
  FIELD_TYPES, TYPE_WORDS, takesValue, needsOptions, acceptsOptions, MAX_SHORT, MAX_LONG,
} from '../fields.js';
import { toast } from '../shell.js';

export function render(root) {
  let alive = true;
  let fields = [];
  let editingId = null;
  let adding = false;
  const list = h('ol', { class: 'field-list', 'data-testid': 'field-list' });
  const addSlot = h('div', { 'data-testid': 'add-slot' });
  const addButton = h('button', { type: 'button', class: 'btn btn-primary', 'data-testid': 'add-field', onclick: () => openAdd() }, '+ Add a field');
  const status = h('p', { class: 'form-error', role: 'alert', 'data-testid': 'editor-error' });
  const dialog = h('dialog', { 'data-testid': 'delete-dialog', 'aria-labelledby': 'del-title' });
  document.body.appendChild(dialog);

  async function load(focusId) {
    try {
      fields = await loadFields(true);
    } catch (e) {
      if (alive) replace(list, h('li', null, errorPanel(e, () => load())));
      return;
    }
    if (!alive) return;
    renderList(focusId);
  }

  function renderList(focus) {
    if (fields.length === 0) {
      replace(list, h('li', { class: 'empty' }, 'This event has no questions yet. Add one.'));
      return;
    }
    replace(list, fields.map((f, i) => fieldRow(f, i)));
    if (focus) {
      const el = list.querySelector(`[data-focus-key="${focus}"]`);
      if (el) el.focus();
    }
  }

  function fieldRow(f, i) {
    const presentational = !takesValue(f.type);
    const meta = [TYPE_WORDS[f.type] || f.type];
    if (f.required) meta.push('required');
    if (f.options.length) meta.push(`options: ${f.options.join(', ')}`);
    const li = h('li', {
      class: ['field-row', presentational && 'presentational', editingId === f.id && 'editing'],
      'data-testid': 'field-row', 'data-field-id': f.id, 'data-field-name': f.name,
    },
    h('span', { class: 'field-pos', 'aria-label': `Position ${f.position}` }, String(f.position)),
    h('div', { class: 'field-main' },
      h('div', { class: 'field-label', 'data-testid': 'field-label' }, f.label),
      h('div', { class: 'field-meta' }, meta.join(' · '))),
    h('div', { class: 'field-tools' },
      h('button', {
        type: 'button', class: 'btn btn-small icon-btn', 'aria-label': `Move “${f.label}” up`, title: 'Move up',
        disabled: i === 0, 'data-testid': 'move-up', 'data-focus-key': `up-${f.id}`, onclick: () => move(f, -1),
      }, '↑'),
      h('button', {
        type: 'button', class: 'btn btn-small icon-btn', 'aria-label': `Move “${f.label}” down`, title: 'Move down',
        disabled: i === fields.length - 1, 'data-testid': 'move-down', 'data-focus-key': `down-${f.id}`, onclick: () => move(f, 1),
      }, '↓'),
      h('button', {
        type: 'button', class: 'btn btn-small', 'data-testid': 'edit-field', 'aria-expanded': String(editingId === f.id),
        'data-focus-key': `edit-${f.id}`, onclick: () => { editingId = editingId === f.id ? null : f.id; renderList(`edit-${f.id}`); },
      }, editingId === f.id ? 'Close' : 'Edit'),
      h('button', { type: 'button', class: 'btn btn-small btn-danger-outline', 'data-testid': 'delete-field', onclick: () => confirmDelete(f) }, 'Delete')));
    if (editingId === f.id) li.appendChild(h('div', { class: 'editor-panel' }, definitionForm(f)));
    return li;
  }

  async function move(f, delta) {
    const position = f.position + delta;
    status.textContent = '';
    try {
      await api.patch(eventPath(`/attendee_fields/${f.id}`), { item: { position } });
      invalidateFields();
      await load(`${delta < 0 ? 'up' : 'down'}-${f.id}`);
      const moved = fields.find((x) => x.id === f.id);
      // Keep the focus on the moved field, even at an end where the button is disabled.
      const btn = list.querySelector(`[data-focus-key="${delta < 0 ? 'up' : 'down'}-${f.id}"]`);
      if (btn && btn.disabled) {
        const other = list.querySelector(`[data-focus-key="${delta < 0 ? 'down' : 'up'}-${f.id}"]`);
        if (other) other.focus();
      }
      toast(`“${f.label}” moved to position ${moved ? moved.position : position}`, 'ok', 2500);
    } catch (e) {
      status.textContent = e.words;
    }
  }

  // ---- Add / edit form ---------------------------------------------------------------

  /** The definition form; `f` null for a new field. */
  function definitionForm(f) {
    const isNew = !f;
    const labelId = uid('label');
    const label = h('textarea', { id: labelId, rows: 2, maxlength: MAX_LONG, 'data-testid': 'def-label', 'aria-describedby': `${labelId}-err` });
    label.value = f ? f.label : '';
    const labelErr = h('p', { class: 'field-error', id: `${labelId}-err`, 'data-testid': 'def-label-error' });
    let type = f ? f.type : 'text';
    const requiredBox = h('input', { type: 'checkbox', id: uid('req'), checked: f ? f.required : false, 'data-testid': 'def-required' });
    const requiredRow = h('label', { class: 'check-row', for: requiredBox.id }, requiredBox, 'Required: an answer is needed to register');
    const options = optionsEditor(f ? f.options : []);
    const formErr = h('div', { class: 'form-error', role: 'alert', 'data-testid': 'def-error' });

    let typeControl;
    if (isNew) {
      // A picker of every type, grouped (radio buttons: arrow keys move between them).
      const name = uid('type');
      typeControl = h('fieldset', { class: 'type-fieldset', 'data-testid': 'type-picker' },
        h('legend', null, 'Type'),
        h('div', { class: 'type-picker' }, FIELD_TYPES.map((g) => [
          h('div', { class: 'type-group' }, g.group),
          g.types.map(([value, words]) => {
            const radio = h('input', { type: 'radio', name, value, checked: value === type, 'data-testid': `type-${value}` });
            radio.addEventListener('change', () => { if (radio.checked) { type = value; sync(); } });
            return h('label', { class: 'type-option' }, radio, words);
          }),
        ])));
    } else {
      const sel = h('select', { id: uid('type'), 'data-testid': 'def-type' },
        FIELD_TYPES.map((g) => h('optgroup', { label: g.group }, g.types.map(([value, words]) => h('option', { value }, words)))));
      sel.value = type;
      sel.addEventListener('change', () => { type = sel.value; sync(); });
      typeControl = h('div', { class: 'field' }, h('label', { for: sel.id }, 'Type'), sel,
        h('p', { class: 'hint' }, 'A change that would not fit the answers already given is refused.'));
    }

    function sync() {
      const presentational = !takesValue(type);
      requiredBox.disabled = presentational;
      if (presentational) requiredBox.checked = false;
      requiredRow.classList.toggle('muted', presentational);
      options.el.hidden = !acceptsOptions(type);
      options.setHint(needsOptions(type) ? 'At least one option.' : type === 'checkbox' ? 'Optional: without options it is one tick box.' : '');
      label.previousSibling.textContent = type === 'consent' || type === 'term_and_consent' ? 'Consent text (shown beside the tick box)'
        : type === 'paragraph' ? 'Paragraph text' : type === 'section_divider' ? 'Heading' : 'Question (label)';
    }

    const save = h('button', { type: 'submit', class: 'btn btn-primary', 'data-testid': 'def-save' }, isNew ? 'Add field' : 'Save field');
    const form = h('form', { novalidate: true, 'data-testid': isNew ? 'add-form' : 'edit-form' },
      isNew ? h('h2', null, 'New field') : null,
      isNew ? typeControl : null,
      h('div', { class: 'field' }, h('label', { for: labelId }, 'Question (label)'), label, labelErr),
      isNew ? null : typeControl,
      requiredRow,
      options.el,
      formErr,
      h('div', { class: 'btn-row' }, save,
        h('button', { type: 'button', class: 'btn', onclick: () => { if (isNew) closeAdd(); else { editingId = null; renderList(`edit-${f.id}`); } } }, 'Cancel')));
    // The label element precedes the textarea; keep a handle for sync().
    sync();

    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      labelErr.textContent = '';
      label.removeAttribute('aria-invalid');
      replace(formErr);
      options.clearErrors();
      // Client checks, as the server does them.
      let ok = true;
      const text = label.value.trim();
      if (!text) { labelErr.textContent = 'A label is required.'; ok = false; } else if ([...text].length > MAX_LONG) { labelErr.textContent = `At most ${MAX_LONG} characters.`; ok = false; }
      if (!ok) label.setAttribute('aria-invalid', 'true');
      const opts = acceptsOptions(type) ? options.values() : [];
      if (acceptsOptions(type)) {
        const problem = options.check(needsOptions(type));
        if (problem) { ok = false; }
      }
      if (!ok) {
        formErr.textContent = FIX_ENTRIES;
        return;
      }
      const item = { label: text, type, required: takesValue(type) ? requiredBox.checked : false, options: acceptsOptions(type) ? opts : [] };
      save.disabled = true;
      try {
        if (isNew) {
          const res = await api.post(eventPath('/attendee_fields'), { item });
          toast(`Added “${res.item.label}”`, 'ok');
          adding = false;
          replace(addSlot);
          addButton.hidden = false;
          invalidateFields();
          await load();
          const row = list.querySelector(`[data-field-id="${res.item.id}"] [data-testid="edit-field"]`);
          if (row) row.focus();
        } else {
          await api.patch(eventPath(`/attendee_fields/${f.id}`), { item });
          toast('Saved', 'ok');
          editingId = null;
          invalidateFields();
          await load(`edit-${f.id}`);
        }
      } catch (err) {
        save.disabled = false;
        const leftover = [];
        for (const m of err.status === 422 ? err.errors : []) {
          if (/^item\.label/.test(m)) { labelErr.textContent = humanise(m); label.setAttribute('aria-invalid', 'true'); } else if (/^item\.options/.test(m)) options.serverError(m);
          else leftover.push(humanise(m));
        }
        saveFailed(formErr, err, form, { leftover });
      }
    });
    setTimeout(() => label.focus(), 0);
    return form;
  }

  function optionsEditor(initial) {
    const values = initial.slice();
    const listEl = h('ol', { class: 'options-list', 'data-testid': 'options-list' });
    const hint = h('p', { class: 'hint' });
    const err = h('p', { class: 'field-error', 'data-testid': 'options-error' });
    const newInput = h('input', { type: 'text', id: uid('opt'), maxlength: MAX_SHORT, 'data-testid': 'option-new', placeholder: 'New option' });
    const addBtn = h('button', { type: 'button', class: 'btn btn-small', 'data-testid': 'option-add' }, 'Add option');
    const inputs = [];

    function draw(focusIndex, focusWhat) {
      inputs.length = 0;
      replace(listEl, values.map((v, i) => {
        const input = h('input', { type: 'text', value: v, maxlength: MAX_SHORT, 'aria-label': `Option ${i + 1}`, 'data-testid': 'option-input' });
        input.addEventListener('input', () => { values[i] = input.value; });
        inputs.push(input);
        const up = h('button', { type: 'button', class: 'btn btn-small icon-btn', 'aria-label': `Move option ${i + 1} up`, disabled: i === 0, onclick: () => swap(i, i - 1, 'up') }, '↑');
        const down = h('button', { type: 'button', class: 'btn btn-small icon-btn', 'aria-label': `Move option ${i + 1} down`, disabled: i === values.length - 1, onclick: () => swap(i, i + 1, 'down') }, '↓');
        const remove = h('button', { type: 'button', class: 'btn btn-small icon-btn btn-danger-outline', 'aria-label': `Remove option ${i + 1}`, 'data-testid': 'option-remove', onclick: () => { values.splice(i, 1); draw(Math.min(i, values.length - 1), 'input'); } }, '✕');
        const row = h('li', { class: 'option-row' }, input, up, down, remove);
        if (i === focusIndex) setTimeout(() => (focusWhat === 'up' ? up : focusWhat === 'down' ? down : input).focus(), 0);
        return row;
      }));
    }
    function swap(i, j, what) {
      [values[i], values[j]] = [values[j], values[i]];
      draw(j, values.length > 1 && ((what === 'up' && j === 0) || (what === 'down' && j === values.length - 1)) ? 'input' : what);
    }
    function add() {
      const v = newInput.value.trim();
      if (!v) { newInput.focus(); return; }
      values.push(v);
      newInput.value = '';
      draw();
      newInput.focus();
    }
    addBtn.addEventListener('click', add);
    newInput.addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); add(); } });
    draw();
    const el = h('fieldset', { class: 'options-fieldset', 'data-testid': 'options-editor' },
      h('legend', null, 'Options'), hint, listEl,
      h('div', { class: 'input-row' }, h('label', { class: 'visually-hidden', for: newInput.id }, 'New option'), newInput, addBtn), err);
    return {
      el,
      setHint: (t) => { hint.textContent = t; },
      values: () => values.map((v) => v.trim()),
      clearErrors: () => { err.textContent = ''; inputs.forEach((i) => i.removeAttribute('aria-invalid')); },
      serverError: (m) => { err.textContent = humanise(m); },
      check(needed) {
        const clean = values.map((v) => v.trim());
        if (needed && clean.length === 0) { err.textContent = 'Add at least one option.'; newInput.setAttribute('aria-invalid', 'true'); return true; }
        newInput.removeAttribute('aria-invalid');
        if (clean.length > 200) { err.textContent = 'At most 200 options.'; return true; }
        for (let i = 0; i < clean.length; i += 1) {
          if (!clean[i]) { err.textContent = `Option ${i + 1} is empty.`; inputs[i].setAttribute('aria-invalid', 'true'); return true; }
          if ([...clean[i]].length > MAX_SHORT) { err.textContent = `Option ${i + 1} is longer than ${MAX_SHORT} characters.`; inputs[i].setAttribute('aria-invalid', 'true'); return true; }
          if (clean.indexOf(clean[i]) !== i) { err.textContent = `“${clean[i]}” is listed twice.`; inputs[i].setAttribute('aria-invalid', 'true'); return true; }
        }
        return false;
      },
    };
  }

  function openAdd() {
    adding = true;
    editingId = null;
    renderList();
    addButton.hidden = true;
    replace(addSlot, h('div', { class: 'card', 'data-testid': 'add-card' }, definitionForm(null)));
  }

  function closeAdd() {
    adding = false;
    replace(addSlot);
    addButton.hidden = false;
    addButton.focus();
  }

  // ---- Delete ------------------------------------------------------------------------

  async function confirmDelete(f) {
    let countWords = 'Answers to this field will be deleted with it.';
    try {
      const res = await api.get(eventPath(`/attendee_fields/${f.id}/answer_count`), { retries: 0 });
      const n = res.item.answer_count;
      countWords = n === 0 ? 'Nobody has answered it yet, so no answers will be lost.'
        : `${n} ${n === 1 ? 'answer' : 'answers'} will be deleted with it.`;
    } catch (e) {
      if (e.status !== 404) countWords = 'Answers to this field will be deleted with it (the number could not be counted).';
    }
    if (!takesValue(f.type)) countWords = 'It holds no answers.';
    const confirmBtn = h('button', { type: 'button', class: 'btn btn-danger', 'data-testid': 'confirm-delete' }, 'Delete field');
    const cancelBtn = h('button', { type: 'button', class: 'btn', 'data-testid': 'cancel-delete', onclick: () => dialog.close() }, 'Cancel');
    const err = h('p', { class: 'form-error', role: 'alert' });
    replace(dialog,
      h('h2', { id: 'del-title' }, `Delete “${f.label}”?`),
      h('p', { 'data-testid': 'delete-count' }, countWords),
      h('p', { class: 'muted' }, 'This cannot be undone.'),
      err,
      h('div', { class: 'btn-row' }, confirmBtn, cancelBtn));
    confirmBtn.addEventListener('click', async () => {
      confirmBtn.disabled = true;
      try {
        await api.del(eventPath(`/attendee_fields/${f.id}`));
        dialog.close();
        toast(`Deleted “${f.label}”`, 'ok');
        if (editingId === f.id) editingId = null;
        invalidateFields();
        await load();
        addButton.focus();
      } catch (e) {
        confirmBtn.disabled = false;
        err.textContent = e.words;
      }
    });
    dialog.showModal();
    cancelBtn.focus();
  }

  replace(root, h('section', { class: 'screen narrow form-editor', 'data-testid': 'form-editor' },
    h('div', { class: 'screen-head' },
      h('div', null, h('h1', null, 'Registration form'),
        h('p', { class: 'muted' }, 'The questions of the walk-in form, in order. Changes apply at once.')),
      addButton),
    status,
    addSlot,
    list));
  replace(list, h('li', null, loading()));
  load();
  return () => {
    alive = false;
    if (dialog.open) dialog.close();
    dialog.remove();
  };
}
