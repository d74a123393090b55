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
import { h, replace, uid, loading, errorPanel, formatDate, focusHeading } from '../dom.js';
import { session, chooseEvent } from '../session.js';
import { refreshSync, renderNav } from '../shell.js';
import { startDemo } from '../demo.js';

const numbers = new Intl.NumberFormat();

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
  h('span', { class: 'start-choice-title' }, 'Try it with a demo event'),
  h('span', { class: 'start-choice-words', id: 'start-demo-words' }, '300 made-up guests with tickets to scan. Remove it in one step when done.'));
  demoButton.addEventListener('click', async () => {
    demoButton.disabled = true;
    demoButton.setAttribute('aria-busy', 'true');
    demoButton.querySelector('.start-choice-title').textContent = 'Making the demo event…';
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
      demoButton.querySelector('.start-choice-title').textContent = 'Try it with a demo event';
      replace(status, errorPanel(e, () => demoButton.click(), { title: 'The demo event was not made' }));
    }
  });
  const skipTo = session.event ? '#/door' : '#/events';
  replace(root, h('section', { class: 'screen start', 'data-testid': 'start-screen' },
    h('h1', null, 'Get started'),
    h('p', { class: 'lead' }, `${session.user && session.user.name ? `Welcome, ${session.user.name.split(/\s+/)[0]}. ` : ''}How do you want to start? Each way ends at the door screen, ready to scan.`),
    h('ul', { class: 'start-choices' },
      h('li', null, h('a', { class: 'start-choice', href: '#/start/connect', 'data-testid': 'start-connect' },
        h('span', { class: 'start-choice-title' }, 'Connect to our event server'),
        h('span', { class: 'start-choice-words' }, 'Bring your event and its guest list from your registration system.'))),
      h('li', null, h('a', { class: 'start-choice', href: '#/events/new?first=1', 'data-testid': 'start-create' },
        h('span', { class: 'start-choice-title' }, 'Create an event here'),
        h('span', { class: 'start-choice-words' }, 'Name, dates and sessions. Then import a guest list or add people by hand.'))),
      h('li', null, h('a', { class: 'start-choice', href: '#/hub/join', 'data-testid': 'start-hub' },
        h('span', { class: 'start-choice-title' }, 'Join the venue hub'),
        h('span', { class: 'start-choice-words' }, 'Another Entrada at this venue is the hub: sync with it, door to door.'))),
      h('li', null, demoButton)),
    status,
    h('p', { class: 'start-skip' },
      h('a', { class: 'btn btn-ghost', href: skipTo, 'data-testid': 'start-skip' }, session.event ? 'Skip: go to the door' : 'Skip for now'))));
  return () => { alive = false; };
}

// ---- Connect to a remote server -------------------------------------------------------

