// Get started (organisers): three ways to a first scan, each ending on the door screen.
//   #/start          the choice: connect to our event server, create an event here, or
//                    try a demo event; "Skip" goes on to the events / the door.
//   #/start/connect  the remote's addresses and credentials, "Test connection" (what failed,
//                    in words), the remote's events to tick, the first download with its
//                    progress, then the door with the downloaded event.
// Nothing here is needed twice: the demo is made once (later taps reuse it), and the
// connect form starts from the stored sync settings.

import * as api from '../api.js';
import { humanise } from '../api.js';
import { h, replace, uid, loading, errorPanel, formatDate, focusHeading, fixEntries } from '../dom.js';
import { session, chooseEvent } from '../session.js';
import { refreshSync, renderNav } from '../shell.js';
import { startDemo } from '../demo.js';
import { t } from '../i18n.js';

function go(hash) {
  if (location.hash === hash) window.dispatchEvent(new HashChangeEvent('hashchange'));
  else location.hash = hash;
}

export function render(root, params = {}) {
  if (params.sub === 'connect') return renderConnect(root);
  return renderChoice(root);
}

// ---- The choice --------------------------------------------------------------------

function renderChoice(root) {
  let alive = true;
  const status = h('div', { class: 'form-error', role: 'alert', 'data-testid': 'start-error' });
  const demoButton = h('button', {
    type: 'button', class: 'start-choice', 'data-testid': 'start-demo', 'aria-describedby': 'start-demo-words',
  },
  h('span', { class: 'start-choice-title' }, t('start-demo-title')),
  h('span', { class: 'start-choice-words', id: 'start-demo-words' }, t('start-demo-words')));
  demoButton.addEventListener('click', async () => {
    demoButton.disabled = true;
    demoButton.setAttribute('aria-busy', 'true');
    demoButton.querySelector('.start-choice-title').textContent = t('start-demo-making');
    replace(status);
    try {
      await startDemo();
      if (!alive) return;
      renderNav('door');
      go('#/door');
    } catch (e) {
      if (!alive) return;
      demoButton.disabled = false;
      demoButton.removeAttribute('aria-busy');
      demoButton.querySelector('.start-choice-title').textContent = t('start-demo-title');
      replace(status, errorPanel(e, () => demoButton.click(), { title: t('start-demo-failed') }));
    }
  });
  const skipTo = session.event ? '#/door' : '#/events';
  replace(root, h('section', { class: 'screen start', 'data-testid': 'start-screen' },
    h('h1', null, t('start-title')),
    h('p', { class: 'lead' }, session.user && session.user.name
      ? t('start-lead-welcome', { name: session.user.name.split(/\s+/)[0] })
      : t('start-lead')),
    h('ul', { class: 'start-choices' },
      h('li', null, h('a', { class: 'start-choice', href: '#/start/connect', 'data-testid': 'start-connect' },
        h('span', { class: 'start-choice-title' }, t('start-connect-title')),
        h('span', { class: 'start-choice-words' }, t('start-connect-words')))),
      h('li', null, h('a', { class: 'start-choice', href: '#/events/new?first=1', 'data-testid': 'start-create' },
        h('span', { class: 'start-choice-title' }, t('start-create-title')),
        h('span', { class: 'start-choice-words' }, t('start-create-words')))),
      h('li', null, h('a', { class: 'start-choice', href: '#/hub/join', 'data-testid': 'start-hub' },
        h('span', { class: 'start-choice-title' }, t('start-hub-title')),
        h('span', { class: 'start-choice-words' }, t('start-hub-words')))),
      h('li', null, demoButton)),
    status,
    h('p', { class: 'start-skip' },
      h('a', { class: 'btn btn-ghost', href: skipTo, 'data-testid': 'start-skip' }, session.event ? t('start-skip-to-door') : t('start-skip')))));
  return () => { alive = false; };
}

// ---- Connect to a remote server -------------------------------------------------------

