// The form editor (organisers): the event's attendee fields in position order; add (with a
// picker of every field type), edit label, type, required and options (add, remove,
// reorder), reorder the fields (drag by the handle with mouse, finger or pen; Alt+↑/↓ on a
// row; Move up/down/to top/to bottom: one PATCH {position} per move), and delete with a
// confirmation saying how many answers go.

import * as api from '../api.js';
import { h, replace, loading, errorPanel, uid, saveFailed, fixEntries } from '../dom.js';
import { humanise } from '../api.js';
import { session, fields as loadFields, invalidateFields } from '../session.js';
import {
  fieldTypes, typeWord, takesValue, needsOptions, acceptsOptions, MAX_SHORT, MAX_LONG,
} from '../fields.js';
import { toast } from '../shell.js';
import { t } from '../i18n.js';

export function render(root) {
  let alive = true;
  let fields = [];
  let editingId = null;
  let adding = false;
  // Field moves being saved (see move()).
  let saveQueue = Promise.resolve();
  let pendingSaves = 0;
  let generation = 0;
  const list = h('ol', { class: 'field-list', 'data-testid': 'field-list', 'aria-describedby': 'reorder-hint' });
  // The drop indicator lives beside the list (an <ol> holds only <li>s).
  const indicator = h('div', { class: 'drop-indicator', 'aria-hidden': 'true', 'data-testid': 'drop-indicator', hidden: true });
  const listWrap = h('div', { class: 'field-list-wrap' }, list, indicator);
  const hint = h('p', { class: 'hint reorder-hint', id: 'reorder-hint' },
    t('form-reorder-hint'));
  // Where each move is announced to screen readers.
  const announcer = h('p', { class: 'visually-hidden', role: 'status', 'aria-live': 'polite', 'data-testid': 'reorder-status' });
  const addSlot = h('div', { 'data-testid': 'add-slot' });
  const addButton = h('button', { type: 'button', class: 'btn btn-primary', 'data-testid': 'add-field', onclick: () => openAdd() }, t('form-add-field'));
  const status = h('p', { class: 'form-error', role: 'alert', 'data-testid': 'editor-error' });
  const dialog = h('dialog', { 'data-testid': 'delete-dialog', 'aria-labelledby': 'del-title' });
  document.body.appendChild(dialog);

  async function load(focusId) {
    // Moves still being saved first, so the list read back has them.
    await saveQueue;
    try {
      fields = await loadFields(true);
    } catch (e) {
      if (alive) replace(list, h('li', null, errorPanel(e, () => load())));
      return;
    }
    if (!alive) return;
    fields = fields.slice().sort((a, b) => a.position - b.position);
    renderList(focusId);
  }

  /**
   * Draws the list; `focus` is the data-focus-key to put the focus on afterwards, else
   * (missing or disabled, e.g. "Move up" on the row now first) `fallback`.
   */
  function renderList(focus, fallback) {
    cancelDrag();
    if (fields.length === 0) {
      replace(list, h('li', { class: 'empty' }, t('form-empty')));
      return;
    }
    replace(list, fields.map((f, i) => fieldRow(f, i)));
    for (const key of [focus, fallback]) {
      if (!key) continue;
      const el = list.querySelector(`[data-focus-key="${key}"]`);
      if (el && !el.disabled) {
        el.focus();
        break;
      }
    }
  }

  function fieldRow(f, i) {
    const presentational = !takesValue(f.type);
    const meta = [typeWord(f.type)];
    if (f.required) meta.push(t('form-meta-required'));
    if (f.options.length) meta.push(t('form-meta-options', { options: f.options.join(', ') }));
    const last = fields.length - 1;
    const handle = h('button', {
      type: 'button', class: 'drag-handle', 'data-testid': 'drag-handle', 'data-focus-key': `handle-${f.id}`,
      'aria-label': t('form-reorder-label', { label: f.label, position: i + 1, count: fields.length }), 'aria-describedby': 'reorder-hint',
      title: t('form-drag-title'),
    }, h('span', { class: 'grip', 'aria-hidden': 'true' }, '⠿'));
    const li = h('li', {
      class: ['field-row', presentational && 'presentational', editingId === f.id && 'editing'],
      'data-testid': 'field-row', 'data-field-id': f.id, 'data-field-name': f.name,
    },
    handle,
    h('span', { class: 'field-pos', 'aria-hidden': 'true', 'data-testid': 'field-pos' }, String(i + 1)),
    h('div', { class: 'field-main' },
      h('div', { class: 'field-label', 'data-testid': 'field-label' }, f.label),
      h('div', { class: 'field-meta' }, meta.join(' · '))),
    h('div', { class: 'field-tools' },
      h('div', { class: 'move-tools', role: 'group', 'aria-label': t('form-move-group', { label: f.label }) },
        h('button', {
          type: 'button', class: 'btn btn-small move-end', 'aria-label': t('form-move-top-label', { label: f.label }), title: t('form-move-top-title'),
          disabled: i === 0, 'data-testid': 'move-top', 'data-focus-key': `top-${f.id}`, onclick: () => move(f, 0, `top-${f.id}`),
        }, h('span', { 'aria-hidden': 'true' }, '⤒'), ` ${t('form-move-top')}`),
        h('button', {
          type: 'button', class: 'btn btn-small icon-btn', 'aria-label': t('form-move-up-label', { label: f.label }), title: t('form-move-up-title'),
          disabled: i === 0, 'data-testid': 'move-up', 'data-focus-key': `up-${f.id}`, onclick: () => move(f, i - 1, `up-${f.id}`, `down-${f.id}`),
        }, h('span', { 'aria-hidden': 'true' }, '↑')),
        h('button', {
          type: 'button', class: 'btn btn-small icon-btn', 'aria-label': t('form-move-down-label', { label: f.label }), title: t('form-move-down-title'),
          disabled: i === last, 'data-testid': 'move-down', 'data-focus-key': `down-${f.id}`, onclick: () => move(f, i + 1, `down-${f.id}`, `up-${f.id}`),
        }, h('span', { 'aria-hidden': 'true' }, '↓')),
        h('button', {
          type: 'button', class: 'btn btn-small move-end', 'aria-label': t('form-move-bottom-label', { label: f.label }), title: t('form-move-bottom-title'),
          disabled: i === last, 'data-testid': 'move-bottom', 'data-focus-key': `bottom-${f.id}`, onclick: () => move(f, last, `bottom-${f.id}`),
        }, h('span', { 'aria-hidden': 'true' }, '⤓'), ` ${t('form-move-bottom')}`)),
      h('button', {
        type: 'button', class: 'btn btn-small', 'data-testid': 'edit-field', 'aria-expanded': String(editingId === f.id),
        'aria-label': editingId === f.id ? t('form-close-label', { label: f.label }) : t('form-edit-label', { label: f.label }),
        'data-focus-key': `edit-${f.id}`, onclick: () => { editingId = editingId === f.id ? null : f.id; renderList(`edit-${f.id}`); },
      }, editingId === f.id ? t('form-close') : t('form-edit')),
      h('button', {
        type: 'button', class: 'btn btn-small btn-danger-outline', 'data-testid': 'delete-field', 'aria-label': t('form-delete-label', { label: f.label }),
        onclick: () => confirmDelete(f),
      }, t('form-delete'))));
    if (editingId === f.id) li.appendChild(h('div', { class: 'editor-panel' }, definitionForm(f)));
    handle.addEventListener('pointerdown', (e) => startDrag(e, f, li, handle));
    li.addEventListener('keydown', (e) => {
      if (!e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
      // Not while typing in the row's own edit form (Alt+arrows move the caret there on some systems).
      if (e.target.closest('.editor-panel') || /^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName)) return;
      e.preventDefault();
      const at = fields.findIndex((x) => x.id === f.id);
      const to = at + (e.key === 'ArrowUp' ? -1 : 1);
      const key = e.target.dataset && e.target.dataset.focusKey;
      if (to < 0 || to >= fields.length) {
        say(to < 0
          ? t('form-already-first', { label: f.label, position: at + 1, count: fields.length })
          : t('form-already-last', { label: f.label, position: at + 1, count: fields.length }));
        return;
      }
      move(f, to, key || `handle-${f.id}`, `handle-${f.id}`);
    });
    return li;
  }

  function say(words) {
    // Emptied first, so the same words twice are announced twice.
    announcer.textContent = '';
    setTimeout(() => { announcer.textContent = words; }, 30);
  }

  // ---- Moving: one PATCH {position} per completed move -------------------------------
  // A move shows at once; its save is queued behind earlier ones, so the server sees the
  // moves in the order they were made. A failed save puts the list back as it was before
  // that move (later queued moves are dropped with it) and says why.

  /** Moves `f` to the 0-based index `to`; `focusKey` (else `fallbackKey`) gets the focus. */
  function move(f, to, focusKey, fallbackKey = `handle-${f.id}`) {
    const from = fields.findIndex((x) => x.id === f.id);
    if (from < 0) return;
    const target = Math.max(0, Math.min(fields.length - 1, to));
    if (target === from) return;
    status.textContent = '';
    const before = fields.map((x) => ({ ...x }));
    const [moving] = fields.splice(from, 1);
    fields.splice(target, 0, moving);
    fields.forEach((x, n) => { x.position = n + 1; });
    renderList(focusKey, fallbackKey);
    flash(f.id);
    say(t('form-moved', { label: f.label, position: target + 1, count: fields.length }));
    const gen = generation;
    pendingSaves += 1;
    list.setAttribute('aria-busy', 'true');
    saveQueue = saveQueue.then(async () => {
      if (gen !== generation || !alive) return;
      try {
        await api.patch(api.paths.attendeeField(session.event.id, f.id), { item: { position: target + 1 } });
        invalidateFields();
      } catch (e) {
        if (!alive) return;
        generation += 1;
        const focused = document.activeElement && list.contains(document.activeElement) ? document.activeElement.dataset.focusKey : null;
        fields = before;
        renderList(focused, `handle-${f.id}`);
        const back = fields.findIndex((x) => x.id === f.id) + 1;
        status.textContent = t('form-move-failed', { label: f.label, reason: e.words || e.message, position: back });
        invalidateFields();
      }
    }).finally(() => {
      pendingSaves -= 1;
      if (pendingSaves === 0) list.removeAttribute('aria-busy');
    });
  }

  function flash(id) {
    const row = list.querySelector(`[data-field-id="${id}"]`);
    if (!row) return;
    row.classList.add('just-moved');
    setTimeout(() => row.classList.remove('just-moved'), 900);
  }

  // ---- Dragging by the handle (mouse, touch and pen alike: Pointer Events) ------------
  let drag = null;
  const THRESHOLD = 5;
  const EDGE = 70;

  function startDrag(e, f, li, handle) {
    if (drag || !e.isPrimary || (e.pointerType === 'mouse' && e.button !== 0)) return;
    const rows = [...list.querySelectorAll('[data-testid="field-row"]')];
    const from = rows.indexOf(li);
    if (from < 0) return;
    // Captured, the moves and the release come to the handle wherever the pointer goes.
    try { handle.setPointerCapture(e.pointerId); } catch (err) { /* a synthetic pointer: its events still come here */ }
    const wrapTop = listWrap.getBoundingClientRect().top + window.scrollY;
    const boxes = rows.map((r) => {
      const b = r.getBoundingClientRect();
      return { top: b.top + window.scrollY, bottom: b.bottom + window.scrollY };
    });
    drag = {
      f, li, handle, from, to: from, pointerId: e.pointerId, startY: e.clientY + window.scrollY, startClientY: e.clientY, y: e.clientY,
      started: false, frame: 0, wrapTop, rows: boxes,
      // The row moves within the list only (a row dragged past it would make the page
      // longer, and the edge scrolling endless), and the page scrolls no further than now.
      minDy: boxes[0].top - boxes[from].top,
      maxDy: boxes[boxes.length - 1].bottom - boxes[from].bottom,
      maxScroll: Math.max(0, document.documentElement.scrollHeight - window.innerHeight),
    };
    const onMove = (ev) => {
      if (!drag || ev.pointerId !== drag.pointerId) return;
      drag.y = ev.clientY;
      if (!drag.started) {
        if (Math.abs(ev.clientY + window.scrollY - drag.startY) < THRESHOLD) return;
        drag.started = true;
        li.classList.add('dragging');
        document.body.classList.add('reordering');
        drag.frame = requestAnimationFrame(edgeScroll);
      }
      ev.preventDefault();
      dragUpdate();
    };
    const onUp = (ev) => {
      if (!drag || ev.pointerId !== drag.pointerId) return;
      finishDrag(true);
    };
    const onCancel = (ev) => {
      if (!drag || ev.pointerId !== drag.pointerId) return;
      finishDrag(false);
    };
    handle.addEventListener('pointermove', onMove);
    handle.addEventListener('pointerup', onUp);
    handle.addEventListener('pointercancel', onCancel);
    handle.addEventListener('lostpointercapture', onCancel);
    drag.detach = () => {
      handle.removeEventListener('pointermove', onMove);
      handle.removeEventListener('pointerup', onUp);
      handle.removeEventListener('pointercancel', onCancel);
      handle.removeEventListener('lostpointercapture', onCancel);
    };
  }

  function dragUpdate() {
    const d = drag;
    const y = d.y + window.scrollY;
    d.li.style.transform = `translateY(${Math.round(Math.max(d.minDy, Math.min(d.maxDy, y - d.startY)))}px)`;
    const others = d.rows.filter((_, n) => n !== d.from);
    d.to = others.filter((r) => (r.top + r.bottom) / 2 < y).length;
    if (d.to === d.from) {
      indicator.hidden = true;
      return;
    }
    const gap = others.length > 1 ? Math.max(0, others[1].top - others[0].bottom) : 8;
    const at = d.to === 0 ? others[0].top - gap / 2 : others[d.to - 1].bottom + gap / 2;
    indicator.style.transform = `translateY(${Math.round(at - d.wrapTop)}px)`;
    indicator.hidden = false;
  }

  /**
   * Near the top or bottom of the window the page scrolls along, faster nearer the edge;
   * only towards where the row is being dragged (a row picked up near an edge stays put).
   */
  function edgeScroll() {
    if (!drag) return;
    const topEdge = (document.querySelector('.topbar')?.getBoundingClientRect().bottom || 0) + EDGE;
    const bottomEdge = window.innerHeight - EDGE;
    let step = 0;
    if (drag.y < topEdge && drag.y < drag.startClientY - THRESHOLD) step = -Math.ceil((topEdge - drag.y) / 6);
    else if (drag.y > bottomEdge && drag.y > drag.startClientY + THRESHOLD) step = Math.ceil((drag.y - bottomEdge) / 6);
    const was = window.scrollY;
    const next = Math.max(0, Math.min(drag.maxScroll, was + Math.max(-24, Math.min(24, step))));
    if (step && next !== was) {
      window.scrollTo(window.scrollX, next);
      dragUpdate();
    }
    drag.frame = requestAnimationFrame(edgeScroll);
  }

  function finishDrag(commit) {
    const d = drag;
    if (!d) return;
    drag = null;
    d.detach();
    cancelAnimationFrame(d.frame);
    try { if (d.handle.hasPointerCapture(d.pointerId)) d.handle.releasePointerCapture(d.pointerId); } catch (e) { /* gone */ }
    d.li.style.transform = '';
    d.li.classList.remove('dragging');
    document.body.classList.remove('reordering');
    indicator.hidden = true;
    if (commit && d.started && d.to !== d.from) move(d.f, d.to, `handle-${d.f.id}`);
    else if (d.started) say(t('form-not-moved', { label: d.f.label }));
  }

  function cancelDrag() {
    if (drag) finishDrag(false);
  }

  const onKey = (e) => {
    if (drag && e.key === 'Escape') {
      e.preventDefault();
      finishDrag(false);
    }
  };
  document.addEventListener('keydown', onKey);

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
    const requiredRow = h('label', { class: 'check-row', for: requiredBox.id }, requiredBox, t('form-required'));
    const options = optionsEditor(f ? f.options : []);
    const formErr = h('div', { class: 'form-error', role: 'alert', 'data-testid': 'def-error' });

    let typeControl;
    if (isNew) {
      // A picker of every type, grouped (radio buttons: arrow keys move between them).
      const name = uid('type');
      typeControl = h('fieldset', { class: 'type-fieldset', 'data-testid': 'type-picker' },
        h('legend', null, t('form-type')),
        h('div', { class: 'type-picker' }, fieldTypes().map((g) => [
          h('div', { class: 'type-group' }, g.group),
          g.types.map(([value, words]) => {
            const radio = h('input', { type: 'radio', name, value, checked: value === type, 'data-testid': `type-${value}` });
            radio.addEventListener('change', () => { if (radio.checked) { type = value; sync(); } });
            return h('label', { class: 'type-option' }, radio, words);
          }),
        ])));
    } else {
      const sel = h('select', { id: uid('type'), 'data-testid': 'def-type' },
        fieldTypes().map((g) => h('optgroup', { label: g.group }, g.types.map(([value, words]) => h('option', { value }, words)))));
      sel.value = type;
      sel.addEventListener('change', () => { type = sel.value; sync(); });
      typeControl = h('div', { class: 'field' }, h('label', { for: sel.id }, t('form-type')), sel,
        h('p', { class: 'hint' }, t('form-type-change-hint')));
    }

    function sync() {
      const presentational = !takesValue(type);
      requiredBox.disabled = presentational;
      if (presentational) requiredBox.checked = false;
      requiredRow.classList.toggle('muted', presentational);
      options.el.hidden = !acceptsOptions(type);
      options.setHint(needsOptions(type) ? t('form-options-needed') : type === 'checkbox' ? t('form-options-checkbox') : '');
      label.previousSibling.textContent = type === 'consent' || type === 'term_and_consent' ? t('form-label-consent')
        : type === 'paragraph' ? t('form-label-paragraph') : type === 'section_divider' ? t('form-label-heading') : t('form-label-question');
    }

    const save = h('button', { type: 'submit', class: 'btn btn-primary', 'data-testid': 'def-save' }, isNew ? t('form-add') : t('form-save'));
    const form = h('form', { novalidate: true, 'data-testid': isNew ? 'add-form' : 'edit-form' },
      isNew ? h('h2', null, t('form-new-title')) : null,
      isNew ? typeControl : null,
      h('div', { class: 'field' }, h('label', { for: labelId }, t('form-label-question')), label, labelErr),
      isNew ? null : typeControl,
      requiredRow,
      options.el,
      formErr,
      h('div', { class: 'btn-row' }, save,
        h('button', { type: 'button', class: 'btn', onclick: () => { if (isNew) closeAdd(); else { editingId = null; renderList(`edit-${f.id}`); } } }, t('common-cancel'))));
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
      if (!text) { labelErr.textContent = t('form-label-required'); ok = false; } else if ([...text].length > MAX_LONG) { labelErr.textContent = t('form-label-too-long', { max: String(MAX_LONG) }); ok = false; }
      if (!ok) label.setAttribute('aria-invalid', 'true');
      const opts = acceptsOptions(type) ? options.values() : [];
      if (acceptsOptions(type)) {
        const problem = options.check(needsOptions(type));
        if (problem) { ok = false; }
      }
      if (!ok) {
        formErr.textContent = fixEntries();
        return;
      }
      const item = { label: text, type, required: takesValue(type) ? requiredBox.checked : false, options: acceptsOptions(type) ? opts : [] };
      save.disabled = true;
      try {
        if (isNew) {
          const res = await api.post(api.paths.attendeeFields(session.event.id), { item });
          toast(t('form-added', { label: res.item.label }), 'ok');
          adding = false;
          replace(addSlot);
          addButton.hidden = false;
          invalidateFields();
          await load();
          const row = list.querySelector(`[data-field-id="${res.item.id}"] [data-testid="edit-field"]`);
          if (row) row.focus();
        } else {
          await api.patch(api.paths.attendeeField(session.event.id, f.id), { item });
          toast(t('form-saved'), 'ok');
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
    const newInput = h('input', { type: 'text', id: uid('opt'), maxlength: MAX_SHORT, 'data-testid': 'option-new', placeholder: t('form-option-new') });
    const addBtn = h('button', { type: 'button', class: 'btn btn-small', 'data-testid': 'option-add' }, t('form-option-add'));
    const inputs = [];

    function draw(focusIndex, focusWhat) {
      inputs.length = 0;
      replace(listEl, values.map((v, i) => {
        const input = h('input', { type: 'text', value: v, maxlength: MAX_SHORT, 'aria-label': t('form-option-label', { number: i + 1 }), 'data-testid': 'option-input' });
        input.addEventListener('input', () => { values[i] = input.value; });
        inputs.push(input);
        const up = h('button', { type: 'button', class: 'btn btn-small icon-btn', 'aria-label': t('form-option-up', { number: i + 1 }), disabled: i === 0, onclick: () => swap(i, i - 1, 'up') }, '↑');
        const down = h('button', { type: 'button', class: 'btn btn-small icon-btn', 'aria-label': t('form-option-down', { number: i + 1 }), disabled: i === values.length - 1, onclick: () => swap(i, i + 1, 'down') }, '↓');
        const remove = h('button', { type: 'button', class: 'btn btn-small icon-btn btn-danger-outline', 'aria-label': t('form-option-remove', { number: i + 1 }), 'data-testid': 'option-remove', onclick: () => { values.splice(i, 1); draw(Math.min(i, values.length - 1), 'input'); } }, '✕');
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
      h('legend', null, t('form-options')), hint, listEl,
      h('div', { class: 'input-row' }, h('label', { class: 'visually-hidden', for: newInput.id }, t('form-option-new')), newInput, addBtn), err);
    return {
      el,
      setHint: (words) => { hint.textContent = words; },
      values: () => values.map((v) => v.trim()),
      clearErrors: () => { err.textContent = ''; inputs.forEach((i) => i.removeAttribute('aria-invalid')); },
      serverError: (m) => { err.textContent = humanise(m); },
      check(needed) {
        const clean = values.map((v) => v.trim());
        if (needed && clean.length === 0) { err.textContent = t('form-options-none'); newInput.setAttribute('aria-invalid', 'true'); return true; }
        newInput.removeAttribute('aria-invalid');
        if (clean.length > 200) { err.textContent = t('form-options-too-many'); return true; }
        for (let i = 0; i < clean.length; i += 1) {
          if (!clean[i]) { err.textContent = t('form-option-empty', { number: i + 1 }); inputs[i].setAttribute('aria-invalid', 'true'); return true; }
          if ([...clean[i]].length > MAX_SHORT) { err.textContent = t('form-option-too-long', { number: i + 1, max: String(MAX_SHORT) }); inputs[i].setAttribute('aria-invalid', 'true'); return true; }
          if (clean.indexOf(clean[i]) !== i) { err.textContent = t('form-option-twice', { option: clean[i] }); inputs[i].setAttribute('aria-invalid', 'true'); return true; }
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
    let countWords = t('form-delete-unknown');
    try {
      const res = await api.get(api.paths.attendeeFieldAnswerCount(session.event.id, f.id), { retries: 0 });
      const n = res.item.answer_count;
      countWords = n === 0 ? t('form-delete-none') : t('form-delete-count', { count: n });
    } catch (e) {
      if (e.status !== 404) countWords = t('form-delete-count-failed');
    }
    if (!takesValue(f.type)) countWords = t('form-delete-no-answers');
    const confirmBtn = h('button', { type: 'button', class: 'btn btn-danger', 'data-testid': 'confirm-delete' }, t('form-delete-confirm'));
    const cancelBtn = h('button', { type: 'button', class: 'btn', 'data-testid': 'cancel-delete', onclick: () => dialog.close() }, t('common-cancel'));
    const err = h('p', { class: 'form-error', role: 'alert' });
    replace(dialog,
      h('h2', { id: 'del-title' }, t('form-delete-title', { label: f.label })),
      h('p', { 'data-testid': 'delete-count' }, countWords),
      h('p', { class: 'muted' }, t('form-delete-undone')),
      err,
      h('div', { class: 'btn-row' }, confirmBtn, cancelBtn));
    confirmBtn.addEventListener('click', async () => {
      confirmBtn.disabled = true;
      try {
        await api.del(api.paths.attendeeField(session.event.id, f.id));
        dialog.close();
        toast(t('form-deleted', { label: f.label }), 'ok');
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
      h('div', null, h('h1', null, t('form-title')),
        h('p', { class: 'muted' }, t('form-lead'))),
      addButton),
    status,
    addSlot,
    hint,
    announcer,
    listWrap));
  replace(list, h('li', null, loading()));
  load();
  return () => {
    alive = false;
    cancelDrag();
    document.removeEventListener('keydown', onKey);
    if (dialog.open) dialog.close();
    dialog.remove();
  };
}
