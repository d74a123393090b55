// The venue hub (issue 20, HUB.md): one Entrada the other kiosks of a venue sync with
// over the LAN, so that a ticket admitted at one door is refused at the next. Organisers
// set it up here, in three screens:
//
//   #/hub        what this Entrada is in the venue (GET /kiosk/hub). On the hub: its name,
//                addresses and certificate fingerprint, "Show a pairing card", and the
//                Devices list (door, last contact, changes not yet on the hub; revoke).
//                On a joined kiosk: the hub it syncs with. On neither: "Join the venue
//                hub", and how to make this one the hub.
//   #/hub/card   the pairing card, large enough to scan from another kiosk's camera: the
//                QR code, the one-time code, the fingerprint, and the minutes left.
//   #/hub/join   hubs found on the LAN (GET /kiosk/hub/found), the card read by the camera
//                or a hardware scanner, or its address, fingerprint and code typed; then
//                POST /kiosk/hub/join. No secret is typed: the hub answers the kiosk's own.

import * as api from '../api.js';
import { h, replace, loading, errorPanel, formatDateTime, ago } from '../dom.js';
import { isDesktop, hubUrl, organiserRequest } from '../desktop.js';
import { toast } from '../shell.js';
import { revokeClient } from './settings.js';
import { deviceName } from '../session.js';
import { Camera } from '../camera.js';
import { listenForScanner } from '../scanner.js';
import { t } from '../i18n.js';

const CARD_PREFIX = 'entrada-hub:';
const DEVICES_EVERY_MS = 5000;

export function render(root, params = {}) {
  if (params.sub === 'card') return renderCard(root);
  if (params.sub === 'join') return renderJoin(root);
  return renderHub(root, params.query);
}

// ---- #/hub ---------------------------------------------------------------------------

function renderHub(root, query) {
  let alive = true;
  let timer = null;
  const stops = [];
  const body = h('div', { 'data-testid': 'hub-body' }, loading());
  // The desktop app could not start as the hub, and started again without it.
  const failed = query && query.get('failed');
  replace(root, h('section', { class: 'screen narrow', 'data-testid': 'hub-screen' },
    h('h1', null, t('hub-title')),
    h('p', { class: 'lead' }, t('hub-lead')),
    failed ? h('p', { class: 'notice notice-bad', role: 'alert', 'data-testid': 'hub-failed' },
      h('strong', null, `${t('hub-failed')} `), failed) : null,
    body));

  async function load() {
    let state;
    try {
      state = await api.get(api.paths.hub());
    } catch (e) {
      if (alive) replace(body, errorPanel(e, load, { title: t('hub-load-failed') }));
      return;
    }
    if (!alive) return;
    if (state.serving) {
      showServing(state.serving);
    } else if (state.joined) {
      replace(body, joinedCard(state.joined));
    } else {
      replace(body, neitherCard(stops));
    }
  }

  function showServing(hub) {
    const devicesBox = h('div', { 'data-testid': 'hub-devices' }, loading());
    const status = h('p', { class: 'form-error', role: 'alert', 'data-testid': 'hub-devices-error' });
    replace(body,
      h('section', { class: 'card', 'data-testid': 'hub-serving', 'aria-labelledby': 'hub-serving-title' },
        h('h2', { id: 'hub-serving-title' }, t('hub-serving-title', { name: hub.name })),
        h('p', null, t('hub-serving-words')),
        identity(hub.urls, hub.fingerprint_grouped),
        h('div', { class: 'btn-row' },
          h('a', { class: 'btn btn-primary', href: '#/hub/card', 'data-testid': 'hub-show-card' }, t('hub-show-card'))),
        isDesktop() ? stopControl(stops) : null),
      h('section', { class: 'card', 'aria-labelledby': 'hub-devices-title' },
        h('h2', { id: 'hub-devices-title' }, t('hub-devices-title')),
        h('p', { class: 'muted' }, t('hub-devices-words')),
        status,
        devicesBox));
    const refresh = async () => {
      let devices;
      try {
        devices = await api.get(api.paths.hubDevices());
      } catch (e) {
        if (alive) replace(devicesBox, errorPanel(e, refresh, { title: t('hub-devices-load-failed') }));
        return;
      }
      if (!alive) return;
      replace(devicesBox, devicesTable(Array.isArray(devices) ? devices : [], status, refresh));
      clearTimeout(timer);
      timer = setTimeout(refresh, DEVICES_EVERY_MS);
    };
    refresh();
  }

  load();
  return () => { alive = false; clearTimeout(timer); stops.forEach((stop) => stop()); };
}