function renderConnect(root) {
  let alive = true;
  let pollTimer = null;
  const stop = () => { alive = false; clearTimeout(pollTimer); };

  const shell = h('section', { class: 'screen narrow connect', 'data-testid': 'connect-screen' },
    h('a', { class: 'back-link', href: '#/start' }, '‹ Other ways to start'),
    h('h1', null, 'Connect to your event server'),
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
    const base = input('base_url', 'Server address (API)', { type: 'url', inputmode: 'url', value: config.base_url || '', placeholder: 'https://events.example.com/api/v2' }, 'It usually ends in /api/v2.');
    const authUrl = input('auth_url', 'Sign-in address', { type: 'url', inputmode: 'url', value: config.auth_url || '', placeholder: 'https://events.example.com' }, 'Where the server hands out tokens. Often the same address without /api/v2.');
    const clientId = input('client_id', 'Client id', { value: config.client_id || '' }, 'From the server’s administrator.');
    const secret = input('client_secret', 'Client secret', { type: 'password', autocomplete: 'new-password', placeholder: stored ? 'Stored: leave empty to keep it' : '' },
      stored ? 'A secret is stored already.' : 'Given with the client id.');
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

    const testButton = h('button', { type: 'submit', class: 'btn btn-primary', 'data-testid': 'connect-test' }, 'Test connection');
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
          bad(x, x.el.value.trim() ? 'Enter a full address, starting with https:// or http://.' : 'Enter the address.');
          ok = false;
        }
      }
      if (!clientId.el.value.trim()) { bad(clientId, 'Enter the client id.'); ok = false; }
      if (!stored && !secret.el.value) { bad(secret, 'Enter the client secret.'); ok = false; }
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
      replace(testResult, loading('Testing the connection…'));
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
            leftover.length ? h('ul', null, leftover.map((m) => h('li', null, m))) : 'Please fix the highlighted entries.')
          : errorPanel(err, () => form.requestSubmit(), { title: 'The test did not run' }));
        return;
      }
      if (!alive) return;
      testButton.disabled = false;
      const ok = !!answer.ok;
      replace(testResult, h('div', {
        class: ['notice', ok ? 'notice-ok' : 'notice-bad'], role: ok ? null : 'alert',
        'data-testid': 'connect-message', 'data-ok': ok ? 'true' : 'false', 'data-stage': answer.stage || '',
      },
      ok && /^connected\b/i.test(answer.message || '') ? null : h('strong', null, ok ? 'Connected. ' : 'Not connected. '),
      answer.message || (ok ? '' : 'The server could not be reached.')));
      if (ok) {
        tested = { item, events: answer.events || [] };
        showEvents(tested, config);
      } else {
        const suspects = { address: [base], dns: [base], connect: [base], tls: [base], api: [base], credentials: [clientId, secret] }[answer.stage] || [];
        suspects.forEach((x) => x.el.setAttribute('aria-invalid', 'true'));
      }
      testResult.scrollIntoView({ block: 'nearest' });
    });

    function showEvents(t, cfg) {
      if (t.events.length === 0) {
        replace(eventsBox, h('p', { class: 'notice', 'data-testid': 'connect-no-events' },
          'The server has no events these credentials can see. Create the event there first, or ask for credentials of its account.'));
        return;
      }
      const before = new Set(cfg.events || []);
      const boxes = t.events.map((ev) => {
        const id = uid('remote-event');
        const box = h('input', {
          type: 'checkbox', id, value: ev.id, 'data-testid': 'connect-event', 'data-remote-id': ev.id,
          checked: before.has(ev.id) || t.events.length === 1,
        });
        const when = [ev.starts_at ? formatDate(ev.starts_at) : null, ev.ends_at && ev.ends_at.slice(0, 10) !== (ev.starts_at || '').slice(0, 10) ? formatDate(ev.ends_at) : null].filter(Boolean).join(' – ');
        return {
          ev, box,
          row: h('label', { class: 'check-row event-check', for: id }, box,
            h('span', null, h('strong', null, ev.name), when ? h('span', { class: 'muted' }, ` · ${when}`) : null)),
        };
      });
      const pickErr = h('p', { class: 'field-error', id: 'connect-events-err' });
      const connect = h('button', { type: 'button', class: 'btn btn-primary btn-xl', 'data-testid': 'connect-start' }, 'Connect and download');
      const legendId = uid('legend');
      const set = h('fieldset', { class: 'full', 'aria-describedby': 'connect-events-err' },
        h('legend', { id: legendId, tabindex: '-1' }, 'Which events does this kiosk check in?'),
        boxes.map((b) => b.row), pickErr);
      connect.addEventListener('click', () => {
        const chosen = boxes.filter((b) => b.box.checked).map((b) => b.ev);
        pickErr.textContent = '';
        set.removeAttribute('aria-invalid');
        if (chosen.length === 0) {
          pickErr.textContent = 'Tick at least one event.';
          set.setAttribute('aria-invalid', 'true');
          boxes[0].box.focus();
          return;
        }
        connect.disabled = true;
        boxes.forEach((b) => { b.box.disabled = true; });
        testButton.disabled = true;
        download(t.item, chosen).finally(() => {
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
        class: 'meter indeterminate', role: 'progressbar', 'aria-label': 'Download progress',
        'aria-valuemin': '0', 'aria-valuemax': '100', 'data-testid': 'connect-progress',
      }, bar);
      const words = h('p', { class: 'upload-label', 'data-testid': 'connect-progress-words' }, 'Connecting…');
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
          if (s && s.running) words.textContent = p && p.stage === 'push' ? 'Sending changes…' : 'Connecting…';
          return;
        }
        lastTotal = p.total;
        const pct = Math.max(0, Math.min(100, Math.round((p.done / p.total) * 100)));
        meter.classList.remove('indeterminate');
        meter.setAttribute('aria-valuemax', String(p.total));
        meter.setAttribute('aria-valuenow', String(Math.min(p.done, p.total)));
        const text = p.stage === 'push'
          ? `Sending changes: ${numbers.format(p.done)} of ${numbers.format(p.total)}`
          : `${numbers.format(p.done)} of ${numbers.format(p.total)} attendees`;
        meter.setAttribute('aria-valuetext', text);
        bar.style.width = `${pct}%`;
        words.textContent = p.stage === 'push' ? text : `Downloading: ${text}`;
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
          : errorPanel(err, () => download(item, chosen), { title: 'Not connected' }));
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
        replace(after, errorPanel(failure || { words: 'The download did not finish.' }, () => download(item, chosen), { title: 'Not downloaded' }));
        return;
      }
      if (!summary.reached || summary.error) {
        replace(after, h('div', { class: 'notice notice-bad', role: 'alert', 'data-testid': 'connect-failed' },
          h('strong', null, 'The download stopped. '), summary.error || 'The server could not be reached.',
          h('div', { class: 'btn-row' }, h('button', { type: 'button', class: 'btn', onclick: () => download(item, chosen) }, 'Try again'))));
        return;
      }
      /** The bar full; `count`: the attendees the kiosk now has for the chosen events. */
      const finished = (count) => {
        const total = count || lastTotal || 100;
        meter.classList.remove('indeterminate');
        meter.setAttribute('aria-valuemax', String(total));
        meter.setAttribute('aria-valuenow', String(total));
        bar.style.width = '100%';
        words.textContent = count === null ? 'Downloaded.' : `Downloaded: ${numbers.format(count)} attendee${count === 1 ? '' : 's'}.`;
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
        replace(box, h('p', { class: 'notice' }, 'Downloaded. Choose the event in the ', h('a', { href: '#/events' }, 'event list'), '.'));
        return;
      }
      replace(box, h('div', { 'data-testid': 'connect-choose' },
        h('h2', { tabindex: '-1' }, 'Which event is at this door?'),
        h('ul', { class: 'event-list' }, pick.map((ev) => h('li', null, h('button', {
          type: 'button', class: 'event-card', 'data-testid': 'event-option', 'data-event-id': ev.id,
          onclick: (e) => open(ev, e.currentTarget),
        }, h('span', { class: 'event-card-name' }, ev.name),
        h('span', { class: 'event-card-meta' }, `${numbers.format(ev.attendee_count)} attendees`)))))));
      box.querySelector('h2').focus();
    }

    replace(shell,
      h('a', { class: 'back-link', href: '#/start', 'data-testid': 'connect-back' }, '‹ Other ways to start'),
      h('h1', null, 'Connect to your event server'),
      h('p', { class: 'lead' }, 'Bring your event and its guests from your registration server. Check-ins go back to it.'),
      h('div', { class: 'card' }, form),
      eventsBox);
    focusHeading(shell);
  }

  return stop;
}
