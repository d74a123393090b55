// Sync (organisers): configure the remote, see the state (online, last success, pending,
// parked entries with the remote's message, conflicts), run a round now, and retry, edit or
// drop a parked entry.

import * as api from '../api.js';
import { humanise } from '../api.js';
import { h, replace, loading, errorPanel, ago, formatDateTime, uid, confirmDialog, saveFailed, FIX_ENTRIES } from '../dom.js';
import { toast, refreshSync } from '../shell.js';

const KIND_WORDS = {
  attendee_create: 'New attendee',
  attendee_update: 'Attendee change',
  check_in: 'Check-in',
  check_out: 'Check-out',
  undo: 'Undo',
  field_create: 'New form field',
  field_update: 'Form field change',
  field_delete: 'Form field deleted',
};

const CONFLICT_WORDS = {
  duplicate_entry: 'Checked in at two kiosks (one check-in kept)',
  edit: 'Edited here and on the remote',
  deleted_remotely: 'Deleted on the remote while changed here',
};

export function render(root) {
  let alive = true;
  let timer = null;
  const stateBox = h('div', { 'data-testid': 'sync-state' }, loading());
  const parkedBox = h('div', { 'data-testid': 'sync-parked' });
  const conflictsBox = h('div', { 'data-testid': 'sync-conflicts' });
  const configBox = h('div', { 'data-testid': 'sync-config' }, loading());
  const runResult = h('div', { 'aria-live': 'polite', 'data-testid': 'sync-run-result' });
  const runButton = h('button', { type: 'button', class: 'btn btn-primary', 'data-testid': 'sync-run' }, 'Run a round now');

  async function loadState() {
    let s;
    try {
      s = await api.get(api.paths.sync());
    } catch (e) {
      if (alive) replace(stateBox, errorPanel(e, loadState));
      return;
    }
    if (!alive) return;
    showState(s);
  }

  function kv(k, v, testid) {
    return h('div', { class: 'kv-item' }, h('div', { class: 'k' }, k), h('div', { class: 'v', 'data-testid': testid }, v));
  }

  function showState(s) {
    runButton.disabled = !s.configured;
    replace(stateBox,
      h('div', { class: 'kv' },
        kv('Sync', s.configured ? 'Configured' : 'Not configured', 'sync-configured'),
        kv('Remote', !s.configured ? '—' : s.online ? 'Online' : 'Offline', 'sync-online'),
        kv('Last success', s.last_success_at ? ago(s.last_success_at) : 'never', 'sync-last-success'),
        kv('Last attempt', s.last_attempt_at ? ago(s.last_attempt_at) : 'never'),
        kv('Waiting to send', String(s.pending), 'sync-pending')),
      s.last_error ? h('p', { class: 'notice notice-warn', 'data-testid': 'sync-last-error' }, `Last problem: ${s.last_error}`) : null);
    showParked(s.parked || []);
    showConflicts(s.conflicts || []);
  }

  function showParked(parked) {
    if (parked.length === 0) {
      replace(parkedBox, h('p', { class: 'muted' }, 'Nothing is parked: every change the remote saw was accepted.'));
      return;
    }
    replace(parkedBox, parked.map((p) => parkedEntry(p)));
  }

  function parkedEntry(p) {
    const err = h('p', { class: 'form-error', role: 'alert' });
    const editSlot = h('div');
    const act = (fn) => async (e) => {
      const btn = e.currentTarget;
      btn.disabled = true;
      err.textContent = '';
      try {
        const s = await fn();
        if (s === null) {
          btn.disabled = false;
          return;
        }
        if (alive && s) showState(s);
        refreshSync();
      } catch (x) {
        btn.disabled = false;
        err.textContent = x.words;
      }
    };
    const retry = act(async () => {
      const s = await api.post(api.paths.syncParkedRetry(p.id));
      toast('It will be sent again at the next round.', 'ok');
      return s;
    });
    const drop = act(async () => {
      const yes = await confirmDialog({
        title: `Drop this ${(KIND_WORDS[p.kind] || p.kind).toLowerCase()}?`,
        body: 'The remote will never see this change. This cannot be undone.',
        confirmWords: 'Drop it',
        danger: true,
      });
      if (!yes) return null;
      const s = await api.del(api.paths.syncParked(p.id));
      toast('Dropped.', 'ok');
      return s;
    });
    const edit = () => {
      const id = uid('body');
      const area = h('textarea', { id, rows: 8, spellcheck: 'false', 'data-testid': 'parked-body' });
      area.value = JSON.stringify(p.body, null, 2);
      const bodyErr = h('p', { class: 'field-error' });
      const save = h('button', { type: 'button', class: 'btn btn-primary', 'data-testid': 'parked-save' }, 'Save and send again');
      save.addEventListener('click', act(async () => {
        let body;
        try {
          body = JSON.parse(area.value);
        } catch (x) {
          bodyErr.textContent = 'This is not valid JSON: check quotes, commas and brackets.';
          area.setAttribute('aria-invalid', 'true');
          save.disabled = false;
          return null;
        }
        if (!body || typeof body !== 'object' || Array.isArray(body)) {
          bodyErr.textContent = 'The body must be an object ({ ... }).';
          save.disabled = false;
          return null;
        }
        const s = await api.patch(api.paths.syncParked(p.id), { item: { body } });
        toast('Saved; it will be sent again at the next round.', 'ok');
        return s;
      }));
      replace(editSlot, h('div', { class: 'field' }, h('label', { for: id }, 'What to send instead'), area, bodyErr,
        h('div', { class: 'btn-row' }, save, h('button', { type: 'button', class: 'btn', onclick: () => replace(editSlot) }, 'Cancel'))));
      area.focus();
    };
    return h('div', { class: 'entry', 'data-testid': 'parked-entry' },
      h('div', { class: 'entry-head' },
        h('strong', null, `${KIND_WORDS[p.kind] || p.kind} · record ${p.record_id}`),
        h('span', { class: 'muted small' }, `parked ${ago(p.parked_at)}`)),
      h('p', null, h('span', { class: 'muted' }, 'The remote said: '), p.message || '(no message)', p.status ? h('span', { class: 'muted' }, ` (HTTP ${p.status})`) : null),
      h('pre', null, JSON.stringify(p.body, null, 2)),
      h('div', { class: 'btn-row' },
        h('button', { type: 'button', class: 'btn', 'data-testid': 'parked-retry', onclick: retry }, 'Retry'),
        h('button', { type: 'button', class: 'btn', 'data-testid': 'parked-edit', onclick: edit }, 'Edit'),
        h('button', { type: 'button', class: 'btn btn-danger-outline', 'data-testid': 'parked-drop', onclick: drop }, 'Drop')),
      editSlot, err);
  }

  function showConflicts(conflicts) {
    if (conflicts.length === 0) {
      replace(conflictsBox, h('p', { class: 'muted' }, 'No conflicts.'));
      return;
    }
    replace(conflictsBox, conflicts.map((c) => h('div', { class: 'entry', 'data-testid': 'conflict' },
      h('div', { class: 'entry-head' },
        h('strong', null, CONFLICT_WORDS[c.kind] || c.kind),
        h('span', { class: 'muted small' }, formatDateTime(c.created_at))),
      c.attendee_id ? h('p', null, h('a', { href: `#/attendees/${c.attendee_id}` }, `Attendee ${c.attendee_id}`)) : null,
      details(c.details))));
  }

  function details(d) {
    if (!d || typeof d !== 'object') return null;
    return h('dl', { class: 'dl' }, Object.entries(d).map(([k, v]) => [
      h('dt', null, k.replace(/_/g, ' ')),
      h('dd', null, typeof v === 'object' ? JSON.stringify(v) : String(v)),
    ]));
  }

  async function loadConfig() {
    let c;
    try {
      c = await api.get(api.paths.syncConfig());
    } catch (e) {
      if (alive) replace(configBox, errorPanel(e, loadConfig));
      return;
    }
    if (!alive) return;
    showConfig(c);
  }

  function showConfig(c) {
    const input = (key, label, attrs = {}, hint) => {
      const id = uid(key);
      const el = h('input', { id, name: key, type: 'text', autocomplete: 'off', spellcheck: 'false', 'data-testid': `sync-${key}`, 'aria-describedby': `${id}-err`, ...attrs });
      const err = h('p', { class: 'field-error', id: `${id}-err` });
      return { key, el, err, wrap: h('div', { class: 'field' }, h('label', { for: id }, label), el, hint ? h('p', { class: 'hint' }, hint) : null, err) };
    };
    const base = input('base_url', 'Remote API base URL', { type: 'url', value: c.base_url || '', placeholder: 'https://remote.example.com/api/v2' }, 'Ends in /api/v2.');
    const authUrl = input('auth_url', 'Auth URL', { type: 'url', value: c.auth_url || '', placeholder: 'https://remote.example.com' }, 'The host that serves /oauth/token.');
    const clientId = input('client_id', 'Client id', { value: c.client_id || '' });
    const secret = input('client_secret', 'Client secret', { type: 'password', autocomplete: 'new-password', placeholder: c.client_secret_set ? 'Stored — leave empty to keep it' : '' }, 'Write-only: it is never shown again.');
    const events = input('events', 'Remote event ids', { value: (c.events || []).join(', '), inputmode: 'numeric', placeholder: '12, 15' }, 'Comma-separated ids of the events to mirror.');
    const all = [base, authUrl, clientId, secret, events];
    const formErr = h('div', { class: 'form-error', role: 'alert' });
    const save = h('button', { type: 'submit', class: 'btn btn-primary', 'data-testid': 'sync-save' }, 'Save settings');
    const form = h('form', { novalidate: true, 'data-testid': 'sync-config-form' },
      h('div', { class: 'form-grid' }, all.map((x) => x.wrap)), formErr, h('div', { class: 'btn-row' }, save));
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      all.forEach((x) => { x.err.textContent = ''; x.el.removeAttribute('aria-invalid'); });
      replace(formErr);
      const bad = (x, m) => { x.err.textContent = m; x.el.setAttribute('aria-invalid', 'true'); };
      let ok = true;
      for (const x of [base, authUrl]) {
        try {
          const u = new URL(x.el.value.trim());
          if (!/^https?:$/.test(u.protocol)) throw new Error('scheme');
        } catch (er) { bad(x, 'Enter a full http(s) address.'); ok = false; }
      }
      if (!clientId.el.value.trim()) { bad(clientId, 'Required.'); ok = false; }
      if (!c.client_secret_set && !secret.el.value) { bad(secret, 'Required the first time.'); ok = false; }
      const ids = events.el.value.split(/[\s,]+/).filter(Boolean);
      if (ids.length === 0 || ids.some((x) => !/^\d+$/.test(x))) { bad(events, 'Give one or more event ids (numbers), separated by commas.'); ok = false; }
      if (!ok) { formErr.textContent = FIX_ENTRIES; return; }
      const item = {
        base_url: base.el.value.trim(), auth_url: authUrl.el.value.trim(), client_id: clientId.el.value.trim(), events: ids.map(Number),
      };
      if (secret.el.value) item.client_secret = secret.el.value;
      save.disabled = true;
      try {
        const view = await api.put(api.paths.syncConfig(), { item });
        toast('Sync settings saved.', 'ok');
        showConfig(view);
        loadState();
      } catch (err) {
        save.disabled = false;
        const leftover = [];
        for (const m of err.status === 422 ? err.errors : []) {
          const x = all.find((y) => m.startsWith(`item.${y.key}`));
          if (x) bad(x, humanise(m)); else leftover.push(humanise(m));
        }
        saveFailed(formErr, err, form, { leftover });
      }
    });
    replace(configBox, form);
  }

  runButton.addEventListener('click', async () => {
    runButton.disabled = true;
    const label = runButton.textContent;
    runButton.textContent = 'Running…';
    replace(runResult);
    try {
      let s = null;
      // 409: a round is already running (the background one); wait for it, then run ours.
      for (let attempt = 0; ; attempt += 1) {
        try {
          s = await api.post(api.paths.syncRun(), undefined, { timeout: 120000 });
          break;
        } catch (e) {
          if (e.status !== 409 || attempt >= 30 || !alive) throw e;
          replace(runResult, h('p', { class: 'notice-quiet muted' }, 'A round is already running; waiting for it to finish…'));
          await new Promise((r) => setTimeout(r, 1000));
        }
      }
      replace(runResult, h('p', { class: ['notice', s.reached ? 'notice-ok' : 'notice-warn'] },
        s.reached
          ? `Done: ${s.confirmed} sent and confirmed, ${s.pulled} received, ${s.parked} parked, ${s.pending} still waiting.`
          : `The remote could not be reached${s.error ? `: ${s.error}` : ''}. Changes wait here and go at the next round.`));
    } catch (e) {
      replace(runResult, errorPanel(e, () => runButton.click()));
    }
    runButton.textContent = label;
    runButton.disabled = false;
    loadState();
    refreshSync();
  });

  replace(root, h('section', { class: 'screen', 'data-testid': 'sync-screen' },
    h('div', { class: 'screen-head' }, h('h1', null, 'Sync'), runButton),
    h('div', { class: 'grid-2' },
      h('div', null,
        h('div', { class: 'card' }, h('h2', null, 'State'), stateBox, runResult),
        h('div', { class: 'card' }, h('h2', null, 'Parked entries'), h('p', { class: 'muted small' }, 'Changes the remote refused. Fix and retry them, or drop them.'), parkedBox),
        h('div', { class: 'card' }, h('h2', null, 'Conflicts'), conflictsBox)),
      h('div', null,
        h('div', { class: 'card' }, h('h2', null, 'Remote server'), configBox)))));
  loadState();
  loadConfig();
  timer = setInterval(() => { if (alive && !document.hidden) loadState(); }, 10000);
  return () => { alive = false; clearInterval(timer); };
}