/** In the desktop app: stop serving as the hub (the app starts its server again). */
function stopControl(stops) {
  const status = h('p', { class: 'form-error', role: 'alert', 'data-testid': 'hub-stop-status' });
  const button = h('button', { type: 'button', class: 'btn btn-danger-outline', 'data-testid': 'hub-stop' }, t('hub-stop'));
  stops.push(organiserRequest(button, status, t('hub-stopping'), (token) => hubUrl(false, '', token)));
  return h('div', { class: 'section-gap' },
    h('p', { class: 'muted small' }, t('hub-stop-words')),
    status, h('div', { class: 'btn-row' }, button));
}

/** The hub's addresses and certificate fingerprint, as a person compares them. */
function identity(urls, grouped) {
  return h('dl', { class: 'hub-identity' },
    h('dt', null, urls.length > 1 ? t('hub-addresses') : t('hub-address')),
    h('dd', { 'data-testid': 'hub-urls' }, urls.map((u) => h('code', { class: 'hub-url' }, u))),
    h('dt', null, t('hub-fingerprint')),
    h('dd', null, h('code', { class: 'hub-fingerprint', 'data-testid': 'hub-fingerprint' }, grouped)));
}

function devicesTable(devices, status, reload) {
  if (devices.length === 0) {
    return h('p', { class: 'empty', 'data-testid': 'hub-devices-empty' }, t('hub-devices-empty'));
  }
  return h('div', { class: 'table-wrap' }, h('table', { class: 'hub-devices-table' },
    h('thead', null, h('tr', null,
      h('th', { scope: 'col' }, t('hub-col-kiosk')),
      h('th', { scope: 'col' }, t('hub-col-door')),
      h('th', { scope: 'col' }, t('hub-col-contact')),
      h('th', { scope: 'col', class: 'num' }, t('hub-col-pending')),
      h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, t('hub-col-actions'))))),
    h('tbody', null, devices.map((d) => h('tr', {
      'data-testid': 'hub-device', 'data-client-id': d.client_id, class: d.revoked_at ? 'revoked' : null,
    },
      h('td', { class: 'hub-device-name' }, d.name),
      h('td', { 'data-testid': 'hub-device-door' }, d.door || '—'),
      h('td', { 'data-testid': 'hub-device-contact', title: d.last_contact_at ? formatDateTime(d.last_contact_at) : '' },
        d.revoked_at ? t('hub-device-revoked', { when: formatDateTime(d.revoked_at) }) : d.last_contact_at ? ago(d.last_contact_at) : t('hub-device-no-contact')),
      h('td', { class: 'num', 'data-testid': 'hub-device-pending' }, d.pending === null || d.pending === undefined ? '—' : String(d.pending)),
      h('td', { class: 'num' }, d.revoked_at ? null : h('button', {
        type: 'button', class: 'btn btn-small btn-danger-outline', 'data-testid': 'hub-device-revoke',
        'aria-label': t('hub-device-revoke-label', { name: d.name }), onclick: (e) => revoke(d, e.currentTarget, status, reload),
      }, t('hub-device-revoke'))))))));
}

function revoke(device, button, status, reload) {
  return revokeClient({
    client: device, button, status, alive: () => true, reload, testid: 'hub-revoke-dialog',
    path: api.paths.hubDevice(device.client_id),
    body: t('hub-revoke-body'),
    gone: t('hub-revoke-gone'),
  });
}

function joinedCard(joined) {
  return h('section', { class: 'card', 'data-testid': 'hub-joined', 'aria-labelledby': 'hub-joined-title' },
    h('h2', { id: 'hub-joined-title' }, t('hub-joined-title', { name: joined.hub_name })),
    h('p', null, t('hub-joined-words')),
    identity([joined.url], groupFingerprint(joined.fingerprint)),
    h('p', { class: 'muted small' }, t('hub-joined-records')),
    h('div', { class: 'btn-row' },
      h('a', { class: 'btn', href: '#/sync', 'data-testid': 'hub-open-sync' }, t('hub-sync-status'))));
}

