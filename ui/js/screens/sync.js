// Sync (organisers): configure the remote, see the state (online, last success, pending,
// parked entries with the remote's message, conflicts), run a round now, and retry, edit or
// drop a parked entry.

import * as api from '../api.js';
import { humanise } from '../api.js';
import { h, replace, loading, errorPanel, ago, formatDateTime, uid, confirmDialog, saveFailed, fixEntries } from '../dom.js';
import { toast, refreshSync } from '../shell.js';
import { t } from '../i18n.js';

/** A parked entry's kind of change in words. */
function kindWord(kind) {
  switch (kind) {
    case 'attendee_create': return t('sync-kind-attendee-create');
    case 'attendee_update': return t('sync-kind-attendee-update');
    case 'check_in': return t('sync-kind-check-in');
    case 'check_out': return t('sync-kind-check-out');
    case 'undo': return t('sync-kind-undo');
    case 'field_create': return t('sync-kind-field-create');
    case 'field_update': return t('sync-kind-field-update');
    case 'field_delete': return t('sync-kind-field-delete');
    default: return kind;
  }
}

/** A conflict's kind in words. */
function conflictWord(kind) {
  switch (kind) {
    case 'duplicate_entry': return t('sync-conflict-duplicate-entry');
    case 'edit': return t('sync-conflict-edit');
    case 'deleted_remotely': return t('sync-conflict-deleted-remotely');
    default: return kind;
  }
}

