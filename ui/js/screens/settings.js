// Settings: the address of the local API (everyone), and for organisers client credentials
// for local integrations (a badge printer, a turnstile, a script on this computer):
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

const SCOPES = [
  { scope: 'read', label: 'Read', hint: 'See events, attendees and check-in history.', on: true },
  { scope: 'write', label: 'Write', hint: 'Add and change attendees, events and forms.', on: false },
  { scope: 'check_in', label: 'Check in', hint: 'Check people in and out, and scan codes.', on: true },
];

const SCOPE_WORDS = { read: 'read', write: 'write', check_in: 'check in' };

function scopeWords(scopes) {
  return String(scopes || '').split(/\s+/).filter(Boolean).map((s) => SCOPE_WORDS[s] || s).join(', ');
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
    button.textContent = 'Copied';
    setTimeout(() => { button.textContent = was; }, 2000);
    toast('Copied.', 'ok', 1500);
  } else {
    if (source) {
      source.focus();
      source.select();
    }
    toast('Copying is not possible here: the text is selected, copy it with Ctrl+C.', 'info', 5000);
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
  const button = h('button', { type: 'button', class: 'btn btn-small', 'data-testid': `${testid}-copy`, 'aria-label': `Copy ${label.toLowerCase()}` }, 'Copy');
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

  // ---- The local API (everyone) ------------------------------------------------------
  const apiCard = h('section', { class: 'card', 'data-testid': 'settings-api', 'aria-labelledby': 'api-title' },
    h('h2', { id: 'api-title' }, 'Local API'),
    h('p', { 'data-testid': 'api-address-words' }, onThisComputer
      ? `Local API for other programs on this computer: ${origin}`
      : `API for other programs: ${origin}`),
    copyRow(origin, 'api-address', 'Address'),
    h('p', { class: 'muted small' },
      'Programs sign in with client credentials (OAuth 2 client credentials) and send the token as “Authorization: Bearer …”. ',
      isDesktop() ? `The API reference is at ${origin}${api.paths.docs()}.` : h('a', { href: api.paths.docs(), target: '_blank', rel: 'noopener' }, 'API reference')));

  // Kiosk mode on from here (organisers; off is on the leave-kiosk screen). The shell
  // checks the organiser's token, keeps the setting for the next start, and reopens the
  // door screen full screen.
  let kioskControl = null;
  if (isDesktop() && !isKiosk() && isOrganiserAnywhere()) {
    const status = h('p', { class: 'form-error', role: 'alert', 'data-testid': 'settings-kiosk-status' });
    const on = h('button', { type: 'button', class: 'btn btn-primary', 'data-testid': 'settings-kiosk-on' }, 'Use kiosk mode on this computer');
    stops.push(organiserRequest(on, status, 'Starting kiosk mode…', (token) => kioskUrl(true, token)));
    kioskControl = h('div', null,
      h('p', { class: 'muted small' }, `Kiosk mode: full screen, the screen kept awake, back to the door screen after ${minutesWords(idleMinutes())} without use, and closing or leaving it needs an organiser. Entrada starts in kiosk mode until an organiser leaves it.`),
      status, h('div', { class: 'btn-row' }, on));
  }
  const deviceCard = isDesktop() ? h('section', { class: 'card', 'data-testid': 'settings-desktop', 'aria-labelledby': 'desktop-title' },
    h('h2', { id: 'desktop-title' }, 'This computer'),
    h('p', null, isKiosk()
      ? `Entrada runs in kiosk mode: full screen, kept awake, and back to the door screen after ${minutesWords(idleMinutes())} without use. Closing it needs an organiser.`
      : 'Entrada runs as a desktop app with its own server on this computer.'),
    kioskControl) : null;

  if (!isOrganiser()) {
    replace(root, h('section', { class: 'screen narrow', 'data-testid': 'settings-screen' },
      h('h1', null, 'Settings'),
      apiCard,
      deviceCard,
      h('p', { class: 'notice', 'data-testid': 'settings-organisers-only' },
        'Organisers create credentials for local integrations (a badge printer, a turnstile, a script) here.')));
    return () => { alive = false; stops.forEach((stop) => stop()); };
  }

  // ---- Create credentials (organisers) -----------------------------------------------
  const nameInput = h('input', {
    id: 'integration-name', type: 'text', maxlength: 200, autocomplete: 'off', 'data-testid': 'integration-name',
    placeholder: 'e.g. Badge printer at door 2', 'aria-describedby': 'integration-name-hint integration-name-error',
  });
  const nameError = h('p', { class: 'field-error', id: 'integration-name-error', 'data-testid': 'integration-name-error' });
  const boxes = SCOPES.map((s) => ({
    ...s,
    input: h('input', { type: 'checkbox', id: `scope-${s.scope}`, value: s.scope, checked: s.on, 'data-testid': `scope-${s.scope}` }),
  }));
  const scopesError = h('p', { class: 'field-error', 'data-testid': 'integration-scopes-error' });
  const scopesSet = h('fieldset', { class: 'full scope-fieldset' },
    h('legend', null, 'What it may do'),
    boxes.map((b) => h('label', { class: 'check-row scope-row', for: b.input.id }, b.input,
      h('span', null, h('strong', null, b.label), h('span', { class: 'muted' }, ` — ${b.hint}`)))),
    scopesError);
  const formError = h('div', { class: 'form-error', role: 'alert', 'data-testid': 'integration-form-error' });
  const create = h('button', { type: 'submit', class: 'btn btn-primary', 'data-testid': 'integration-create' }, 'Create credentials');
  const form = h('form', { class: 'integration-form', novalidate: true, 'data-testid': 'integration-form' },
    h('div', { class: 'field' },
      h('label', { for: 'integration-name' }, 'Name'),
      nameInput,
      h('p', { class: 'hint', id: 'integration-name-hint' }, 'What the program is, so that you recognise it in the list.'),
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
      nameError.textContent = 'Give it a name.';
      nameInput.setAttribute('aria-invalid', 'true');
      bad = bad || nameInput;
    }
    if (scopes.length === 0) {
      scopesError.textContent = 'Tick at least one.';
      scopesSet.setAttribute('aria-invalid', 'true');
      bad = bad || boxes[0].input;
    }
    if (bad) {
      bad.focus();
      return;
    }
    create.disabled = true;
    create.textContent = 'Creating…';
    let made;
    try {
      made = await api.post(api.paths.clients(), { item: { name, scopes: scopes.join(' ') } });
    } catch (err) {
      if (!alive) return;
      create.disabled = false;
      create.textContent = 'Create credentials';
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
        replace(formError, errorPanel(err, () => form.requestSubmit(), { title: 'Not created' }));
      }
      return;
    }
    if (!alive) return;
    create.disabled = false;
    create.textContent = 'Create credentials';
    nameInput.value = '';
    boxes.forEach((b) => { b.input.checked = b.on; });
    showSecret(made);
    loadList();
  });

  /** The new credentials, once: the server never shows the secret again. */
  function showSecret(made) {
    const tokenUrl = `${origin}${OAUTH.token}`;
    const curl = `curl -s -u "${made.client_id}:${made.client_secret}" -d grant_type=client_credentials -d "scope=${made.scopes}" ${tokenUrl}`;
    const done = h('button', { type: 'button', class: 'btn btn-primary', 'data-testid': 'new-credentials-done' }, 'Done: I have copied the secret');
    const panel = h('section', { class: 'secret-card', 'data-testid': 'new-credentials', 'aria-labelledby': 'new-cred-title' },
      h('h3', { id: 'new-cred-title', tabindex: '-1' }, `Credentials for “${made.name}”`),
      h('p', { class: 'notice notice-warn', 'data-testid': 'secret-warning' },
        h('strong', null, 'Copy the secret now: it will not be shown again. '),
        'Entrada keeps only a fingerprint of it. If it is lost, revoke these credentials and create new ones.'),
      copyRow(made.client_id, 'new-client-id', 'Client id'),
      copyRow(made.client_secret, 'new-client-secret', 'Client secret'),
      h('p', null, h('span', { class: 'muted' }, 'May: '), h('strong', { 'data-testid': 'new-client-scopes' }, scopeWords(made.scopes))),
      copyRow(curl, 'new-client-curl', 'Get a token (example)', { multiline: true }),
      h('p', { class: 'muted small' },
        `Then call the API with it, e.g. curl -H "Authorization: Bearer TOKEN" ${origin}${api.paths.events()}. Ask for a new token when it expires.`),
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
      if (alive) replace(listBox, errorPanel(e, loadList, { title: 'Could not load the integrations' }));
      return;
    }
    if (!alive) return;
    showList(Array.isArray(items) ? items : []);
  }

  function showList(items) {
    if (items.length === 0) {
      replace(listBox, h('p', { class: 'empty', 'data-testid': 'integration-empty' }, 'No integrations yet.'));
      return;
    }
    replace(listBox, h('div', { class: 'table-wrap' }, h('table', { class: 'integration-table' },
      h('thead', null, h('tr', null,
        h('th', { scope: 'col' }, 'Name'),
        h('th', { scope: 'col' }, 'Client id'),
        h('th', { scope: 'col' }, 'May'),
        h('th', { scope: 'col' }, 'Created'),
        h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, 'Actions')))),
      h('tbody', null, items.map((c) => h('tr', { 'data-testid': 'integration-row', 'data-client-id': c.client_id },
        h('td', { class: 'integration-name' }, c.name),
        h('td', null, h('code', { class: 'client-id' }, c.client_id)),
        h('td', null, scopeWords(c.scopes)),
        h('td', { class: 'nowrap' }, formatDateTime(c.created_at)),
        h('td', { class: 'num' }, h('button', {
          type: 'button',
          class: 'btn btn-small btn-danger-outline',
          'data-testid': 'integration-revoke',
          'aria-label': `Revoke ${c.name}`,
          onclick: (e) => revoke(c, e.currentTarget),
        }, 'Revoke'))))))));
  }

  function revoke(client, button) {
    return revokeClient({
      client, button, status: listStatus, alive: () => alive, reload: loadList, testid: 'revoke-dialog',
      body: 'Programs using these credentials stop working at once: their tokens are refused. This cannot be undone.',
      gone: 'These credentials were already revoked.',
    });
  }

  // ---- Hand this kiosk to the door (organisers) ------------------------------------------
  const { button: hand, status: handStatus } = handToTheDoorControl('settings-hand-to-door', () => alive);
  const doorCard = h('section', { class: 'card', 'data-testid': 'settings-door-device', 'aria-labelledby': 'door-device-title' },
    h('h2', { id: 'door-device-title' }, 'Door device'),
    h('p', null, 'Turn this kiosk into a door device: it checks people in with door rights only, nobody types a passphrase, and it stays that way after a restart. You are signed out here; leaving door mode needs an organiser. The Staff screen lists door devices.'),
    handStatus,
    h('div', { class: 'btn-row' }, hand));

  // ---- The venue hub (organisers) ------------------------------------------------------
  const hubWords = h('p', { 'data-testid': 'settings-hub-words' }, 'Several doors at one venue: one Entrada is the hub, and the kiosks at the other doors join it, so that a ticket admitted at one door is refused at the next.');
  const hubCard = h('section', { class: 'card', 'data-testid': 'settings-hub', 'aria-labelledby': 'hub-title' },
    h('h2', { id: 'hub-title' }, 'Venue hub'),
    hubWords,
    h('div', { class: 'btn-row' }, h('a', { class: 'btn', href: '#/hub', 'data-testid': 'settings-hub-open' }, 'Venue hub')));
  api.get(api.paths.hub()).then((state) => {
    if (!alive) return;
    if (state.serving) hubWords.textContent = `This is the venue hub “${state.serving.name}”. Show a pairing card to a kiosk that joins, and see the devices that did.`;
    else if (state.joined) hubWords.textContent = `This kiosk syncs with the venue hub “${state.joined.hub_name}”.`;
  }, () => { /* the card's general words stay */ });

  replace(root, h('section', { class: 'screen narrow', 'data-testid': 'settings-screen' },
    h('h1', null, 'Settings'),
    apiCard,
    deviceCard,
    hubCard,
    demoCard(),
    doorCard,
    h('section', { class: 'card', 'data-testid': 'settings-integrations', 'aria-labelledby': 'integrations-title' },
      h('h2', { id: 'integrations-title' }, 'Create credentials for a local integration'),
      h('p', { class: 'muted' }, 'For a badge printer, a turnstile or a script on this computer: it gets its own client id and secret, and asks the local API for tokens itself.'),
      form,
      reveal,
      h('h3', { class: 'section-gap' }, 'Integrations'),
      listStatus,
      listBox)));
  loadList();
  return () => { alive = false; stops.forEach((stop) => stop()); };
}

function minutesWords(m) {
  if (m < 1) {
    const s = Math.round(m * 60);
    return s === 1 ? '1 second' : `${s} seconds`;
  }
  const r = Math.round(m * 10) / 10;
  return r === 1 ? '1 minute' : `${r} minutes`;
}

/**
 * Asks, then revokes a client of /kiosk/clients (a local integration or a door device), or
 * at `path` (a kiosk joined to the venue hub): a toast when done, the reason in `status`
 * when not; `reload()` refreshes the list.
 */
export async function revokeClient({ client, button, status, alive, reload, testid, body, gone, path = api.paths.client(client.client_id) }) {
  status.textContent = '';
  const yes = await confirmDialog({
    title: `Revoke “${client.name}”?`, body, confirmWords: 'Revoke', danger: true, testid,
  });
  if (!yes || !alive()) return;
  button.disabled = true;
  try {
    await api.del(path);
    if (!alive()) return;
    toast(`Revoked “${client.name}”.`, 'ok');
  } catch (e) {
    if (!alive()) return;
    button.disabled = false;
    status.textContent = e.status === 404 ? gone : `Not revoked: ${e.words}`;
  }
  reload();
}
