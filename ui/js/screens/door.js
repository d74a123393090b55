// The door: made for a touch screen and a queue. A mode switch (check in / check out, at
// the door or a session), the camera decoding frames, a hardware scanner that types
// anywhere, a manual code box and a name search, a full-width result banner readable from
// two metres, a sound per outcome, one-tap undo of the last scan, and the recent scans.
// A scan may wait for the door person: "Admit" or "Refuse" for an attendee who needs
// attention, the event's questions for one who has not answered them; the next scan of
// the queue replaces whatever waits.

import * as api from '../api.js';
import { h, replace, fullName, randomKey, formatTime, actionWord } from '../dom.js';
import { t } from '../i18n.js';
import { session, deviceName, sessionName, emit, isOrganiser } from '../session.js';
import { listenForScanner } from '../scanner.js';
import { play } from '../sounds.js';
import { Camera } from '../camera.js';
import { toast } from '../shell.js';
import { OUTCOME_STYLE, bannerWords, doorNoteOf, recentWord } from '../door-words.js';
import { doorSearch } from '../door-search.js';
import { questionsPanel } from '../door-questions.js';

const CAMERA_REPEAT_MS = 5000; // the same code seen again by the camera within this is ignored
const RESULT_HOLD_MS = 12000; // then the banner goes back to "ready" (not while it waits for the door person)
const FIT_MIN = 0.6; // a name too long for the headline's two lines shrinks, to this much at most

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
    ask: 'M24 5 A19 19 0 1 1 23.99 5 M24 14 V27 M24 34 V35',
    enter: 'M8 24 H38 M26 12 L38 24 L26 36',
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

/**
 * Whether a line-clamped element cuts its text. A glyph's height overhangs its line a
 * little (by a pixel or two), so only half a line or more counts: a line cut off.
 */
function cut(el) {
  return el.scrollHeight - el.clientHeight > parseFloat(getComputedStyle(el).fontSize) / 2;
}

/**
 * A long name wraps to the headline's second line; one that still does not fit shrinks
 * (to FIT_MIN of the size at most), so that the whole name shows; beyond that it is cut.
 */
function fitHeadline(el) {
  el.style.fontSize = '';
  if (!el.isConnected) return;
  const start = parseFloat(getComputedStyle(el).fontSize);
  let size = start;
  while (cut(el) && size - 2 >= start * FIT_MIN) {
    size -= 2;
    el.style.fontSize = `${size}px`;
  }
}