function neitherCard(stops) {
  return h('div', null,
    h('section', { class: 'card', 'data-testid': 'hub-neither', 'aria-labelledby': 'hub-join-title' },
      h('h2', { id: 'hub-join-title' }, t('hub-join-title')),
      h('p', null, t('hub-join-words')),
      h('div', { class: 'btn-row' },
        h('a', { class: 'btn btn-primary', href: '#/hub/join', 'data-testid': 'hub-join' }, t('hub-join-title')))),
    makeCard(stops));
}

/**
 * Making this Entrada the hub: in the desktop app a button (the shell keeps the setting
 * and starts its server again as the hub); for `entrada serve`, the command.
 */
function makeCard(stops) {
  const words = h('p', null, t('hub-make-words'));
  if (!isDesktop()) {
    return h('section', { class: 'card', 'data-testid': 'hub-make', 'aria-labelledby': 'hub-make-title' },
      h('h2', { id: 'hub-make-title' }, t('hub-make-title')),
      words,
      h('p', { class: 'muted small', 'data-testid': 'hub-make-how' },
        t('hub-make-how', { command: 'entrada serve --hub --hub-name "Hall A"' })));
  }
  const name = h('input', {
    id: 'hub-name', type: 'text', maxlength: 63, autocomplete: 'off', 'data-testid': 'hub-name',
    placeholder: t('hub-name-placeholder'), 'aria-describedby': 'hub-name-hint',
  });
  const status = h('p', { class: 'form-error', role: 'alert', 'data-testid': 'hub-make-status' });
  const button = h('button', { type: 'button', class: 'btn btn-primary', 'data-testid': 'hub-make-on' }, t('hub-make-title'));
  stops.push(organiserRequest(button, status, t('hub-make-starting'), (token) => hubUrl(true, name.value.trim(), token)));
  return h('section', { class: 'card', 'data-testid': 'hub-make', 'aria-labelledby': 'hub-make-title' },
    h('h2', { id: 'hub-make-title' }, t('hub-make-title')),
    words,
    h('div', { class: 'field' },
      h('label', { for: 'hub-name' }, t('hub-name')),
      name,
      h('p', { class: 'hint', id: 'hub-name-hint' }, t('hub-name-hint'))),
    h('p', { class: 'muted small' }, t('hub-make-restart')),
    status,
    h('div', { class: 'btn-row' }, button));
}

/** 64 hex digits as 16 groups of 4, as the hub's own screen shows them. */
function groupFingerprint(hex) {
  return String(hex || '').toUpperCase().match(/.{1,4}/g)?.join(' ') || '';
}

// ---- #/hub/card ----------------------------------------------------------------------

