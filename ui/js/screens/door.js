// The door: made for a touch screen and a queue. A mode switch (check in / check out, at
// the door or a session), the camera decoding frames, a hardware scanner that types
// anywhere, a manual code box, a full-width result banner readable from two metres, a
// sound per outcome, one-tap undo of the last scan, and the recent scans.

import * as api from '../api.js';
import { h, replace, fullName, randomKey, formatTime } from '../dom.js';
import { session, deviceName, eventPath, regTypeName, sessionName, emit } from '../session.js';
import { listenForScanner } from '../scanner.js';
import { play } from '../sounds.js';
import { Camera } from '../camera.js';
import { toast } from '../shell.js';

const CAMERA_REPEAT_MS = 5000; // the same code seen again by the camera within this is ignored
const RESULT_HOLD_MS = 12000; // then the banner goes back to "ready"

const OUTCOME_STYLE = {
  ok: 'ok',
  already_checked_in: 'warn',
  not_checked_in: 'warn',
  not_found: 'bad',
  wrong_event: 'bad',
  not_allowed: 'bad',
};

function loadMode() {
  try {
    const m = JSON.parse(localStorage.getItem('entrada.door_mode') || '{}');
    return { action: m.action === 'check_out' ? 'check_out' : 'check_in', sessionId: m.sessionId ?? null };
  } catch (e) {
    return { action: 'check_in', sessionId: null };
  }
}

function saveMode(mode) {
  localStorage.setItem('entrada.door_mode', JSON.stringify(mode));
}

function svgIcon(kind) {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 48 48');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('class', 'result-icon');
  const path = document.createElementNS(ns, 'path');
  const d = {
    ok: 'M10 25 L20 35 L38 14',
    warn: 'M24 10 L24 28 M24 35 L24 37',
    bad: 'M14 14 L34 34 M34 14 L14 34',
    idle: 'M8 8 h10 M8 8 v10 M40 8 h-10 M40 8 v10 M8 40 h10 M8 40 v-10 M40 40 h-10 M40 40 v-10',
    busy: 'M24 8 A16 16 0 1 1 8 24',
    undo: 'M16 14 L8 22 L16 30 M8 22 H30 A10 10 0 0 1 30 42 H22',
    nocamera: 'M6 17 H14 L17 12 H31 L34 17 H42 V38 H6 Z M24 22 A5 5 0 1 0 24.01 22 M8 8 L40 42',
  }[kind] || '';
  path.setAttribute('d', d);
  path.setAttribute('fill', 'none');
  path.setAttribute('stroke', 'currentColor');
  path.setAttribute('stroke-width', '5');
  path.setAttribute('stroke-linecap', 'round');
  path.setAttribute('stroke-linejoin', 'round');
  svg.appendChild(path);
  return svg;
}

/** After the next paint: a rAF callback runs before paint, a task queued from it after. */
function afterPaint(fn) {
  requestAnimationFrame(() => setTimeout(fn, 0));
}

