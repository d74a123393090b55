// Short sounds per scan outcome, made with WebAudio (no files). Browsers start audio only
// after a user gesture, so the context is created on the first tap or key press.

let ctx = null;
let muted = localStorage.getItem('entrada.muted') === '1';

function context() {
  if (!ctx) {
    const AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return null;
    try { ctx = new AC(); } catch (e) { return null; }
  }
  if (ctx.state === 'suspended') ctx.resume().catch(() => {});
  return ctx;
}

/** Unlocks audio on the first gesture. */
export function armAudio() {
  const unlock = () => {
    context();
    window.removeEventListener('pointerdown', unlock, true);
    window.removeEventListener('keydown', unlock, true);
  };
  window.addEventListener('pointerdown', unlock, true);
  window.addEventListener('keydown', unlock, true);
}

export function isMuted() {
  return muted;
}

export function setMuted(value) {
  muted = !!value;
  localStorage.setItem('entrada.muted', muted ? '1' : '0');
}

function tone(ac, freq, start, duration, type = 'sine', gain = 0.18) {
  const osc = ac.createOscillator();
  const amp = ac.createGain();
  osc.type = type;
  osc.frequency.value = freq;
  const t0 = ac.currentTime + start;
  amp.gain.setValueAtTime(0.0001, t0);
  amp.gain.exponentialRampToValueAtTime(gain, t0 + 0.015);
  amp.gain.exponentialRampToValueAtTime(0.0001, t0 + duration);
  osc.connect(amp).connect(ac.destination);
  osc.start(t0);
  osc.stop(t0 + duration + 0.02);
}

const PATTERNS = {
  // Two rising notes: welcome.
  ok: (ac) => { tone(ac, 880, 0, 0.12); tone(ac, 1320, 0.11, 0.16); },
  // One soft middle note twice: look at the screen.
  warn: (ac) => { tone(ac, 660, 0, 0.14, 'triangle'); tone(ac, 660, 0.2, 0.14, 'triangle'); },
  // A low buzz: stop.
  error: (ac) => { tone(ac, 220, 0, 0.35, 'square', 0.09); },
  // A short click for undo.
  undo: (ac) => { tone(ac, 520, 0, 0.08, 'triangle'); },
};

/** play('ok' | 'warn' | 'error' | 'undo') */
export function play(kind) {
  if (muted) return;
  const ac = context();
  if (!ac) return;
  try { (PATTERNS[kind] || PATTERNS.warn)(ac); } catch (e) { /* sound is a nicety */ }
}