function renderConnect(root) {
  let alive = true;
  let pollTimer = null;
  const stop = () => { alive = false; clearTimeout(pollTimer); };

  const shell = h('section', { class: 'screen narrow connect', 'data-testid': 'connect-screen' },
    h('a', { class: 'back-link', href: '#/start' }, t('start-back')),
    h('h1', null, t('start-connect-heading')),
    loading());
  replace(root, shell);

  (async () => {
    let config = null;
    try {
      config = await api.get(api.paths.syncConfig());
    } catch (e) {
      config = null; // a fresh form, as if nothing were stored
    }
    if (alive) showForm(config || {});
  })();

  function showForm(config) {
    const input = (key, label, attrs = {}, hint) => {
      const id = uid(`connect-${key}`);
      const el = h('input', {
        id, name: key, type: 'text', autocomplete: 'off', spellcheck: 'false', autocapitalize: 'off',
        'data-testid': `connect-${key}`, 'aria-describedby': `${id}-hint ${id}-err`, ...attrs,
      });
      const err = h('p', { class: 'field-error', id: `${id}-err` });
      return {
        key, el, err,
        wrap: h('div', { class: 'field' }, h('label', { for: id }, label), el, h('p', { class: 'hint', id: `${id}-hint` }, hint || ''), err),
      };
    };
    const stored = !!config.client_secret_set;
    const base = input('base_url', t('start-base-url-label'), { type: 'url', inputmode: 'url', value: config.base_url || '', placeholder: 'https://events.example.com/api/v2' }, t('start-base-url-hint'));
    const authUrl = input('auth_url', t('start-auth-url-label'), { type: 'url', inputmode: 'url', value: config.auth_url || '', placeholder: 'https://events.example.com' }, t('start-auth-url-hint'));
    const clientId = input('client_id', t('start-client-id-label'), { value: config.client_id || '' }, t('start-client-id-hint'));
    const secret = input('client_secret', t('start-client-secret-label'), { type: 'password', autocomplete: 'new-password', placeholder: stored ? t('start-client-secret-stored-placeholder') : '' },
      stored ? t('start-client-secret-stored-hint') : t('start-client-secret-hint'));
    const all = [base, authUrl, clientId, secret];
    // The sign-in address follows the API address (without /api/v2) until it is typed in.
    let authSuggested = authUrl.el.value ? null : '';
    base.el.addEventListener('input', () => {
      if (authSuggested === null || authUrl.el.value !== authSuggested) return;
      let next = '';
      try {
        const u = new URL(base.el.value.trim());
        if (/^https?:$/.test(u.protocol)) next = `${u.origin}${u.pathname.replace(/\/+$/, '').replace(/\/api\/v2$/, '')}`;
      } catch (e) { next = ''; }
      authUrl.el.value = next;
      authSuggested = next;
    });
    authUrl.el.addEventListener('input', () => { authSuggested = null; });

    const testButton = h('button', { type: 'submit', class: 'btn btn-primary', 'data-testid': 'connect-test' }, t('start-test'));
    const testResult = h('div', { 'aria-live': 'polite', 'data-testid': 'connect-test-result' });
    const form = h('form', { novalidate: true, 'data-testid': 'connect-form' },
      h('div', { class: 'form-grid' }, all.map((x) => x.wrap)),
      h('div', { class: 'btn-row' }, testButton),
      testResult);
    const eventsBox = h('div', { 'data-testid': 'connect-events' });
    const progressBox = h('div', { 'data-testid': 'connect-progress-box' });

    const bad = (x, m) => { x.err.textContent = m; x.el.setAttribute('aria-invalid', 'true'); };
    const clearErrors = () => all.forEach((x) => { x.err.textContent = ''; x.el.removeAttribute('aria-invalid'); });

    /** The entries, checked; null (with messages beside the inputs) when something is missing. */
    function entries() {
      clearErrors();
      let ok = true;
      for (const x of [base, authUrl]) {
        try {
          const u = new URL(x.el.value.trim());
          if (!/^https?:$/.test(u.protocol)) throw new Error('scheme');
        } catch (e) {
          bad(x, x.el.value.trim() ? t('start-address-invalid') : t('start-address-missing'));
          ok = false;
        }
      }
      if (!clientId.el.value.trim()) { bad(clientId, t('start-client-id-missing')); ok = false; }
      if (!stored && !secret.el.value) { bad(secret, t('start-client-secret-missing')); ok = false; }
      if (!ok) {
        const first = all.find((x) => x.el.getAttribute('aria-invalid') === 'true');
        if (first) first.el.focus();
        return null;
      }
      const item = { base_url: base.el.value.trim(), auth_url: authUrl.el.value.trim(), client_id: clientId.el.value.trim() };
      if (secret.el.value) item.client_secret = secret.el.value;
      return item;
    }

    /** Places a 422's messages beside the inputs; the rest are returned. */
    function placeErrors(err) {
      const leftover = [];
      for (const m of err.status === 422 ? err.errors : []) {
        const x = all.find((y) => m.startsWith(`item.${y.key}`));
        if (x) bad(x, humanise(m)); else leftover.push(humanise(m));
      }
      return leftover;
    }

    let tested = null; // {item, events} of the last good test
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      const item = entries();
      if (!item) return;
      tested = null;
      replace(eventsBox);
      replace(testResult, loading(t('start-testing')));
      testButton.disabled = true;
      let answer;
      try {
        answer = await api.post(api.paths.syncTest(), { item }, { timeout: 45000 });
      } catch (err) {
        if (!alive) return;
        testButton.disabled = false;
        const leftover = placeErrors(err);
        replace(testResult, err.status === 422
          ? h('div', { class: 'notice notice-bad', 'data-testid': 'connect-message', 'data-ok': 'false' },
            leftover.length ? h('ul', null, leftover.map((m) => h('li', null, m))) : fixEntries())
          : errorPanel(err, () => form.requestSubmit(), { title: t('start-test-failed') }));
        return;
      }
      if (!alive) return;
      testButton.disabled = false;
      const ok = !!answer.ok;
      replace(testResult, h('div', {
        class: ['notice', ok ? 'notice-ok' : 'notice-bad'], role: ok ? null : 'alert',
        'data-testid': 'connect-message', 'data-ok': ok ? 'true' : 'false', 'data-stage': answer.stage || '',
      },
      ok && /^connected\b/i.test(answer.message || '') ? null : h('strong', null, `${ok ? t('start-connected') : t('start-not-connected')} `),
      answer.message || (ok ? '' : t('start-unreachable'))));
      if (ok) {
        tested = { item, events: answer.events || [] };
        showEvents(tested, config);
      } else {
        const suspects = { address: [base], dns: [base], connect: [base], tls: [base], api: [base], credentials: [clientId, secret] }[answer.stage] || [];
        suspects.forEach((x) => x.el.setAttribute('aria-invalid', 'true'));
      }
      testResult.scrollIntoView({ block: 'nearest' });
    });

    function showEvents(found, cfg) {
      if (found.events.length === 0) {
        replace(eventsBox, h('p', { class: 'notice', 'data-testid': 'connect-no-events' },
          t('start-no-events')));
        return;
      }
      const before = new Set(cfg.events || []);
      const boxes = found.events.map((ev) => {
        const id = uid('remote-event');
        const box = h('input', {
          type: 'checkbox', id, value: ev.id, 'data-testid': 'connect-event', 'data-remote-id': ev.id,
          checked: before.has(ev.id) || found.events.length === 1,
        });
        const when = [ev.starts_at ? formatDate(ev.starts_at) : null, ev.ends_at && ev.ends_at.slice(0, 10) !== (ev.starts_at || '').slice(0, 10) ? formatDate(ev.ends_at) : null].filter(Boolean).join(' – ');
        return {
          ev, box,
          row: h('label', { class: 'check-row event-check', for: id }, box,
            h('span', null, h('strong', null, ev.name), when ? h('span', { class: 'muted' }, ` · ${when}`) : null)),
        };
      });
      const pickErr = h('p', { class: 'field-error', id: 'connect-events-err' });
      const connect = h('button', { type: 'button', class: 'btn btn-primary btn-xl', 'data-testid': 'connect-start' }, t('start-connect-download'));
      const legendId = uid('legend');
      const set = h('fieldset', { class: 'full', 'aria-describedby': 'connect-events-err' },
        h('legend', { id: legendId, tabindex: '-1' }, t('start-events-legend')),
        boxes.map((b) => b.row), pickErr);
      connect.addEventListener('click', () => {
        const chosen = boxes.filter((b) => b.box.checked).map((b) => b.ev);
        pickErr.textContent = '';
        set.removeAttribute('aria-invalid');
        if (chosen.length === 0) {
          pickErr.textContent = t('start-events-none-ticked');
          set.setAttribute('aria-invalid', 'true');
          boxes[0].box.focus();
          return;
        }
        connect.disabled = true;
        boxes.forEach((b) => { b.box.disabled = true; });
        testButton.disabled = true;
        download(found.item, chosen).finally(() => {
          if (!alive) return;
          connect.disabled = false;
          boxes.forEach((b) => { b.box.disabled = false; });
          testButton.disabled = false;
        });
      });
      replace(eventsBox, h('div', { class: 'card connect-events' }, set, h('div', { class: 'btn-row' }, connect), progressBox));
      set.scrollIntoView({ block: 'nearest' });
    }

    // ---- The first download, with its progress ----
    async function download(item, chosen) {
      const bar = h('div', { class: 'meter-bar' });
      const meter = h('div', {
        class: 'meter indeterminate', role: 'progressbar', 'aria-label': t('start-progress-label'),
        'aria-valuemin': '0', 'aria-valuemax': '100', 'data-testid': 'connect-progress',
      }, bar);
      const words = h('p', { class: 'upload-label', 'data-testid': 'connect-progress-words' }, t('start-progress-connecting'));
      const after = h('div', { 'aria-live': 'polite' });
      replace(progressBox, h('div', { class: 'upload-progress' }, words, meter), after);
      (progressBox.closest('.card') || progressBox).scrollIntoView({ block: 'end' });
      let lastTotal = 0;
      let badgeTold = false;
      const paint = (s) => {
        if (s && s.running && !badgeTold) {
          badgeTold = true;
          refreshSync(); // the top bar says "Downloading…", not "Sync offline"
        }
        const p = s && s.progress;
        if (!p || !p.total) {
          if (s && s.running) words.textContent = p && p.stage === 'push' ? t('start-progress-sending') : t('start-progress-connecting');
          return;
        }
        lastTotal = p.total;
        const pct = Math.max(0, Math.min(100, Math.round((p.done / p.total) * 100)));
        meter.classList.remove('indeterminate');
        meter.setAttribute('aria-valuemax', String(p.total));
        meter.setAttribute('aria-valuenow', String(Math.min(p.done, p.total)));
        const text = p.stage === 'push'
          ? t('start-progress-sending-count', { done: p.done, total: p.total })
          : t('start-progress-attendees', { done: p.done, total: p.total });
        meter.setAttribute('aria-valuetext', text);
        bar.style.width = `${pct}%`;
        words.textContent = p.stage === 'push' ? text : t('start-progress-downloading', { done: p.done, total: p.total });
      };
      const sleep = (ms) => new Promise((r) => { pollTimer = setTimeout(r, ms); });
      let polling = true;
      // The progress loop's pause ends early when the run answers, so that "Downloaded"
      // and the door follow the server's answer at once, not up to a poll later.
      let wake = null;
      const pause = (ms) => new Promise((r) => {
        const timer = setTimeout(r, ms);
        wake = () => { clearTimeout(timer); r(); };
      });
      const poll = async () => {
        while (alive && polling) {
          try {
            paint(await api.get(api.paths.sync(), { background: true, retries: 0 }));
          } catch (e) { /* the run's answer says what went wrong */ }
          if (polling) await pause(400);
        }
      };
      /** Waits until no round runs (a background round the new settings started). */
      const waitIdle = async () => {
        for (let i = 0; alive && i < 3000; i += 1) {
          let s = null;
          try { s = await api.get(api.paths.sync(), { background: true, retries: 0 }); } catch (e) { s = null; }
          if (s) paint(s);
          if (s && !s.running) return s;
          await sleep(400);
        }
        return null;
      };

      let beforeIds = new Set();
      try {
        beforeIds = new Set((await api.all(api.paths.events())).map((e) => e.id));
        await api.put(api.paths.syncConfig(), { item: { ...item, events: chosen.map((ev) => ev.id) } });
      } catch (err) {
        if (!alive) return;
        const leftover = placeErrors(err);
        replace(progressBox, err.status === 422
          ? h('div', { class: 'notice notice-bad', role: 'alert', 'data-testid': 'connect-failed' }, h('ul', null, (leftover.length ? leftover : err.details).map((m) => h('li', null, m))))
          : errorPanel(err, () => download(item, chosen), { title: t('start-not-connected-title') }));
        return;
      }
      const polled = poll();
      let summary = null;
      let failure = null;
      for (let attempt = 0; alive && attempt < 3; attempt += 1) {
        try {
          summary = await api.post(api.paths.syncRun(), undefined, { timeout: 600000 });
          break;
        } catch (err) {
          if (err.status === 409) {
            // A round started on its own after the settings changed: wait for it, then run
            // ours (quick: it only fetches what changed since).
            const s = await waitIdle();
            if (attempt === 2 && s) summary = { reached: s.online, error: s.last_error, pulled: null };
            continue;
          }
          if (err.status === 0) {
            // The answer was lost or too slow: the round goes on in the server.
            const s = await waitIdle();
            if (s) summary = { reached: s.online, error: s.last_error, pulled: null };
            break;
          }
          failure = err;
          break;
        }
      }
      polling = false;
      if (wake) wake();
      await polled;
      if (!alive) return;
      refreshSync();
      if (failure || !summary) {
        replace(after, errorPanel(failure || { words: t('start-download-unfinished') }, () => download(item, chosen), { title: t('start-not-downloaded') }));
        return;
      }
      if (!summary.reached || summary.error) {
        replace(after, h('div', { class: 'notice notice-bad', role: 'alert', 'data-testid': 'connect-failed' },
          h('strong', null, `${t('start-download-stopped')} `), summary.error || t('start-unreachable'),
          h('div', { class: 'btn-row' }, h('button', { type: 'button', class: 'btn', onclick: () => download(item, chosen) }, t('common-try-again')))));
        return;
      }
      /** The bar full; `count`: the attendees the kiosk now has for the chosen events. */
      const finished = (count) => {
        const total = count || lastTotal || 100;
        meter.classList.remove('indeterminate');
        meter.setAttribute('aria-valuemax', String(total));
        meter.setAttribute('aria-valuenow', String(total));
        bar.style.width = '100%';
        words.textContent = count === null ? t('start-downloaded') : t('start-downloaded-count', { count });
        meter.setAttribute('aria-valuetext', words.textContent);
      };
      finished(null);
      await openMirrored(chosen, beforeIds, after, finished);
    }

    /** Finds the local copies of the chosen events; one opens at the door, several are offered. */
    async function openMirrored(chosen, beforeIds, box, finished) {
      let local;
      try {
        local = await api.all(api.paths.events());
      } catch (err) {
        if (alive) replace(box, errorPanel(err, () => openMirrored(chosen, beforeIds, box, finished)));
        return;
      }
      if (!alive) return;
      const names = new Set(chosen.map((ev) => ev.name));
      const named = local.filter((ev) => names.has(ev.name) && !ev.demo);
      const fresh = named.filter((ev) => !beforeIds.has(ev.id));
      let pick = fresh.length ? fresh : named;
      if (pick.length === 0) pick = local.filter((ev) => !beforeIds.has(ev.id));
      if (pick.length) finished(pick.reduce((n, ev) => n + (Number(ev.attendee_count) || 0), 0));
      const open = async (ev, btn) => {
        if (btn) btn.disabled = true;
        try {
          await chooseEvent(ev);
          if (!alive) return;
          renderNav('door');
          go('#/door');
        } catch (err) {
          if (btn) btn.disabled = false;
          if (alive) replace(box, errorPanel(err, () => open(ev)));
        }
      };
      if (pick.length === 1) {
        await open(pick[0]);
        return;
      }
      if (pick.length === 0) {
        // One sentence around the link: the message's { $link } marks where it goes.
        const [lead, tail] = t('start-downloaded-choose', { link: '\u0000' }).split('\u0000');
        replace(box, h('p', { class: 'notice' }, lead, h('a', { href: '#/events' }, t('start-event-list-link')), tail));
        return;
      }
      replace(box, h('div', { 'data-testid': 'connect-choose' },
        h('h2', { tabindex: '-1' }, t('start-which-event')),
        h('ul', { class: 'event-list' }, pick.map((ev) => h('li', null, h('button', {
          type: 'button', class: 'event-card', 'data-testid': 'event-option', 'data-event-id': ev.id,
          onclick: (e) => open(ev, e.currentTarget),
        }, h('span', { class: 'event-card-name' }, ev.name),
        h('span', { class: 'event-card-meta' }, t('start-event-attendees', { count: Number(ev.attendee_count) || 0 }))))))));
      box.querySelector('h2').focus();
    }

    replace(shell,
      h('a', { class: 'back-link', href: '#/start', 'data-testid': 'connect-back' }, t('start-back')),
      h('h1', null, t('start-connect-heading')),
      h('p', { class: 'lead' }, t('start-connect-lead')),
      h('div', { class: 'card' }, form),
      eventsBox);
    focusHeading(shell);
  }

  return stop;
}