/** The camera pane's line for its state; `detail` is the camera's own words for an error. */
function cameraWords(state, detail) {
  switch (state) {
    case 'starting': return t('door-camera-starting');
    case 'live': return t('door-camera-live');
    case 'paused': return t('door-camera-paused');
    case 'none': return t('door-camera-none');
    case 'error': return detail || t('door-camera-error');
    default: return undefined;
  }
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
  // The scan that waits for the door person (needs_attention, needs_answers):
  // {scan, attendee, confirmed, questions?}; null when nothing waits.
  let pending = null;

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
  }, actionWord(action)));

  const placeSelect = h('select', { id: 'door-place', 'data-testid': 'mode-place' },
    h('option', { value: '' }, t('door-place-door')),
    session.sessions.map((s) => h('option', { value: String(s.id) }, t('door-place-session', { session: s.name }))));
  placeSelect.value = mode.sessionId === null ? '' : String(mode.sessionId);
  placeSelect.addEventListener('change', () => {
    mode.sessionId = placeSelect.value ? Number(placeSelect.value) : null;
    saveMode(mode);
    renderMode();
  });

  function modeWords() {
    if (mode.sessionId === null) {
      return mode.action === 'check_in' ? t('door-mode-in-at-door') : t('door-mode-out-at-door');
    }
    const where = sessionName(mode.sessionId);
    return mode.action === 'check_in' ? t('door-mode-in-session', { session: where }) : t('door-mode-out-session', { session: where });
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
  // One fixed height whatever it says (CSS), so that nothing below it moves between scans.
  const banner = h('div', {
    class: 'result result-idle', 'data-testid': 'scan-result', 'data-outcome': 'idle', 'aria-live': 'assertive', 'aria-atomic': 'true',
  });

  /**
   * kind: ok | warn | bad | ask | info | idle | busy. `plain`: the title is a sentence
   * (ready, checking, an error), not a name or a reason, and is set smaller.
   */
  function setBanner(kind, outcome, { title, detail = '', sub = '', message = null, plain = false, mark = null }, extra) {
    clearTimeout(idleTimer);
    banner.className = ['result', `result-${kind}`, plain && 'result-plain', mode.action === 'check_out' && 'mode-out']
      .filter(Boolean).join(' ');
    banner.dataset.outcome = outcome;
    // The detail (when and where, the other event) has a line of its own under the reason;
    // read aloud, and as text, the two are one headline: "ALREADY CHECKED IN · 22:48 at Door 2".
    const reasonEl = h('p', { class: 'result-reason' }, title,
      detail ? h('span', { class: 'visually-hidden' }, title.endsWith(':') ? ' ' : ' · ') : null);
    replace(banner,
      svgIcon(kind === 'info' ? 'undo' : kind),
      h('div', { class: 'result-text' },
        h('div', { class: 'result-title', 'data-testid': 'result-title' },
          reasonEl,
          detail ? h('p', { class: 'result-detail' }, detail) : null),
        sub ? h('p', { class: 'result-sub', 'data-testid': 'result-sub' }, sub) : null,
        message ? h('p', { class: 'result-msg', 'data-testid': 'result-message' }, message) : null,
        mark),
      extra || null);
    fitHeadline(reasonEl);
    if (kind !== 'idle' && kind !== 'busy' && kind !== 'ask') {
      idleTimer = setTimeout(() => { if (alive) showIdle(); }, RESULT_HOLD_MS);
    }
  }

  function showIdle() {
    const withCamera = cameraState === 'live' || cameraState === 'starting';
    setBanner('idle', 'idle', {
      title: t('door-ready'),
      sub: modeWords(),
      message: withCamera ? t('door-ready-help-camera') : t('door-ready-help'),
      plain: true,
    });
  }

  function showResult(item, scan) {
    const kind = OUTCOME_STYLE[item.outcome] || 'bad';
    const words = bannerWords(item, scan);
    const extra = item.outcome === 'needs_attention' ? attentionButtons() : null;
    // Joined to a venue hub that did not answer in time: this kiosk decided alone, and
    // the other doors hear of it with the next sync. Small: the outcome is what counts.
    const mark = item.decided_by === 'here'
      ? h('p', {
        class: 'result-mark', 'data-testid': 'decided-here',
        title: t('door-decided-here-help'),
      }, t('door-decided-here'))
      : null;
    setBanner(kind, item.outcome, { title: words.reason, detail: words.detail, sub: words.sub, message: words.message, mark }, extra);
    play(kind === 'ok' ? 'ok' : kind === 'bad' ? 'error' : 'warn');
  }

  // ---- What waits for the door person ------------------------------------------------
  // Shown over the camera (or, without one, below the code box): the whole door note when
  // the banner has no room for it, or the questions to ask.
  const doorPanel = h('div', { class: 'door-panel', 'data-testid': 'door-panel', hidden: true });

  function showPanel(el) {
    replace(doorPanel, el);
    doorPanel.hidden = false;
  }

  function endPending() {
    pending = null;
    replace(doorPanel);
    doorPanel.hidden = true;
  }

  function attentionButtons() {
    return h('div', { class: 'result-actions' },
      h('button', { type: 'button', class: 'btn btn-admit', 'data-testid': 'attention-admit', onclick: (e) => admit(e.currentTarget) }, t('door-admit')),
      h('button', { type: 'button', class: 'btn btn-refuse', 'data-testid': 'attention-refuse', onclick: () => refuse() }, t('door-refuse')));
  }

  /** After a needs_attention or needs_answers answer to the latest scan: wait for the door person. */
  function waitFor(item, scan) {
    const a = item.attendee;
    pending = { scan, attendee: a, confirmed: !!scan.extra.confirm };
    if (item.outcome === 'needs_attention') {
      const note = doorNoteOf(item);
      const shown = banner.querySelector('.result-msg');
      if (note && shown && cut(shown)) {
        showPanel(h('section', { class: 'door-note', 'data-testid': 'door-note-panel', 'aria-label': t('door-note-label') },
          h('h2', null, t('door-note-title', { name: fullName(a) })),
          h('p', { class: 'door-note-text' }, note)));
      }
      return;
    }
    const panel = questionsPanel({
      name: fullName(a),
      fields: item.missing_fields || [],
      canSkip: isOrganiser(), // the server refuses a skip from anyone else
      onAnswers: (answers) => followUp({ answers }, 'answers'),
      onSkip: () => followUp({ skip_questions: true }, 'skip'),
      onCancel: () => {
        endPending();
        showIdle();
      },
      onCode: (code, event) => submitScan(code, 'scanner', { enterAt: event.timeStamp }),
    });
    pending.questions = panel;
    showPanel(panel.el);
  }

  function admit(button) {
    if (!pending) return;
    button.disabled = true;
    button.textContent = t('door-admitting');
    followUp({ confirm: true }, 'admit');
  }

  function refuse() {
    const p = pending;
    if (!p) return;
    endPending();
    // Nothing more is written: the server has the attempt already.
    const item = { outcome: 'refused', attendee: p.attendee, message: '' };
    showResult(item, p.scan);
    addRecent(p.scan, item);
  }

  /** The waiting scan sent again with what the door person settled (a new key: a new request). */
  function followUp(settled, source) {
    const p = pending;
    if (!p) return;
    const extra = { confirm: p.confirmed || settled.confirm || undefined };
    if (settled.answers) extra.answers = settled.answers;
    if (settled.skip_questions) extra.skip_questions = true;
    if (p.questions) p.questions.busy(true);
    run({ ...p.scan, seq: ++scanSeq, source, key: randomKey('scan'), extra, followUp: p });
  }

  // ---- Scans -------------------------------------------------------------------------
  function submitScan(code, source, timing = {}) {
    const clean = String(code).trim();
    if (!clean || inFlight.has(clean)) return;
    // The next person of the queue: whatever waited for the door person is dropped, and
    // a name search left open (not being typed in) with it.
    endPending();
    if (source !== 'search' && document.activeElement !== searchInput) search.clear();
    run({
      seq: ++scanSeq, code: clean, action: mode.action, sessionId: mode.sessionId, source, key: randomKey('scan'), extra: {},
    }, timing);
  }

  async function run(scan, timing = {}) {
    if (inFlight.has(scan.code)) return;
    inFlight.add(scan.code);
    // A follow-up (scan.followUp: the pending it settles) shows it is busy on its own
    // button; a new scan says so in the banner.
    const slow = scan.followUp ? null : setTimeout(() => {
      if (alive && scan.seq === scanSeq) setBanner('busy', 'pending', { title: t('door-checking'), sub: scan.code, plain: true });
    }, 150);
    try {
      const res = await sendScan(scan);
      timing.responseAt = performance.now();
      clearTimeout(slow);
      if (!alive) return;
      settle(res.item, scan);
      afterPaint(() => {
        window.__entradaTimings.push({
          kind: scan.source, code: scan.code, outcome: res.item.outcome, ...timing, renderedAt: performance.now(),
        });
      });
    } catch (e) {
      clearTimeout(slow);
      if (!alive) return;
      const p = scan.followUp;
      if (p && p === pending && p.questions) {
        p.questions.busy(false);
        // Answers the server did not accept go beside their inputs; the panel stays.
        if (e.status === 422 && scan.extra.answers) {
          p.questions.showErrors(e);
          return;
        }
      }
      if (scan.seq !== scanSeq) return;
      const retry = h('button', {
        type: 'button', class: 'btn btn-on-dark', 'data-testid': 'scan-retry',
        // The same key: the server answers a repeat as it did the first (nothing twice).
        onclick: () => run({ ...scan, seq: ++scanSeq }),
      }, t('common-try-again'));
      setBanner('bad', 'error', { title: t('door-scan-failed'), sub: scan.code, message: e.words || t('common-error-unknown'), plain: true }, retry);
      play('error');
    } finally {
      inFlight.delete(scan.code);
    }
  }

  function sendScan(scan) {
    return api.post(api.paths.scans(session.event.id), {
      item: { code: scan.code, action: scan.action, session_id: scan.sessionId, ...scan.extra },
    }, {
      headers: { 'X-Device-Name': deviceName(), 'Idempotency-Key': scan.key },
      timeout: 8000,
      retries: 1,
    });
  }

  function settle(item, scan) {
    // A slower answer to an older scan must not hide a newer one.
    if (scan.seq === scanSeq) {
      endPending();
      showResult(item, scan);
      if (item.outcome === 'needs_attention' || item.outcome === 'needs_answers') waitFor(item, scan);
    }
    addRecent(scan, item);
    if (item.outcome === 'ok' && item.attendee) {
      lastUndoable = { attendee: item.attendee, action: scan.action, sessionId: scan.sessionId };
      emit('stats');
    }
    renderUndo();
  }

  // ---- Undo --------------------------------------------------------------------------
  const undoButton = h('button', {
    type: 'button', class: 'btn btn-undo', 'data-testid': 'undo', disabled: true, onclick: () => undoLast(),
  }, svgIcon('undo'), h('span', { class: 'undo-label' }, t('door-undo-last')));

  function renderUndo() {
    const label = undoButton.querySelector('.undo-label');
    if (lastUndoable) {
      undoButton.disabled = false;
      label.textContent = t('door-undo-name', { name: fullName(lastUndoable.attendee) });
    } else {
      undoButton.disabled = true;
      label.textContent = t('door-undo-last');
    }
  }

  async function undoLast() {
    const last = lastUndoable;
    if (!last) return;
    undoButton.disabled = true;
    const path = api.paths.checkIn(session.event.id, last.attendee.id);
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
      const sub = last.action === 'check_in' ? t('door-undone-check-in') : t('door-undone-check-out');
      endPending();
      setBanner('info', 'undone', { title: name, sub });
      play('undo');
      recent.unshift({ code: res.item.qr_code, name, outcome: 'undone', action: 'undo', at: new Date().toISOString(), kind: 'info' });
      renderRecent();
      emit('stats');
    } catch (e) {
      if (!alive) return;
      toast(e.words || t('door-undo-failed'), 'error');
    }
    renderUndo();
  }

  // ---- Recent scans ------------------------------------------------------------------
  // The list scrolls, so it takes focus: keyboard users can scroll it too.
  const recentList = h('ol', {
    class: 'recent', 'data-testid': 'recent-scans', 'aria-label': t('door-recent'), tabindex: '0',
  });

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
      ? h('li', { class: 'recent-empty' }, t('door-recent-none'))
      : recent.map((r) => h('li', { class: ['recent-item', `recent-${r.kind}`] },
        h('span', { class: 'recent-dot', 'aria-hidden': 'true' }),
        h('span', { class: 'recent-name' }, r.name),
        h('span', { class: 'recent-meta' }, `${recentWord(r)} · ${formatTime(r.at)}`))));
  }

  // ---- Manual code box and name search -----------------------------------------------
  const manualInput = h('input', {
    id: 'manual-code', type: 'text', inputmode: 'text', autocomplete: 'off', autocapitalize: 'characters', spellcheck: 'false',
    placeholder: t('door-code-example'), 'data-testid': 'manual-code', maxlength: 1000,
  });
  const manualForm = h('form', { class: 'manual', 'data-testid': 'manual-form', novalidate: true },
    h('label', { for: 'manual-code' }, t('door-code-label')),
    h('div', { class: 'input-row' }, manualInput, h('button', {
      type: 'submit', class: 'btn btn-primary btn-enter', 'data-testid': 'manual-submit',
      // An arrow, named in words for screen readers and on hover: a word in the button
      // left the code box too narrow for its example at 1024x600 (issue 37).
      'aria-label': t('door-code-submit'), title: t('door-code-submit'),
    }, svgIcon('enter'))));
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

  // A person found by name is checked in by their ticket's code: the same scan, so the
  // same banner, and the attention and questions steps, as if the ticket were shown.
  const search = doorSearch({
    onPick: (a, event) => submitScan(a.qr_code, 'search', { enterAt: event.timeStamp }),
    onCode: (code, event) => submitScan(code, 'scanner', { enterAt: event.timeStamp }),
  });
  const searchInput = search.field.querySelector('input');

  // ---- Camera ------------------------------------------------------------------------
  const video = h('video', { class: 'camera-video', 'data-testid': 'camera-video', muted: true, playsinline: true, autoplay: true });
  const cameraStatus = h('p', { class: 'camera-status', 'data-testid': 'camera-status' }, t('door-camera-starting'));
  const noCameraIcon = svgIcon('nocamera');
  noCameraIcon.setAttribute('class', 'camera-off-icon');
  const cameraDetail = h('p', { class: 'camera-detail', 'data-testid': 'camera-detail', hidden: true });
  const cameraToggle = h('button', { type: 'button', class: 'btn btn-small', 'data-testid': 'camera-toggle' }, t('door-camera-pause'));
  const cameraSelect = h('select', { class: 'camera-select', 'aria-label': t('door-camera-choose'), hidden: true });
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
    cameraStatus.textContent = cameraWords(state, detail);
    cameraDetail.textContent = state === 'none' && detail ? detail : '';
    cameraDetail.hidden = !cameraDetail.textContent;
    cameraToggle.textContent = state === 'live' || state === 'starting' ? t('door-camera-pause')
      : state === 'none' || state === 'error' ? t('door-camera-retry') : t('door-camera-start');
    // Without a camera its pane shrinks to a line, and its room goes to the code box, the
    // search and what waits for the door person.
    doorBody.classList.toggle('no-camera', state === 'none' || state === 'error');
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
    replace(cameraSelect, cams.map((c, i) => h('option', { value: c.deviceId, selected: c.deviceId === current }, c.label || t('door-camera-numbered', { number: i + 1 }))));
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
  // The search results and the door panel lie over the camera (or, without one, fill the
  // room below the code box): the camera keeps its place, and keeps scanning beneath.
  const doorBody = h('div', { class: 'door-body' },
    h('div', { class: 'camera-pane' }, cameraBox, h('div', { class: 'camera-actions' }, cameraToggle, cameraSelect)),
    doorPanel,
    search.list,
    h('div', { class: 'entry-pane' }, manualForm, search.field),
    h('div', { class: 'side-pane' },
      undoButton,
      h('h2', { class: 'side-title' }, t('door-recent')),
      recentList));
  replace(root, h('section', { class: 'screen door', 'data-testid': 'door-screen' },
    h('h1', { class: 'visually-hidden' }, t('door-title')),
    h('div', { class: 'door-controls' },
      h('div', { class: 'seg', role: 'group', 'aria-label': t('door-action-label') }, actionButtons),
      h('label', { class: 'visually-hidden', for: 'door-place' }, t('door-place-label')),
      placeSelect,
      h('span', { class: 'device-chip', title: t('door-device-chip-help') }, deviceName())),
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
