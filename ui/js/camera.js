// The camera: a <video> preview, and a loop that grabs frames, turns them into 8-bit
// grayscale (at most 640 px wide) and sends them to POST /kiosk/decode, one at a time,
// several times a second.

import * as api from './api.js';
import { t } from './i18n.js';

const MAX_WIDTH = 640;
const CAPTURE_WIDTH = 640;
const CAPTURE_HEIGHT = 480;
const MIN_INTERVAL_MS = 90; // at most ~11 frames a second; decoding takes a few ms each

export class Camera {
  /**
   * @param {HTMLVideoElement} video
   * @param {(codes: Array, timing: object) => void} onCodes
   * @param {(state: string, detail?: string) => void} onState  'starting' | 'live' | 'paused'
   *   | 'none' (no camera here, or it is blocked: the scanner and the code box still work;
   *     the detail is why, when there is more to say than "no camera")
   *   | 'error' (a camera that could not start, e.g. in use by another program)
   */
  constructor(video, onCodes, onState) {
    this.video = video;
    this.onCodes = onCodes;
    this.onState = onState;
    this.stream = null;
    this.running = false;
    this.timer = null;
    this.canvas = document.createElement('canvas');
    this.ctx2d = this.canvas.getContext('2d', { willReadFrequently: true });
    this.gray = null;
    this.frames = 0;
    this.failures = 0;
  }

  static supported() {
    return !!(navigator.mediaDevices && navigator.mediaDevices.getUserMedia);
  }

  static async cameras() {
    if (!navigator.mediaDevices || !navigator.mediaDevices.enumerateDevices) return [];
    try {
      const devices = await navigator.mediaDevices.enumerateDevices();
      return devices.filter((d) => d.kind === 'videoinput');
    } catch (e) {
      return [];
    }
  }

  async start(deviceId) {
    this.stop();
    const seq = this.seq;
    if (!Camera.supported()) {
      this.onState('none', '');
      return;
    }
    this.onState('starting');
    // Frames are scaled to MAX_WIDTH for decoding anyway: asking the camera for about that
    // much spares the kiosk (a small PC) four times the pixels per frame in memory and
    // in the copy and gray conversion, with the same pixels reaching the decoder.
    const size = { width: { ideal: CAPTURE_WIDTH }, height: { ideal: CAPTURE_HEIGHT } };
    const video = deviceId
      ? { deviceId: { exact: deviceId }, ...size }
      : { facingMode: 'environment', ...size };
    let stream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video, audio: false });
    } catch (e) {
      if (seq !== this.seq) return; // stopped meanwhile
      const name = e && e.name;
      if (deviceId && (name === 'NotFoundError' || name === 'OverconstrainedError')) {
        // The remembered camera is gone (unplugged): any other will do.
        this.start();
        return;
      }
      if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotAllowedError'
        || name === 'SecurityError' || name === 'TypeError') {
        this.onState('none', name === 'NotAllowedError' || name === 'SecurityError'
          ? t('shell-camera-blocked')
          : '');
        return;
      }
      this.onState('error', t('shell-camera-failed'));
      return;
    }
    if (seq !== this.seq) {
      // Paused or left while the camera was starting.
      for (const track of stream.getTracks()) track.stop();
      return;
    }
    this.stream = stream;
    this.video.srcObject = this.stream;
    this.video.muted = true;
    this.video.playsInline = true;
    try { await this.video.play(); } catch (e) { /* autoplay of a muted stream is allowed */ }
    if (seq !== this.seq) return;
    this.running = true;
    this.onState('live');
    this.schedule(0);
  }

  stop() {
    this.seq = (this.seq || 0) + 1;
    this.running = false;
    clearTimeout(this.timer);
    this.timer = null;
    if (this.stream) {
      for (const track of this.stream.getTracks()) track.stop();
      this.stream = null;
    }
    if (this.video) this.video.srcObject = null;
  }

  pause() {
    this.stop();
    this.onState('paused');
  }

  schedule(ms) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.tick(), ms);
  }

  /** Grabs the current frame as grayscale bytes; null when no frame yet. */
  grab() {
    const v = this.video;
    if (!v || v.readyState < 2 || !v.videoWidth) return null;
    const scale = Math.min(1, MAX_WIDTH / v.videoWidth);
    const w = Math.max(1, Math.round(v.videoWidth * scale));
    const hgt = Math.max(1, Math.round(v.videoHeight * scale));
    if (this.canvas.width !== w || this.canvas.height !== hgt) {
      this.canvas.width = w;
      this.canvas.height = hgt;
    }
    this.ctx2d.drawImage(v, 0, 0, w, hgt);
    const rgba = this.ctx2d.getImageData(0, 0, w, hgt).data;
    const n = w * hgt;
    if (!this.gray || this.gray.length !== n) this.gray = new Uint8Array(n);
    const g = this.gray;
    for (let i = 0, j = 0; i < n; i += 1, j += 4) {
      // ITU-R BT.601 luma, in integers.
      g[i] = (rgba[j] * 77 + rgba[j + 1] * 150 + rgba[j + 2] * 29) >> 8;
    }
    return { bytes: g, width: w, height: hgt };
  }

  async tick() {
    if (!this.running) return;
    const started = performance.now();
    if (document.hidden) {
      this.schedule(500);
      return;
    }
    const frame = this.grab();
    if (frame) {
      this.frames += 1;
      try {
        const res = await api.post(api.paths.decode(frame.width, frame.height), frame.bytes, {
          background: true, retries: 0, timeout: 5000,
        });
        this.failures = 0;
        if (this.running && res && res.codes && res.codes.length) {
          this.onCodes(res.codes, { captureAt: started, decodedAt: performance.now(), decodeMs: res.decode_ms });
        }
      } catch (e) {
        this.failures += 1;
        if (e.status === 401 || e.status === 403) {
          this.stop();
          this.onState('error', e.words);
          return;
        }
      }
    }
    if (!this.running) return;
    const elapsed = performance.now() - started;
    // Back off while the server does not answer.
    const wait = this.failures > 0 ? Math.min(3000, 250 * this.failures) : Math.max(0, MIN_INTERVAL_MS - elapsed);
    this.schedule(wait);
  }
}
