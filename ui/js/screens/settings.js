// Settings: the kiosk's language and the address of the local API (everyone), and for
// organisers client credentials for local integrations (a badge printer, a turnstile, a
// script on this computer):
// create them (POST /kiosk/clients; the secret is shown once, here), list them
// (GET /kiosk/clients) and revoke them (DELETE /kiosk/clients/{client_id}).

import * as api from '../api.js';
import { OAUTH } from '../auth.js';
import { h, replace, loading, errorPanel, formatDateTime, confirmDialog } from '../dom.js';
import { isOrganiser, isOrganiserAnywhere } from '../session.js';
import { isDesktop, isKiosk, idleMinutes, kioskUrl, organiserRequest } from '../desktop.js';
import { toast } from '../shell.js';
import { handToTheDoorControl } from '../door-device.js';
import { demoCard } from '../demo.js';
import { t, LANGUAGES, language, setLanguage } from '../i18n.js';

function scopeChoices() {
  return [
    { scope: 'read', label: t('settings-scope-read'), hint: t('settings-scope-read-hint'), on: true },
    { scope: 'write', label: t('settings-scope-write'), hint: t('settings-scope-write-hint'), on: false },
    { scope: 'check_in', label: t('settings-scope-check-in'), hint: t('settings-scope-check-in-hint'), on: true },
  ];
}

/** A scope in the words of the integrations list ("read, check in"). */
function scopeWord(scope) {
  switch (scope) {
    case 'read': return t('settings-scope-word-read');
    case 'write': return t('settings-scope-word-write');
    case 'check_in': return t('settings-scope-word-check-in');
    default: return scope;
  }
}

function scopeWords(scopes) {
  return String(scopes || '').split(/\s+/).filter(Boolean).map(scopeWord).join(', ');
}

/** Copies `text`; falls back to selecting `source` and the old copy command. */
async function copyText(text, source, button) {
  let done = false;
  try {
    if (navigator.clipboard && navigator.clipboard.writeText) {
      await navigator.clipboard.writeText(text);
      done = true;
    }
  } catch (e) {
    done = false;
  }
  if (!done && source) {
    try {
      source.focus();
      source.select();
      done = document.execCommand('copy');
    } catch (e) {
      done = false;
    }
  }
  if (done) {
    const was = button.textContent;
    button.textContent = t('settings-copied');
    setTimeout(() => { button.textContent = was; }, 2000);
    toast(t('settings-copied-toast'), 'ok', 1500);
  } else {
    if (source) {
      source.focus();
      source.select();
    }
    toast(t('settings-copy-impossible'), 'info', 5000);
  }
}

/** A read-only value with a Copy button. `multiline` for a command. */
export function copyRow(value, testid, label, { multiline = false } = {}) {
  const id = `copy-${testid}`;
  const input = multiline
    ? h('textarea', { id, class: 'copy-value', readonly: true, rows: 5, spellcheck: 'false', 'data-testid': testid })
    : h('input', { id, type: 'text', class: 'copy-value', readonly: true, spellcheck: 'false', 'data-testid': testid });
  input.value = value;
  input.addEventListener('focus', () => input.select());
  // German writes its nouns capitalised; the other languages read the label in lower case.
  const what = language() === 'de' ? label : label.toLocaleLowerCase(language());
  const button = h('button', { type: 'button', class: 'btn btn-small', 'data-testid': `${testid}-copy`, 'aria-label': t('settings-copy-label', { what }) }, t('settings-copy'));
  button.addEventListener('click', () => copyText(value, input, button));
  return h('div', { class: 'field' },
    h('label', { for: id }, label),
    h('div', { class: 'copy-row' }, input, button));
}