function renderCard(root) {
  let alive = true;
  let tick = null;
  const body = h('div', { 'data-testid': 'hub-card-body' }, loading(t('hub-card-making')));
  replace(root, h('section', { class: 'screen hub-card-screen', 'data-testid': 'hub-card-screen' },
    h('h1', null, t('hub-card-title')),
    body));

  async function make() {
    clearInterval(tick);
    replace(body, loading(t('hub-card-making')));
    let card;
    try {
      card = await api.post(api.paths.hubCodes(), null);
    } catch (e) {
      if (alive) replace(body, errorPanel(e, make, { title: t('hub-card-failed') }));
      return;
    }
    if (!alive) return;
    const qr = h('img', {
      class: 'hub-card-qr', 'data-testid': 'hub-card-qr', alt: t('hub-card-qr-alt', { name: card.name }),
      src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(card.qr_svg)}`,
    });
    const left = h('p', { class: 'hub-card-left', 'data-testid': 'hub-card-left', 'aria-live': 'off' });
    const again = h('button', { type: 'button', class: 'btn', 'data-testid': 'hub-card-new', onclick: make }, t('hub-card-new'));
    replace(body, h('div', { class: 'hub-card' },
      qr,
      h('div', { class: 'hub-card-words' },
        h('p', { class: 'hub-card-name' }, card.name),
        h('p', { class: 'muted' }, t('hub-card-how')),
        h('p', { class: 'hub-card-code-label' }, t('hub-card-code')),
        h('p', { class: 'hub-card-code', 'data-testid': 'hub-card-code' }, spaced(card.code)),
        left,
        h('dl', { class: 'hub-identity' },
          h('dt', null, t('hub-address')),
          h('dd', null, h('code', { 'data-testid': 'hub-card-url' }, card.url)),
          h('dt', null, t('hub-fingerprint')),
          h('dd', null, h('code', { class: 'hub-fingerprint', 'data-testid': 'hub-card-fingerprint' }, card.fingerprint_grouped))),
        h('div', { class: 'btn-row' },
          again,
          h('a', { class: 'btn', href: '#/hub', 'data-testid': 'hub-card-done' }, t('hub-card-done'))))));
    const until = new Date(card.expires_at).getTime();
    const show = () => {
      const s = Math.max(0, Math.round((until - Date.now()) / 1000));
      if (s === 0) {
        clearInterval(tick);
        left.textContent = t('hub-card-expired');
        left.classList.add('expired');
        body.querySelector('.hub-card-code')?.classList.add('expired');
        again.classList.add('btn-primary');
        return;
      }
      left.textContent = t('hub-card-left', { left: `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}` });
    };
    show();
    tick = setInterval(show, 1000);
  }

  make();
  return () => { alive = false; clearInterval(tick); };
}

/** What the camera is doing, in words (`detail`: the camera's own words, when it has them). */
function cameraStateWords(state, detail) {
  switch (state) {
    case 'starting': return t('hub-camera-starting');
    case 'live': return t('hub-camera-live');
    case 'paused': return t('hub-camera-paused');
    case 'none': return detail || t('hub-camera-none');
    case 'error': return detail || t('hub-camera-error');
    default: return '';
  }
}

/** "K7Q2M9XD" as "K7Q2 M9XD": easier to read out and type. */
function spaced(code) {
  return String(code).replace(/^(.{4})(.{4})$/, '$1 $2');
}

// ---- #/hub/join ----------------------------------------------------------------------

function renderJoin(root) {
  let alive = true;
  let busy = false;
  let chosen = null; // a hub found on the LAN: its hub_id
  const stops = [];

  const foundBox = h('div', { 'data-testid': 'hub-found', 'aria-live': 'polite' });
  const again = h('button', { type: 'button', class: 'btn btn-small', 'data-testid': 'hub-search-again' }, t('hub-search-again'));
  const result = h('div', { 'aria-live': 'polite', 'data-testid': 'hub-join-result' });

  // What this kiosk says about itself on the hub's Devices list.
  const door = h('input', { id: 'hub-door', type: 'text', maxlength: 200, autocomplete: 'off', 'data-testid': 'hub-door', placeholder: t('hub-door-placeholder') });
  const code = h('input', {
    id: 'hub-code', type: 'text', autocomplete: 'off', autocapitalize: 'characters', spellcheck: 'false',
    class: 'hub-code-input', 'data-testid': 'hub-code', 'aria-describedby': 'hub-code-hint hub-code-error',
  });
  const codeError = h('p', { class: 'field-error', id: 'hub-code-error', 'data-testid': 'hub-code-error' });
  const url = h('input', { id: 'hub-url', type: 'text', autocomplete: 'off', spellcheck: 'false', 'data-testid': 'hub-url', placeholder: 'https://10.0.0.5:7879' });
  const fingerprint = h('input', { id: 'hub-fp', type: 'text', autocomplete: 'off', spellcheck: 'false', 'data-testid': 'hub-fingerprint-input', placeholder: t('hub-fingerprint-placeholder') });
  const addressError = h('p', { class: 'field-error', 'data-testid': 'hub-address-error' });
  const submit = h('button', { type: 'submit', class: 'btn btn-primary', 'data-testid': 'hub-join-submit' }, t('hub-join-submit'));
  const byAddress = h('details', { class: 'hub-by-address', 'data-testid': 'hub-by-address' },
    h('summary', null, t('hub-by-address')),
    h('div', { class: 'field' }, h('label', { for: 'hub-url' }, t('hub-address')), url),
    h('div', { class: 'field' }, h('label', { for: 'hub-fp' }, t('hub-fingerprint')), fingerprint),
    addressError);
  const form = h('form', { class: 'hub-join-form', novalidate: true, 'data-testid': 'hub-join-form' },
    h('div', { class: 'field' },
      h('label', { for: 'hub-code' }, t('hub-code-label')),
      code,
      h('p', { class: 'hint', id: 'hub-code-hint' }, t('hub-code-hint')),
      codeError),
    h('div', { class: 'field' },
      h('label', { for: 'hub-door' }, t('hub-door-label')),
      door),
    byAddress,
    h('div', { class: 'btn-row' }, submit));

  // The camera reads the card's QR code.
  const video = h('video', { class: 'camera-video', muted: true, playsinline: true, autoplay: true, 'data-testid': 'hub-camera-video' });
  const cameraWords = h('p', { class: 'camera-status', 'data-testid': 'hub-camera-status' }, t('hub-camera-off'));
  const cameraButton = h('button', { type: 'button', class: 'btn', 'data-testid': 'hub-camera-toggle' }, t('hub-camera-start'));
  const cameraBox = h('div', { class: 'camera hub-camera', 'data-testid': 'hub-camera', 'data-state': 'off', hidden: true },
    video, h('div', { class: 'camera-words' }, cameraWords));
  let camera = null;
  const stopCamera = () => {
    if (camera) camera.stop();
    camera = null;
    cameraBox.hidden = true;
    cameraBox.dataset.state = 'off';
    cameraButton.textContent = t('hub-camera-start');
  };
  cameraButton.addEventListener('click', () => {
    if (camera) {
      stopCamera();
      return;
    }
    cameraBox.hidden = false;
    cameraButton.textContent = t('hub-camera-stop');
    camera = new Camera(video, (codes) => {
      const text = codes.map((c) => c.text).find((x) => x.startsWith(CARD_PREFIX));
      if (!text) {
        cameraWords.textContent = t('hub-camera-not-a-card');
        return;
      }
      stopCamera();
      join({ qr_text: text });
    }, (state, detail) => {
      if (!alive) return;
      cameraBox.dataset.state = state;
      cameraWords.textContent = cameraStateWords(state, detail);
    });
    camera.start(localStorage.getItem('entrada.camera') || undefined);
  });
  stops.push(stopCamera);
  if (!Camera.supported()) cameraButton.hidden = true;

  // A hardware scanner reading the card types its QR text, wherever the focus is.
  stops.push(listenForScanner((text) => {
    if (text.startsWith(CARD_PREFIX)) join({ qr_text: text });
  }));

  replace(root, h('section', { class: 'screen narrow', 'data-testid': 'hub-join-screen' },
    h('h1', null, t('hub-join-title')),
    h('p', { class: 'lead' }, t('hub-join-lead')),
    h('section', { class: 'card', 'aria-labelledby': 'hub-found-title' },
      h('div', { class: 'card-head' }, h('h2', { id: 'hub-found-title' }, t('hub-found-title')), again),
      foundBox),
    h('section', { class: 'card', 'aria-labelledby': 'hub-code-title' },
      h('h2', { id: 'hub-code-title' }, t('hub-code-title')),
      h('div', { class: 'btn-row' }, cameraButton),
      cameraBox,
      form,
      result)));

  async function search() {
    again.disabled = true;
    replace(foundBox, loading(t('hub-searching')));
    let found;
    try {
      found = await api.get(api.paths.hubFound());
    } catch (e) {
      if (alive) replace(foundBox, errorPanel(e, search, { title: t('hub-search-failed') }));
      again.disabled = false;
      return;
    }
    if (!alive) return;
    again.disabled = false;
    if (!Array.isArray(found) || found.length === 0) {
      chosen = null;
      byAddress.open = true;
      replace(foundBox, h('p', { class: 'empty', 'data-testid': 'hub-found-none' },
        t('hub-found-none')));
      return;
    }
    if (!found.some((f) => f.hub_id === chosen)) chosen = found[0].hub_id;
    const list = h('div', { class: 'hub-found-list', role: 'radiogroup', 'aria-label': t('hub-found-label') },
      found.map((f) => {
        const radio = h('input', { type: 'radio', name: 'hub', value: f.hub_id, checked: f.hub_id === chosen, 'data-testid': 'hub-found-radio' });
        radio.addEventListener('change', () => { chosen = f.hub_id; code.focus(); });
        return h('label', { class: 'check-row hub-found-row', 'data-testid': 'hub-found-item' }, radio,
          h('span', null, h('strong', null, f.name), h('span', { class: 'muted' }, ` — ${f.addresses[0] || ''}:${f.port}`)));
      }));
    replace(foundBox, list);
    // Not from someone typing in the form (nor raising a touch keyboard over them).
    if (!form.contains(document.activeElement)) code.focus();
  }
  again.addEventListener('click', search);

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    codeError.textContent = '';
    addressError.textContent = '';
    const typed = code.value.trim();
    if (typed.startsWith(CARD_PREFIX)) {
      join({ qr_text: typed });
      return;
    }
    if (!typed) {
      codeError.textContent = t('hub-code-missing');
      code.focus();
      return;
    }
    const address = url.value.trim();
    const fp = fingerprint.value.trim();
    if (address || fp) {
      if (!address || !fp) {
        addressError.textContent = t('hub-address-incomplete');
        (address ? fingerprint : url).focus();
        return;
      }
      join({ url: address, fingerprint: fp, code: typed });
      return;
    }
    join(chosen ? { hub_id: chosen, code: typed } : { code: typed });
  });

  async function join(how) {
    if (busy) return;
    busy = true;
    submit.disabled = true;
    submit.textContent = t('hub-joining');
    replace(result, loading(t('hub-joining-hub')));
    let joined;
    const since = Date.now();
    try {
      // The name this kiosk already gives its check-ins (X-Device-Name; the top bar's menu).
      joined = await api.post(api.paths.hubJoin(), { item: { ...how, device_name: deviceName(), door: door.value.trim() || null } });
    } catch (e) {
      busy = false;
      if (!alive) return;
      submit.disabled = false;
      submit.textContent = t('hub-join-submit');
      refused(e);
      return;
    }
    busy = false;
    if (!alive) return;
    stops.forEach((stop) => stop());
    stops.length = 0;
    toast(t('hub-joined-toast', { name: joined.hub_name }), 'ok');
    showJoined(joined, since);
  }

  function refused(e) {
    const codeProblem = e.status === 422 && e.errors.find((m) => /^item\.(code|qr_text)\b/.test(m));
    if (codeProblem) {
      replace(result);
      codeError.textContent = api.humanise(codeProblem);
      code.focus();
      code.select();
      return;
    }
    const addressProblem = e.status === 422 && e.errors.find((m) => /^item\.(url|fingerprint)\b/.test(m));
    if (addressProblem) {
      replace(result);
      byAddress.open = true;
      addressError.textContent = api.humanise(addressProblem);
      return;
    }
    replace(result, errorPanel(e, null, { title: e.status === 429 ? t('hub-wait') : t('hub-not-joined') }));
  }

  /** Joined: the hub's events come over in the first round; then to the door. */
  function showJoined(joined, since) {
    const progress = h('p', { 'data-testid': 'hub-joined-progress' }, t('hub-events-coming'));
    const go = h('a', { class: 'btn btn-primary', href: '#/events', 'data-testid': 'hub-joined-events', hidden: true }, t('hub-choose-event'));
    replace(root, h('section', { class: 'screen narrow', 'data-testid': 'hub-join-done' },
      h('h1', null, t('hub-joined')),
      h('section', { class: 'card notice-ok' },
        h('h2', null, t('hub-joined-with', { name: joined.hub_name })),
        identity([joined.url], groupFingerprint(joined.fingerprint)),
        progress,
        h('div', { class: 'btn-row' }, go, h('a', { class: 'btn', href: '#/sync' }, t('hub-sync-status'))))));
    // The first round after the join brings the events: wait for it (or for its error).
    const wait = async (tries) => {
      if (!alive) return;
      let status = null;
      try {
        status = await api.get(api.paths.sync());
      } catch (e) {
        status = null;
      }
      if (!alive) return;
      const after = (iso) => iso && Date.parse(iso) >= since - 2000;
      if (status && after(status.last_success_at)) {
        progress.textContent = t('hub-events-here');
        go.hidden = false;
        go.focus();
        return;
      }
      if ((status && after(status.last_attempt_at) && status.last_error) || tries >= 60) {
        progress.textContent = status && status.last_error
          ? t('hub-events-not-yet', { reason: status.last_error })
          : t('hub-events-not-yet-see-sync');
        go.hidden = false;
        return;
      }
      setTimeout(() => wait(tries + 1), 1000);
    };
    wait(0);
  }

  search();
  code.focus();
  return () => {
    alive = false;
    stops.forEach((stop) => stop());
  };
}