export function render(root) {
  const mode = loadMode();
  if (mode.sessionId !== null && !session.sessions.some((s) => s.id === mode.sessionId)) mode.sessionId = null;
  const recent = [];
  const cameraSeen = new Map(); // code → last time the camera saw it
  const inFlight = new Set();
  let lastUndoable = null;
  let idleTimer = null;
  let alive = true;
  let scanSeq = 0;
  let cameraState = 'starting';

  // ---- Mode switch -------------------------------------------------------------------
  const actionButtons = ['check_in', 'check_out'].map((action) => h('button', {
    type: 'button',
    class: 'seg-btn',
    'data-testid': `mode-${action}`,
    'aria-pressed': String(mode.action === action),
    onclick: () => {
      mode.action = action;
      saveMode(mode);
      renderMode();
    },
  }, action === 'check_in' ? 'Check in' : 'Check out'));

  const placeSelect = h('select', { id: 'door-place', 'data-testid': 'mode-place' },
    h('option', { value: '' }, 'Door (entrance)'),
    session.sessions.map((s) => h('option', { value: String(s.id) }, `Session: ${s.name}`)));
  placeSelect.value = mode.sessionId === null ? '' : String(mode.sessionId);
  placeSelect.addEventListener('change', () => {
    mode.sessionId = placeSelect.value ? Number(placeSelect.value) : null;
    saveMode(mode);
    renderMode();
  });

  function modeWords() {
    const verb = mode.action === 'check_in' ? 'Checking in' : 'Checking out';
    return mode.sessionId === null ? `${verb} at the door` : `${verb} · ${sessionName(mode.sessionId)}`;
  }

  function renderMode() {
    actionButtons.forEach((b) => {
      const on = b.dataset.testid === `mode-${mode.action}`;
      b.setAttribute('aria-pressed', String(on));
      b.classList.toggle('on', on);
    });
    banner.classList.toggle('mode-out', mode.action === 'check_out');
    if (banner.dataset.outcome === 'idle') showIdle();
  }

  // ---- Result banner -----------------------------------------------------------------
  const banner = h('div', {
    class: 'result result-idle', 'data-testid': 'scan-result', 'data-outcome': 'idle', 'aria-live': 'assertive', 'aria-atomic': 'true',
  });

  function setBanner(kind, outcome, title, sub, message, extra) {
    clearTimeout(idleTimer);
    banner.className = `result result-${kind}${mode.action === 'check_out' ? ' mode-out' : ''}`;
    banner.dataset.outcome = outcome;
    replace(banner,
      svgIcon(kind === 'idle' ? 'idle' : kind === 'busy' ? 'busy' : kind === 'info' ? 'undo' : kind),
      h('div', { class: 'result-text' },
        h('p', { class: 'result-title', 'data-testid': 'result-title' }, title),
        sub ? h('p', { class: 'result-sub', 'data-testid': 'result-sub' }, sub) : null,
        message ? h('p', { class: 'result-msg', 'data-testid': 'result-message' }, message) : null),
      extra || null);
    if (kind !== 'idle' && kind !== 'busy') {
      idleTimer = setTimeout(() => { if (alive) showIdle(); }, RESULT_HOLD_MS);
    }
  }

  function showIdle() {
    const withCamera = cameraState === 'live' || cameraState === 'starting';
    setBanner('idle', 'idle', 'Ready to scan', modeWords(), withCamera
      ? 'Show the ticket QR code to the camera, scan it, or type the code below.'
      : 'Scan the ticket QR code, or type the code below.');
  }

  function outcomeTitle(item) {
    const a = item.attendee;
    switch (item.outcome) {
      case 'ok': return fullName(a);
      case 'already_checked_in': return a ? fullName(a) : 'Already checked in';
      case 'not_checked_in': return a ? fullName(a) : 'Not checked in';
      case 'not_found': return 'Not found';
      case 'wrong_event': return 'Wrong event';
      case 'not_allowed': return a ? fullName(a) : 'Refused';
      default: return item.outcome;
    }
  }

  function outcomeSub(item, action, sessionId) {
    const a = item.attendee;
    const type = a ? regTypeName(a.registration_type_id) : '';
    const place = sessionId === null ? '' : ` · ${sessionName(sessionId)}`;
    switch (item.outcome) {
      case 'ok': {
        const done = action === 'check_in' ? 'Checked in' : action === 'check_out' ? 'Checked out' : 'Undone';
        return [type || 'Attendee', `${done}${place}`].join(' · ');
      }
      case 'already_checked_in': return `Already checked in${type ? ` · ${type}` : ''}`;
      case 'not_checked_in': return `Not checked in${type ? ` · ${type}` : ''}`;
      case 'not_found': return 'No ticket with this code';
      case 'wrong_event': return 'This ticket is for another event';
      case 'not_allowed': return 'Check-in refused';
      default: return '';
    }
  }

  function showResult(item, scan) {
    const kind = OUTCOME_STYLE[item.outcome] || 'bad';
    const extra = item.outcome === 'not_found' ? h('p', { class: 'result-code' }, `Code: ${scan.code}`) : null;
    // For an ok the sub line says it all; other outcomes carry the server's reason (when and
    // where for "already", the RSVP for a refusal).
    const message = item.outcome === 'ok' ? null : item.message;
    setBanner(kind, item.outcome, outcomeTitle(item), outcomeSub(item, scan.action, scan.sessionId), message, extra);
    play(kind === 'ok' ? 'ok' : kind === 'warn' ? 'warn' : 'error');
  }

  // ---- Scans -------------------------------------------------------------------------
  async function submitScan(code, source, timing = {}) {
    const clean = String(code).trim();
    if (!clean) return;
    if (inFlight.has(clean)) return;
    inFlight.add(clean);
    const scan = {
      seq: ++scanSeq, code: clean, action: mode.action, sessionId: mode.sessionId, source, key: randomKey('scan'),
    };
    const slow = setTimeout(() => {
      if (alive && scan.seq === scanSeq) setBanner('busy', 'pending', 'Checking…', clean, null);
    }, 150);
    try {
      const res = await sendScan(scan);
      timing.responseAt = performance.now();
      if (!alive) return;
      clearTimeout(slow);
      // A slower answer to an older scan must not hide a newer one.
      if (scan.seq === scanSeq) showResult(res.item, scan);
      addRecent(scan, res.item);
      if (res.item.outcome === 'ok' && res.item.attendee) {
        lastUndoable = { attendee: res.item.attendee, action: scan.action, sessionId: scan.sessionId };
        emit('stats');
      }
      renderUndo();
      afterPaint(() => {
        window.__entradaTimings.push({
          kind: source, code: clean, outcome: res.item.outcome, ...timing, renderedAt: performance.now(),
        });
      });
    } catch (e) {
      clearTimeout(slow);
      if (!alive) return;
      const retry = h('button', {
        type: 'button', class: 'btn btn-on-dark', 'data-testid': 'scan-retry',
        onclick: () => { inFlight.delete(clean); retryScan(scan); },
      }, 'Try again');
      setBanner('bad', 'error', 'Could not check this code', clean, e.words || 'Something went wrong.', retry);
      play('error');
    } finally {
      inFlight.delete(clean);
    }
  }

  function sendScan(scan) {
    return api.post(eventPath('/scans'), {
      item: { code: scan.code, action: scan.action, session_id: scan.sessionId },
    }, {
      headers: { 'X-Device-Name': deviceName(), 'Idempotency-Key': scan.key },
      timeout: 8000,
      retries: 1,
    });
  }

  async function retryScan(scan) {
    setBanner('busy', 'pending', 'Checking…', scan.code, null);
    try {
      const res = await sendScan(scan); // same key: safe to repeat
      if (!alive) return;
      showResult(res.item, scan);
      addRecent(scan, res.item);
      if (res.item.outcome === 'ok' && res.item.attendee) {
        lastUndoable = { attendee: res.item.attendee, action: scan.action, sessionId: scan.sessionId };
        emit('stats');
      }
      renderUndo();
    } catch (e) {
      if (!alive) return;
      setBanner('bad', 'error', 'Could not check this code', scan.code, e.words,
        h('button', { type: 'button', class: 'btn btn-on-dark', onclick: () => retryScan(scan) }, 'Try again'));
    }
  }

  // ---- Undo --------------------------------------------------------------------------
  const undoButton = h('button', {
    type: 'button', class: 'btn btn-undo', 'data-testid': 'undo', disabled: true, onclick: () => undoLast(),
  }, svgIcon('undo'), h('span', { class: 'undo-label' }, 'Undo last scan'));

  function renderUndo() {
    const label = undoButton.querySelector('.undo-label');
    if (lastUndoable) {
      undoButton.disabled = false;
      label.textContent = `Undo: ${fullName(lastUndoable.attendee)}`;
    } else {
      undoButton.disabled = true;
      label.textContent = 'Undo last scan';
    }
  }

  async function undoLast() {
    const last = lastUndoable;
    if (!last) return;
    undoButton.disabled = true;
    const path = eventPath(`/attendees/${last.attendee.id}/check_in`);
    const body = { item: { session_id: last.sessionId } };
    const opts = { headers: { 'X-Device-Name': deviceName(), 'Idempotency-Key': randomKey('undo') } };
    try {
      // Undo a check-in: back to "not checked in". Undo a check-out: checked in again.
      const res = last.action === 'check_in'
        ? await api.del(path, { ...opts, body })
        : await api.post(path, body, opts);
      if (!alive) return;
      lastUndoable = null;
      const name = fullName(res.item);
      const sub = last.action === 'check_in' ? 'Check-in undone: not checked in' : 'Check-out undone: checked in again';
      setBanner('info', 'undone', name, sub, null);
      play('undo');
      recent.unshift({ code: res.item.qr_code, name, outcome: 'undone', action: 'undo', at: new Date().toISOString(), kind: 'info' });
      renderRecent();
      emit('stats');
    } catch (e) {
      if (!alive) return;
      toast(e.words || 'Could not undo.', 'error');
    }
    renderUndo();
  }

  // ---- Recent scans ------------------------------------------------------------------
  const recentList = h('ol', { class: 'recent', 'data-testid': 'recent-scans' });

  function addRecent(scan, item) {
    recent.unshift({
      code: scan.code,
      name: item.attendee ? fullName(item.attendee) : scan.code,
      outcome: item.outcome,
      action: scan.action,
      at: new Date().toISOString(),
      kind: OUTCOME_STYLE[item.outcome] || 'bad',
    });
    recent.length = Math.min(recent.length, 8);
    renderRecent();
  }

  function renderRecent() {
    replace(recentList, recent.length === 0
      ? h('li', { class: 'recent-empty' }, 'No scans yet on this device.')
      : recent.map((r) => h('li', { class: ['recent-item', `recent-${r.kind}`] },
        h('span', { class: 'recent-dot', 'aria-hidden': 'true' }),
        h('span', { class: 'recent-name' }, r.name),
        h('span', { class: 'recent-meta' }, `${outcomeWord(r)} · ${formatTime(r.at)}`))));
  }

  function outcomeWord(r) {
    return {
      ok: r.action === 'check_out' ? 'checked out' : 'checked in',
      already_checked_in: 'already in',
      not_checked_in: 'not checked in',
      not_found: 'not found',
      wrong_event: 'wrong event',
      not_allowed: 'refused',
      undone: 'undone',
    }[r.outcome] || r.outcome;
  }

  // ---- Manual code box ---------------------------------------------------------------
  const manualInput = h('input', {
    id: 'manual-code', type: 'text', inputmode: 'text', autocomplete: 'off', autocapitalize: 'characters', spellcheck: 'false',
    placeholder: 'e.g. 7KQ2-MXW9-PD3A-H8RT', 'data-testid': 'manual-code', maxlength: 1000,
  });
  const manualForm = h('form', { class: 'manual', 'data-testid': 'manual-form', novalidate: true },
    h('label', { for: 'manual-code' }, 'Type a ticket code'),
    h('div', { class: 'input-row' }, manualInput, h('button', { type: 'submit', class: 'btn btn-primary', 'data-testid': 'manual-submit' }, 'Check')));
  manualForm.addEventListener('submit', (e) => {
    e.preventDefault();
    const code = manualInput.value.trim();
    if (!code) {
      manualInput.focus();
      return;
    }
    manualInput.value = '';
    submitScan(code, 'manual', { enterAt: e.timeStamp });
  });

  // ---- Camera ------------------------------------------------------------------------
  const video = h('video', { class: 'camera-video', 'data-testid': 'camera-video', muted: true, playsinline: true, autoplay: true });
  const cameraStatus = h('p', { class: 'camera-status', 'data-testid': 'camera-status' }, 'Starting the camera…');
  const noCameraIcon = svgIcon('nocamera');
  noCameraIcon.setAttribute('class', 'camera-off-icon');
  const cameraDetail = h('p', { class: 'camera-detail', 'data-testid': 'camera-detail', hidden: true });
  const cameraToggle = h('button', { type: 'button', class: 'btn btn-small', 'data-testid': 'camera-toggle' }, 'Pause camera');
  const cameraSelect = h('select', { class: 'camera-select', 'aria-label': 'Camera', hidden: true });
  const viewfinder = h('div', { class: 'viewfinder', 'aria-hidden': 'true' });
  const cameraBox = h('div', { class: 'camera', 'data-testid': 'camera', 'data-state': 'starting' },
    video, viewfinder, h('div', { class: 'camera-words' }, noCameraIcon, cameraStatus, cameraDetail));

  const camera = new Camera(video, (codes, timing) => {
    const code = codes[0].text;
    const now = performance.now();
    const seen = cameraSeen.get(code);
    cameraSeen.set(code, now);
    if (seen !== undefined && now - seen < CAMERA_REPEAT_MS) return;
    viewfinder.classList.remove('hit');
    void viewfinder.offsetWidth;
    viewfinder.classList.add('hit');
    submitScan(code, 'camera', timing);
  }, (state, detail) => {
    if (!alive) return;
    cameraState = state;
    cameraBox.dataset.state = state;
    // No camera (none here, or blocked) is a normal way to work, not a fault: a calm note,
    // and the scanner and the code box carry on.
    cameraStatus.textContent = {
      starting: 'Starting the camera…',
      live: 'Camera on: hold the QR code in the frame',
      paused: 'Camera paused',
      none: 'No camera: use the scanner or type the code.',
      error: detail || 'The camera is not available. Use the scanner or type the code.',
    }[state];
    cameraDetail.textContent = state === 'none' && detail ? detail : '';
    cameraDetail.hidden = !cameraDetail.textContent;
    cameraToggle.textContent = state === 'live' || state === 'starting' ? 'Pause camera'
      : state === 'none' || state === 'error' ? 'Try the camera again' : 'Start camera';
    doorBody.classList.toggle('no-camera', state === 'none');
    if (banner.dataset.outcome === 'idle') showIdle();
    if (state === 'live') fillCameraSelect();
  });

  async function fillCameraSelect() {
    const cams = await Camera.cameras();
    if (!alive) return;
    if (cams.length < 2) {
      cameraSelect.hidden = true;
      return;
    }
    const current = camera.stream && camera.stream.getVideoTracks()[0] ? camera.stream.getVideoTracks()[0].getSettings().deviceId : '';
    replace(cameraSelect, cams.map((c, i) => h('option', { value: c.deviceId, selected: c.deviceId === current }, c.label || `Camera ${i + 1}`)));
    cameraSelect.hidden = false;
  }

  cameraSelect.addEventListener('change', () => {
    localStorage.setItem('entrada.camera', cameraSelect.value);
    camera.start(cameraSelect.value);
  });

  cameraToggle.addEventListener('click', () => {
    if (cameraBox.dataset.state === 'live' || cameraBox.dataset.state === 'starting') {
      camera.pause();
      localStorage.setItem('entrada.camera_off', '1');
    } else {
      localStorage.removeItem('entrada.camera_off');
      camera.start(localStorage.getItem('entrada.camera') || undefined);
    }
  });

  // ---- Layout ------------------------------------------------------------------------
  const doorBody = h('div', { class: 'door-body' },
    h('div', { class: 'camera-pane' }, cameraBox, h('div', { class: 'camera-actions' }, cameraToggle, cameraSelect)),
    h('div', { class: 'side-pane' },
      manualForm,
      undoButton,
      h('h2', { class: 'side-title' }, 'Recent scans'),
      recentList));
  replace(root, h('section', { class: 'screen door', 'data-testid': 'door-screen' },
    h('h1', { class: 'visually-hidden' }, 'Door'),
    h('div', { class: 'door-controls' },
      h('div', { class: 'seg', role: 'group', 'aria-label': 'Action' }, actionButtons),
      h('label', { class: 'visually-hidden', for: 'door-place' }, 'Where'),
      placeSelect,
      h('span', { class: 'device-chip', title: 'This device’s name in the check-in history (change it in the menu)' }, deviceName())),
    banner,
    doorBody));
  renderMode();
  showIdle();
  renderRecent();
  renderUndo();

  const stopScanner = listenForScanner((code, event) => submitScan(code, 'scanner', { enterAt: event.timeStamp }));
  if (localStorage.getItem('entrada.camera_off') === '1') {
    camera.onState('paused');
  } else {
    camera.start(localStorage.getItem('entrada.camera') || undefined);
  }

  return () => {
    alive = false;
    clearTimeout(idleTimer);
    stopScanner();
    camera.stop();
  };
}