export function render(root) {
  let alive = true;
  const stops = [];
  const origin = location.origin;
  const onThisComputer = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/.test(location.hostname);

  // ---- The kiosk's language (everyone): kept on this device, the page reloads into it ----
  const current = language();
  const languageCard = h('section', { class: 'card', 'data-testid': 'language-card', 'aria-labelledby': 'language-title' },
    h('h2', { id: 'language-title' }, t('settings-language-title')),
    h('p', { class: 'muted', id: 'language-hint' }, t('settings-language-hint')),
    h('fieldset', { 'aria-labelledby': 'language-title', 'aria-describedby': 'language-hint' },
      h('div', { class: 'choices' }, LANGUAGES.map((l) => {
        const radio = h('input', {
          type: 'radio', name: 'language', id: `language-${l.code}`, value: l.code, checked: l.code === current, 'data-testid': `language-${l.code}`,
        });
        radio.addEventListener('change', () => { if (radio.checked) setLanguage(l.code); });
        // Each language in its own name, read out in that language.
        return h('label', { class: 'check-row', for: `language-${l.code}`, lang: l.code }, radio, h('span', null, l.name));
      }))));

  // ---- The local API (everyone) ------------------------------------------------------
  const apiCard = h('section', { class: 'card', 'data-testid': 'settings-api', 'aria-labelledby': 'api-title' },
    h('h2', { id: 'api-title' }, t('settings-api-title')),
    h('p', { 'data-testid': 'api-address-words' }, onThisComputer
      ? t('settings-api-address-local', { address: origin })
      : t('settings-api-address', { address: origin })),
    copyRow(origin, 'api-address', t('settings-address')),
    h('p', { class: 'muted small' },
      `${t('settings-api-auth')} `,
      isDesktop() ? t('settings-api-reference-at', { url: `${origin}${api.paths.docs()}` }) : h('a', { href: api.paths.docs(), target: '_blank', rel: 'noopener' }, t('settings-api-reference'))));

  // Kiosk mode on from here (organisers; off is on the leave-kiosk screen). The shell
  // checks the organiser's token, keeps the setting for the next start, and reopens the
  // door screen full screen.
  let kioskControl = null;
  if (isDesktop() && !isKiosk() && isOrganiserAnywhere()) {
    const status = h('p', { class: 'form-error', role: 'alert', 'data-testid': 'settings-kiosk-status' });
    const on = h('button', { type: 'button', class: 'btn btn-primary', 'data-testid': 'settings-kiosk-on' }, t('settings-kiosk-on'));
    stops.push(organiserRequest(on, status, t('settings-kiosk-starting'), (token) => kioskUrl(true, token)));
    kioskControl = h('div', null,
      h('p', { class: 'muted small' }, t('settings-kiosk-mode-words', { idle: minutesWords(idleMinutes()) })),
      status, h('div', { class: 'btn-row' }, on));
  }
  const deviceCard = isDesktop() ? h('section', { class: 'card', 'data-testid': 'settings-desktop', 'aria-labelledby': 'desktop-title' },
    h('h2', { id: 'desktop-title' }, t('settings-desktop-title')),
    h('p', null, isKiosk()
      ? t('settings-desktop-kiosk', { idle: minutesWords(idleMinutes()) })
      : t('settings-desktop-app')),
    kioskControl) : null;

  if (!isOrganiser()) {
    replace(root, h('section', { class: 'screen narrow', 'data-testid': 'settings-screen' },
      h('h1', null, t('settings-title')),
      languageCard,
      apiCard,
      deviceCard,
      h('p', { class: 'notice', 'data-testid': 'settings-organisers-only' },
        t('settings-organisers-only'))));
    return () => { alive = false; stops.forEach((stop) => stop()); };
  }

  // ---- Create credentials (organisers) -----------------------------------------------
  const nameInput = h('input', {
    id: 'integration-name', type: 'text', maxlength: 200, autocomplete: 'off', 'data-testid': 'integration-name',
    placeholder: t('settings-integration-name-placeholder'), 'aria-describedby': 'integration-name-hint integration-name-error',
  });
  const nameError = h('p', { class: 'field-error', id: 'integration-name-error', 'data-testid': 'integration-name-error' });
  const boxes = scopeChoices().map((s) => ({
    ...s,
    input: h('input', { type: 'checkbox', id: `scope-${s.scope}`, value: s.scope, checked: s.on, 'data-testid': `scope-${s.scope}` }),
  }));
  const scopesError = h('p', { class: 'field-error', 'data-testid': 'integration-scopes-error' });
  const scopesSet = h('fieldset', { class: 'full scope-fieldset' },
    h('legend', null, t('settings-scopes-legend')),
    boxes.map((b) => h('label', { class: 'check-row scope-row', for: b.input.id }, b.input,
      h('span', null, h('strong', null, b.label), h('span', { class: 'muted' }, ` — ${b.hint}`)))),
    scopesError);
  const formError = h('div', { class: 'form-error', role: 'alert', 'data-testid': 'integration-form-error' });
  const create = h('button', { type: 'submit', class: 'btn btn-primary', 'data-testid': 'integration-create' }, t('settings-create'));
  const form = h('form', { class: 'integration-form', novalidate: true, 'data-testid': 'integration-form' },
    h('div', { class: 'field' },
      h('label', { for: 'integration-name' }, t('settings-integration-name')),
      nameInput,
      h('p', { class: 'hint', id: 'integration-name-hint' }, t('settings-integration-name-hint')),
      nameError),
    scopesSet,
    formError,
    h('div', { class: 'btn-row section-gap' }, create));
  const reveal = h('div', { 'aria-live': 'polite' });

  function clearErrors() {
    nameError.textContent = '';
    scopesError.textContent = '';
    nameInput.removeAttribute('aria-invalid');
    scopesSet.removeAttribute('aria-invalid');
    replace(formError);
  }

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    clearErrors();
    const name = nameInput.value.trim();
    const scopes = boxes.filter((b) => b.input.checked).map((b) => b.scope);
    let bad = null;
    if (!name) {
      nameError.textContent = t('settings-integration-name-missing');
      nameInput.setAttribute('aria-invalid', 'true');
      bad = bad || nameInput;
    }
    if (scopes.length === 0) {
      scopesError.textContent = t('settings-scopes-missing');
      scopesSet.setAttribute('aria-invalid', 'true');
      bad = bad || boxes[0].input;
    }
    if (bad) {
      bad.focus();
      return;
    }
    create.disabled = true;
    create.textContent = t('settings-creating');
    let made;
    try {
      made = await api.post(api.paths.clients(), { item: { name, scopes: scopes.join(' ') } });
    } catch (err) {
      if (!alive) return;
      create.disabled = false;
      create.textContent = t('settings-create');
      if (err.status === 422 && err.errors.length) {
        const leftover = [];
        for (const m of err.errors) {
          if (/^item\.name\b/.test(m)) {
            nameError.textContent = api.humanise(m);
            nameInput.setAttribute('aria-invalid', 'true');
          } else if (/^item\.scopes\b/.test(m)) {
            scopesError.textContent = api.humanise(m);
            scopesSet.setAttribute('aria-invalid', 'true');
          } else {
            leftover.push(api.humanise(m));
          }
        }
        if (leftover.length) replace(formError, h('ul', null, leftover.map((m) => h('li', null, m))));
      } else {
        replace(formError, errorPanel(err, () => form.requestSubmit(), { title: t('settings-not-created') }));
      }
      return;
    }
    if (!alive) return;
    create.disabled = false;
    create.textContent = t('settings-create');
    nameInput.value = '';
    boxes.forEach((b) => { b.input.checked = b.on; });
    showSecret(made);
    loadList();
  });

  /** The new credentials, once: the server never shows the secret again. */
  function showSecret(made) {
    const tokenUrl = `${origin}${OAUTH.token}`;
    const curl = `curl -s -u "${made.client_id}:${made.client_secret}" -d grant_type=client_credentials -d "scope=${made.scopes}" ${tokenUrl}`;
    const done = h('button', { type: 'button', class: 'btn btn-primary', 'data-testid': 'new-credentials-done' }, t('settings-secret-done'));
    const panel = h('section', { class: 'secret-card', 'data-testid': 'new-credentials', 'aria-labelledby': 'new-cred-title' },
      h('h3', { id: 'new-cred-title', tabindex: '-1' }, t('settings-secret-title', { name: made.name })),
      h('p', { class: 'notice notice-warn', 'data-testid': 'secret-warning' },
        h('strong', null, `${t('settings-secret-warning')} `),
        t('settings-secret-fingerprint')),
      copyRow(made.client_id, 'new-client-id', t('settings-client-id')),
      copyRow(made.client_secret, 'new-client-secret', t('settings-client-secret')),
      h('p', null, h('span', { class: 'muted' }, `${t('settings-secret-may')} `), h('strong', { 'data-testid': 'new-client-scopes' }, scopeWords(made.scopes))),
      copyRow(curl, 'new-client-curl', t('settings-token-example'), { multiline: true }),
      h('p', { class: 'muted small' },
        t('settings-token-then', { command: `curl -H "Authorization: Bearer TOKEN" ${origin}${api.paths.events()}` })),
      h('div', { class: 'btn-row' }, done));
    done.addEventListener('click', () => {
      replace(reveal);
      nameInput.focus();
    });
    replace(reveal, panel);
    panel.querySelector('h3').focus();
  }

  // ---- Existing credentials ----------------------------------------------------------
  const listBox = h('div', { 'data-testid': 'integration-list' }, loading());
  const listStatus = h('p', { class: 'form-error', role: 'alert', 'data-testid': 'integration-list-error' });

  async function loadList() {
    let items;
    try {
      items = await api.get(api.paths.clients());
    } catch (e) {
      if (alive) replace(listBox, errorPanel(e, loadList, { title: t('settings-integrations-load-failed') }));
      return;
    }
    if (!alive) return;
    showList(Array.isArray(items) ? items : []);
  }

  function showList(items) {
    if (items.length === 0) {
      replace(listBox, h('p', { class: 'empty', 'data-testid': 'integration-empty' }, t('settings-integrations-empty')));
      return;
    }
    replace(listBox, h('div', { class: 'table-wrap' }, h('table', { class: 'integration-table' },
      h('thead', null, h('tr', null,
        h('th', { scope: 'col' }, t('settings-col-name')),
        h('th', { scope: 'col' }, t('settings-client-id')),
        h('th', { scope: 'col' }, t('settings-col-may')),
        h('th', { scope: 'col' }, t('settings-col-created')),
        h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, t('settings-col-actions'))))),
      h('tbody', null, items.map((c) => h('tr', { 'data-testid': 'integration-row', 'data-client-id': c.client_id },
        h('td', { class: 'integration-name' }, c.name),
        h('td', null, h('code', { class: 'client-id' }, c.client_id)),
        h('td', null, scopeWords(c.scopes)),
        h('td', { class: 'nowrap' }, formatDateTime(c.created_at)),
        h('td', { class: 'num' }, h('button', {
          type: 'button',
          class: 'btn btn-small btn-danger-outline',
          'data-testid': 'integration-revoke',
          'aria-label': t('settings-revoke-label', { name: c.name }),
          onclick: (e) => revoke(c, e.currentTarget),
        }, t('settings-revoke')))))))));
  }

  function revoke(client, button) {
    return revokeClient({
      client, button, status: listStatus, alive: () => alive, reload: loadList, testid: 'revoke-dialog',
      body: t('settings-revoke-body'),
      gone: t('settings-revoke-gone'),
    });
  }

  // ---- Hand this kiosk to the door (organisers) ------------------------------------------
  const { button: hand, status: handStatus } = handToTheDoorControl('settings-hand-to-door', () => alive);
  const doorCard = h('section', { class: 'card', 'data-testid': 'settings-door-device', 'aria-labelledby': 'door-device-title' },
    h('h2', { id: 'door-device-title' }, t('settings-door-device-title')),
    h('p', null, t('settings-door-device-words')),
    handStatus,
    h('div', { class: 'btn-row' }, hand));

  // ---- The venue hub (organisers) ------------------------------------------------------
  const hubWords = h('p', { 'data-testid': 'settings-hub-words' }, t('settings-hub-words'));
  const hubCard = h('section', { class: 'card', 'data-testid': 'settings-hub', 'aria-labelledby': 'hub-title' },
    h('h2', { id: 'hub-title' }, t('settings-hub-title')),
    hubWords,
    h('div', { class: 'btn-row' }, h('a', { class: 'btn', href: '#/hub', 'data-testid': 'settings-hub-open' }, t('settings-hub-title'))));
  api.get(api.paths.hub()).then((state) => {
    if (!alive) return;
    if (state.serving) hubWords.textContent = t('settings-hub-serving', { name: state.serving.name });
    else if (state.joined) hubWords.textContent = t('settings-hub-joined', { name: state.joined.hub_name });
  }, () => { /* the card's general words stay */ });

  replace(root, h('section', { class: 'screen narrow', 'data-testid': 'settings-screen' },
    h('h1', null, t('settings-title')),
    languageCard,
    apiCard,
    deviceCard,
    hubCard,
    demoCard(),
    doorCard,
    h('section', { class: 'card', 'data-testid': 'settings-integrations', 'aria-labelledby': 'integrations-title' },
      h('h2', { id: 'integrations-title' }, t('settings-integrations-title')),
      h('p', { class: 'muted' }, t('settings-integrations-words')),
      form,
      reveal,
      h('h3', { class: 'section-gap' }, t('settings-integrations-list')),
      listStatus,
      listBox)));
  loadList();
  return () => { alive = false; stops.forEach((stop) => stop()); };
}

function minutesWords(m) {
  if (m < 1) return t('settings-idle-seconds', { count: Math.round(m * 60) });
  return t('settings-idle-minutes', { count: Math.round(m * 10) / 10 });
}

/**
 * Asks, then revokes a client of /kiosk/clients (a local integration or a door device), or
 * at `path` (a kiosk joined to the venue hub): a toast when done, the reason in `status`
 * when not; `reload()` refreshes the list.
 */
export async function revokeClient({ client, button, status, alive, reload, testid, body, gone, path = api.paths.client(client.client_id) }) {
  status.textContent = '';
  const yes = await confirmDialog({
    title: t('settings-revoke-title', { name: client.name }), body, confirmWords: t('settings-revoke'), danger: true, testid,
  });
  if (!yes || !alive()) return;
  button.disabled = true;
  try {
    await api.del(path);
    if (!alive()) return;
    toast(t('settings-revoked', { name: client.name }), 'ok');
  } catch (e) {
    if (!alive()) return;
    button.disabled = false;
    status.textContent = e.status === 404 ? gone : t('settings-not-revoked', { reason: e.words });
  }
  reload();
}