export function render(root) {
  let alive = true;
  let timer = null;
  const stateBox = h('div', { 'data-testid': 'sync-state' }, loading());
  const parkedBox = h('div', { 'data-testid': 'sync-parked' });
  const conflictsBox = h('div', { 'data-testid': 'sync-conflicts' });
  const configBox = h('div', { 'data-testid': 'sync-config' }, loading());
  const runResult = h('div', { 'aria-live': 'polite', 'data-testid': 'sync-run-result' });
  const runButton = h('button', { type: 'button', class: 'btn btn-primary', 'data-testid': 'sync-run' }, t('sync-run'));

  async function loadState({ periodic = false } = {}) {
    let s;
    try {
      s = await api.get(api.paths.sync());
    } catch (e) {
      if (alive) replace(stateBox, errorPanel(e, loadState));
      return;
    }
    if (!alive) return;
    showState(s, { periodic });
  }

  function kv(k, v, testid) {
    return h('div', { class: 'kv-item' }, h('div', { class: 'k' }, k), h('div', { class: 'v', 'data-testid': testid }, v));
  }

  function showState(s, { periodic = false } = {}) {
    runButton.disabled = !s.configured;
    replace(stateBox,
      h('div', { class: 'kv' },
        kv(t('sync-state-sync'), s.configured ? t('sync-state-configured') : t('sync-state-not-configured'), 'sync-configured'),
        kv(t('sync-state-remote'), !s.configured ? '—' : s.online ? t('sync-state-online') : t('sync-state-offline'), 'sync-online'),
        kv(t('sync-state-last-success'), s.last_success_at ? ago(s.last_success_at) : t('common-ago-never'), 'sync-last-success'),
        kv(t('sync-state-last-attempt'), s.last_attempt_at ? ago(s.last_attempt_at) : t('common-ago-never')),
        kv(t('sync-state-pending'), String(s.pending), 'sync-pending')),
      s.last_error ? h('p', { class: 'notice notice-warn', 'data-testid': 'sync-last-error' }, t('sync-last-problem', { error: s.last_error })) : null);
    // A person editing a parked entry keeps their editor: the timed refresh leaves the
    // parked entries alone while one is open or has the focus.
    const editing = parkedBox.querySelector('textarea') || parkedBox.contains(document.activeElement);
    if (!(periodic && editing)) showParked(s.parked || []);
    showConflicts(s.conflicts || []);
  }

  function showParked(parked) {
    if (parked.length === 0) {
      replace(parkedBox, h('p', { class: 'muted' }, t('sync-parked-none')));
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
      toast(t('sync-parked-retried'), 'ok');
      return s;
    });
    const drop = act(async () => {
      const yes = await confirmDialog({
        title: t('sync-drop-title', { kind: String(p.kind) }),
        body: t('sync-drop-body'),
        confirmWords: t('sync-drop-confirm'),
        danger: true,
      });
      if (!yes) return null;
      const s = await api.del(api.paths.syncParked(p.id));
      toast(t('sync-dropped'), 'ok');
      return s;
    });
    const edit = () => {
      const id = uid('body');
      const area = h('textarea', { id, rows: 8, spellcheck: 'false', 'data-testid': 'parked-body' });
      area.value = JSON.stringify(p.body, null, 2);
      const bodyErr = h('p', { class: 'field-error' });
      const save = h('button', { type: 'button', class: 'btn btn-primary', 'data-testid': 'parked-save' }, t('sync-parked-save'));
      save.addEventListener('click', act(async () => {
        let body;
        try {
          body = JSON.parse(area.value);
        } catch (x) {
          bodyErr.textContent = t('sync-parked-bad-json');
          area.setAttribute('aria-invalid', 'true');
          save.disabled = false;
          return null;
        }
        if (!body || typeof body !== 'object' || Array.isArray(body)) {
          bodyErr.textContent = t('sync-parked-not-object');
          save.disabled = false;
          return null;
        }
        const s = await api.patch(api.paths.syncParked(p.id), { item: { body } });
        toast(t('sync-parked-saved'), 'ok');
        return s;
      }));
      replace(editSlot, h('div', { class: 'field' }, h('label', { for: id }, t('sync-parked-body-label')), area, bodyErr,
        h('div', { class: 'btn-row' }, save, h('button', { type: 'button', class: 'btn', onclick: () => replace(editSlot) }, t('common-cancel')))));
      area.focus();
    };
    return h('div', { class: 'entry', 'data-testid': 'parked-entry' },
      h('div', { class: 'entry-head' },
        h('strong', null, t('sync-parked-head', { kind: kindWord(p.kind), record: String(p.record_id) })),
        h('span', { class: 'muted small' }, t('sync-parked-when', { ago: ago(p.parked_at) }))),
      h('p', null, h('span', { class: 'muted' }, `${t('sync-parked-remote-said')} `), p.message || t('sync-parked-no-message'), p.status ? h('span', { class: 'muted' }, ` ${t('sync-parked-http', { status: String(p.status) })}`) : null),
      h('pre', null, JSON.stringify(p.body, null, 2)),
      h('div', { class: 'btn-row' },
        h('button', { type: 'button', class: 'btn', 'data-testid': 'parked-retry', onclick: retry }, t('sync-parked-retry')),
        h('button', { type: 'button', class: 'btn', 'data-testid': 'parked-edit', onclick: edit }, t('sync-parked-edit')),
        h('button', { type: 'button', class: 'btn btn-danger-outline', 'data-testid': 'parked-drop', onclick: drop }, t('sync-parked-drop'))),
      editSlot, err);
  }

  function showConflicts(conflicts) {
    if (conflicts.length === 0) {
      replace(conflictsBox, h('p', { class: 'muted' }, t('sync-conflicts-none')));
      return;
    }
    replace(conflictsBox, conflicts.map((c) => h('div', { class: 'entry', 'data-testid': 'conflict' },
      h('div', { class: 'entry-head' },
        h('strong', null, conflictWord(c.kind)),
        h('span', { class: 'muted small' }, formatDateTime(c.created_at))),
      c.attendee_id ? h('p', null, h('a', { href: `#/attendees/${c.attendee_id}` }, t('sync-conflict-attendee', { id: String(c.attendee_id) }))) : null,
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
    const base = input('base_url', t('sync-config-base-url'), { type: 'url', value: c.base_url || '', placeholder: 'https://remote.example.com/api/v2' }, t('sync-config-base-url-hint'));
    const authUrl = input('auth_url', t('sync-config-auth-url'), { type: 'url', value: c.auth_url || '', placeholder: 'https://remote.example.com' }, t('sync-config-auth-url-hint'));
    const clientId = input('client_id', t('sync-config-client-id'), { value: c.client_id || '' });
    const secret = input('client_secret', t('sync-config-client-secret'), { type: 'password', autocomplete: 'new-password', placeholder: c.client_secret_set ? t('sync-config-secret-stored') : '' }, t('sync-config-secret-hint'));
    const events = input('events', t('sync-config-events'), { value: (c.events || []).join(', '), inputmode: 'numeric', placeholder: '12, 15' }, t('sync-config-events-hint'));
    const all = [base, authUrl, clientId, secret, events];
    const formErr = h('div', { class: 'form-error', role: 'alert' });
    const save = h('button', { type: 'submit', class: 'btn btn-primary', 'data-testid': 'sync-save' }, t('sync-config-save'));
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
        } catch (er) { bad(x, t('sync-config-bad-url')); ok = false; }
      }
      if (!clientId.el.value.trim()) { bad(clientId, t('sync-config-required')); ok = false; }
      if (!c.client_secret_set && !secret.el.value) { bad(secret, t('sync-config-secret-required')); ok = false; }
      const ids = events.el.value.split(/[\s,]+/).filter(Boolean);
      if (ids.length === 0 || ids.some((x) => !/^\d+$/.test(x))) { bad(events, t('sync-config-bad-events')); ok = false; }
      if (!ok) { formErr.textContent = fixEntries(); return; }
      const item = {
        base_url: base.el.value.trim(), auth_url: authUrl.el.value.trim(), client_id: clientId.el.value.trim(), events: ids.map(Number),
      };
      if (secret.el.value) item.client_secret = secret.el.value;
      save.disabled = true;
      try {
        const view = await api.put(api.paths.syncConfig(), { item });
        toast(t('sync-config-saved'), 'ok');
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
    runButton.textContent = t('sync-running');
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
          replace(runResult, h('p', { class: 'notice-quiet muted' }, t('sync-run-waiting')));
          await new Promise((r) => setTimeout(r, 1000));
        }
      }
      replace(runResult, h('p', { class: ['notice', s.reached ? 'notice-ok' : 'notice-warn'] },
        s.reached
          ? t('sync-run-done', { confirmed: s.confirmed, pulled: s.pulled, parked: s.parked, pending: s.pending })
          : s.error ? t('sync-run-unreachable-because', { error: s.error }) : t('sync-run-unreachable')));
    } catch (e) {
      replace(runResult, errorPanel(e, () => runButton.click()));
    }
    runButton.textContent = label;
    runButton.disabled = false;
    loadState();
    refreshSync();
  });

  replace(root, h('section', { class: 'screen', 'data-testid': 'sync-screen' },
    h('div', { class: 'screen-head' }, h('h1', null, t('sync-title')), runButton),
    h('div', { class: 'grid-2' },
      h('div', null,
        h('div', { class: 'card' }, h('h2', null, t('sync-state-title')), stateBox, runResult),
        h('div', { class: 'card' }, h('h2', null, t('sync-parked-title')), h('p', { class: 'muted small' }, t('sync-parked-intro')), parkedBox),
        h('div', { class: 'card' }, h('h2', null, t('sync-conflicts-title')), conflictsBox)),
      h('div', null,
        h('div', { class: 'card' }, h('h2', null, t('sync-config-title')), configBox)))));
  loadState();
  loadConfig();
  // Every 2 s while shown: a duplicate entry another door reported reaches this kiosk
  // within a second (HUB.md), and shows here soon after.
  timer = setInterval(() => { if (alive && !document.hidden) loadState({ periodic: true }); }, 2000);
  return () => { alive = false; clearInterval(timer); };
}
