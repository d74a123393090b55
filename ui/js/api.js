// The API client: bearer token (refreshed on 401, once), X-Account-Id, JSON in and out,
// retries of safe requests, a progress bar for slow ones, and errors turned into words.

import { language, t } from './i18n.js';
import * as auth from './auth.js';

let accountId = null;
let inFlight = 0;
let uploading = 0;
let progressTimer = null;
const connectivity = new Set();
let lastReachable = null;

// ---- Paths ------------------------------------------------------------------------------
// Every path of the server the UI calls is spelt here, and only here: screens ask
// `api.get(api.paths.attendee(eventId, id))`, never a string of their own. (The OAuth
// endpoints, /oauth/authorize, /oauth/token and /oauth/revoke, are auth.js's alone.)
const V2 = '/api/v2';
const eventBase = (eventId) => `${V2}/events/${eventId}`;

export const paths = {
  me: () => `${V2}/me`,
  account: () => `${V2}/account`,
  /** The API reference (a page, for a link). */
  docs: () => `${V2}/docs/`,

  // Events and what belongs to one.
  events: () => `${V2}/events`,
  event: eventBase,
  checkInStats: (eventId) => `${eventBase(eventId)}/check_in_stats`,
  checkInStream: (eventId) => `${eventBase(eventId)}/check_ins/stream`,
  sessions: (eventId) => `${eventBase(eventId)}/sessions`,
  session: (eventId, id) => `${eventBase(eventId)}/sessions/${id}`,
  registrationTypes: (eventId) => `${eventBase(eventId)}/registration_types`,
  registrationType: (eventId, id) => `${eventBase(eventId)}/registration_types/${id}`,
  attendeeFields: (eventId) => `${eventBase(eventId)}/attendee_fields`,
  attendeeField: (eventId, id) => `${eventBase(eventId)}/attendee_fields/${id}`,
  attendeeFieldAnswerCount: (eventId, id) => `${eventBase(eventId)}/attendee_fields/${id}/answer_count`,
  attendees: (eventId) => `${eventBase(eventId)}/attendees`,
  attendee: (eventId, id) => `${eventBase(eventId)}/attendees/${id}`,
  /** POST checks in, PATCH checks out, DELETE undoes a check-in. */
  checkIn: (eventId, attendeeId) => `${eventBase(eventId)}/attendees/${attendeeId}/check_in`,
  attendeeCheckIns: (eventId, attendeeId) => `${eventBase(eventId)}/attendees/${attendeeId}/check_ins`,
  attendeeQr: (eventId, attendeeId) => `${eventBase(eventId)}/attendees/${attendeeId}/qr.png`,
  attendeeBadge: (eventId, attendeeId) => `${eventBase(eventId)}/attendees/${attendeeId}/badge`,
  scans: (eventId) => `${eventBase(eventId)}/scans`,
  importAttendees: (eventId) => `${eventBase(eventId)}/imports/attendees`,
  exportAttendees: (eventId) => `${eventBase(eventId)}/exports/attendees.csv`,
  exportCheckIns: (eventId) => `${eventBase(eventId)}/exports/check_ins.csv`,

  // The kiosk's own endpoints.
  setup: () => `${V2}/kiosk/setup`,
  demo: () => `${V2}/kiosk/demo`,
  clients: () => `${V2}/kiosk/clients`,
  client: (clientId) => `${V2}/kiosk/clients/${encodeURIComponent(clientId)}`,
  staff: () => `${V2}/kiosk/staff`,
  staffMember: (id) => `${V2}/kiosk/staff/${id}`,
  staffPassword: (id) => `${V2}/kiosk/staff/${id}/password`,
  sync: () => `${V2}/kiosk/sync`,
  syncConfig: () => `${V2}/kiosk/sync/config`,
  syncTest: () => `${V2}/kiosk/sync/test`,
  syncRun: () => `${V2}/kiosk/sync/run`,
  syncParked: (id) => `${V2}/kiosk/sync/parked/${id}`,
  syncParkedRetry: (id) => `${V2}/kiosk/sync/parked/${id}/retry`,
  hub: () => `${V2}/kiosk/hub`,
  hubFound: () => `${V2}/kiosk/hub/found`,
  hubJoin: () => `${V2}/kiosk/hub/join`,
  hubCodes: () => `${V2}/kiosk/hub/codes`,
  hubDevices: () => `${V2}/kiosk/hub/devices`,
  hubDevice: (clientId) => `${V2}/kiosk/hub/devices/${encodeURIComponent(clientId)}`,
  /** A camera frame to decode (outside /api/v2). */
  decode: (width, height) => `/kiosk/decode?width=${width}&height=${height}`,
};

export function setAccount(id) {
  accountId = id;
}

export function getAccount() {
  return accountId;
}

/** A request the person waits for (not a background one) or an upload is under way. */
export function busy() {
  return inFlight > 0 || uploading > 0;
}

/** fn(reachable: boolean) when the server becomes reachable or unreachable. */
export function onConnectivity(fn) {
  connectivity.add(fn);
  return () => connectivity.delete(fn);
}

const diskWatchers = new Set();
let lastDiskFull = false;

/** fn(full: boolean) when the server's disk fills up (writes answer 507) or has room again. */
export function onDiskFull(fn) {
  diskWatchers.add(fn);
  return () => diskWatchers.delete(fn);
}

function diskFull(yes) {
  if (lastDiskFull === yes) return;
  lastDiskFull = yes;
  for (const fn of diskWatchers) fn(yes);
}

/** Asks /healthz whether the disk is full (the state clears there once space is freed). */
export async function checkHealth() {
  try {
    const response = await fetch('/healthz', { cache: 'no-store' });
    if (response.status === 507) diskFull(true);
    else if (response.ok) diskFull(false);
  } catch (e) {
    // Unreachable: the connectivity badge says so.
  }
}

function reachable(yes) {
  if (lastReachable === yes) return;
  lastReachable = yes;
  for (const fn of connectivity) fn(yes);
}

export class ApiError extends Error {
  constructor({ status = 0, body = null, words, details = [], retryable = false }) {
    super(words);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.words = words;
    /** Humanised 422 messages (one per problem). */
    this.details = details;
    /** The server's raw 422 messages, to map beside inputs. */
    this.errors = body && Array.isArray(body.errors) ? body.errors : [];
    this.retryable = retryable;
  }
}

/** Upper-cases the first letter. */
function sentence(s) {
  const text = String(s || '').trim();
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** A 422 message without the member path: "item.email is not a valid email address" → "Not a valid email address". */
export function humanise(message) {
  let m = String(message);
  const match = m.match(/^item(?:\.[A-Za-z_]+|\[\d+\])*(?:\s*:\s*|\s+)(.*)$/s);
  if (match) {
    m = match[1];
    m = m.replace(/^is\s+/, '').replace(/^must\s+/, 'Must ');
  }
  return sentence(m);
}

// The words below are the UI's own (no answer, a status with nothing better to say); the
// server's own messages (`error`, a 422's `errors`) come in the UI's language already
// (Accept-Language) and are passed on as they are.
function wordsFor(status, body, method) {
  const serverSays = body && typeof body.error === 'string' ? body.error : null;
  switch (true) {
    case status === 0:
      return t('shell-error-network');
    case status === 400:
      return serverSays ? t('shell-error-rejected-detail', { detail: serverSays }) : t('shell-error-rejected');
    case status === 401:
      return t('shell-error-signed-out');
    case status === 403:
      return t('shell-error-forbidden');
    case status === 404:
      return serverSays ? t('shell-error-not-found-detail', { detail: serverSays }) : t('shell-error-not-found');
    case status === 408 || status === 503:
      return t('shell-error-timeout');
    case status === 409:
      return t('shell-error-conflict');
    case status === 413:
      return t('shell-error-too-large');
    case status === 422: {
      const errors = body && Array.isArray(body.errors) ? body.errors : [];
      if (errors.length === 1) return humanise(errors[0]);
      return method === 'GET' ? t('shell-error-rejected') : t('shell-error-check-entries');
    }
    case status === 429:
      return t('shell-error-too-many');
    case status === 507:
      return t('shell-error-disk-full');
    case status >= 500:
      return t('shell-error-server');
    default:
      // The status as it is (a code, not a number to format).
      return serverSays ? sentence(serverSays) : t('shell-error-unexpected', { status: String(status) });
  }
}

function progressStart(background) {
  if (background) return;
  inFlight += 1;
  if (inFlight === 1) {
    clearTimeout(progressTimer);
    progressTimer = setTimeout(() => {
      const bar = document.getElementById('progress');
      if (bar && inFlight > 0) bar.hidden = false;
    }, 250);
  }
}

function progressEnd(background) {
  if (background) return;
  inFlight = Math.max(0, inFlight - 1);
  if (inFlight === 0) {
    clearTimeout(progressTimer);
    const bar = document.getElementById('progress');
    if (bar) bar.hidden = true;
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** `path` with `query` ({k: v} where an array repeats the key; empty values are left out). */
function withQuery(path, query) {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    for (const one of Array.isArray(v) ? v : [v]) {
      if (one !== undefined && one !== null && one !== '') params.append(k, String(one));
    }
  }
  const qs = params.toString();
  return qs ? path + (path.includes('?') ? '&' : '?') + qs : path;
}

/** The file name of a `Content-Disposition: attachment` answer, else the path's last part. */
function filenameOf(response, path) {
  const cd = response.headers.get('Content-Disposition') || '';
  const star = cd.match(/filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/);
  if (star) {
    try { return decodeURIComponent(star[1].trim()); } catch (e) { /* fall through */ }
  }
  const plain = cd.match(/filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;\s]+)/);
  const name = plain ? (plain[1] ?? plain[2]) : '';
  return name || path.split('?')[0].split('/').pop() || 'download';
}

/**
 * request('GET', '/api/v2/events', {query, body, headers, raw, retries, timeout, background})
 * - body: a plain object (JSON), a Uint8Array/ArrayBuffer/Blob (octet-stream) or URLSearchParams.
 * - query: {k: v}; an array value repeats the key (`map=a&map=b`).
 * - raw: 'blob' | 'text' to get the body as that instead of JSON; 'file' for
 *   {blob, filename} (the name from `Content-Disposition`), for downloads.
 * - retries: how often to retry network errors, 5xx and 429 (default 2 for GET, else 0;
 *   give a write an Idempotency-Key header to make retrying it safe).
 */
export async function request(method, path, opts = {}) {
  const {
    query, body, raw, timeout = 15000, background = false,
  } = opts;
  const hasKey = opts.headers && opts.headers['Idempotency-Key'];
  const retries = opts.retries ?? (method === 'GET' || hasKey ? 2 : 0);
  const url = withQuery(path, query);
  // The server's messages and errors come in the screen's language.
  const headers = { Accept: 'application/json', 'Accept-Language': language(), ...(opts.headers || {}) };
  let payload;
  if (body instanceof Uint8Array || body instanceof ArrayBuffer || body instanceof Blob) {
    headers['Content-Type'] = headers['Content-Type'] || 'application/octet-stream';
    payload = body;
  } else if (body instanceof URLSearchParams) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  // A door device's machine token carries its account (and ignores the header).
  if (accountId !== null && accountId !== undefined && !auth.usingDevice()) headers['X-Account-Id'] = String(accountId);

  progressStart(background);
  try {
    let token;
    try {
      token = await auth.token();
    } catch (e) {
      throw new ApiError({ status: e.network ? 0 : 401, words: e.words || e.message, retryable: !!e.network });
    }
    let refreshed = false;
    for (let attempt = 0; ; attempt += 1) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeout);
      let response;
      try {
        response = await fetch(url, {
          method,
          headers: { ...headers, Authorization: `Bearer ${token}` },
          body: payload,
          signal: controller.signal,
          cache: 'no-store',
        });
      } catch (e) {
        clearTimeout(timer);
        reachable(false);
        if (attempt < retries) {
          await sleep(300 * 2 ** attempt);
          continue;
        }
        const timedOut = e && e.name === 'AbortError';
        throw new ApiError({
          status: 0,
          words: timedOut ? t('shell-error-timeout') : wordsFor(0),
          retryable: true,
        });
      }
      clearTimeout(timer);
      reachable(true);
      // Cleared only by /healthz (checkHealth), which looks for room: a POST that
      // answers 200 (a camera frame) says nothing about the disk.
      if (response.status === 507) diskFull(true);
      if (response.status === 401 && !refreshed) {
        refreshed = true;
        try {
          token = await auth.tokenAfter401(token);
        } catch (e) {
          throw new ApiError({ status: 401, words: e.words || wordsFor(401) });
        }
        attempt -= 1;
        continue;
      }
      // A full disk stays full for a retry: say so at once.
      const retryAfter = (response.status >= 500 && response.status !== 507) || response.status === 429;
      if (retryAfter && attempt < retries) {
        const after = Number(response.headers.get('Retry-After'));
        await sleep(Number.isFinite(after) && after > 0 ? Math.min(after, 5) * 1000 : 300 * 2 ** attempt);
        continue;
      }
      if (!response.ok) {
        let errBody = null;
        try { errBody = await response.json(); } catch (e) { errBody = null; }
        const details = response.status === 422 && errBody && Array.isArray(errBody.errors)
          ? errBody.errors.map(humanise) : [];
        throw new ApiError({
          status: response.status,
          body: errBody,
          words: wordsFor(response.status, errBody, method),
          details,
          retryable: response.status >= 500 || response.status === 429 || response.status === 409,
        });
      }
      if (raw === 'file') return { blob: await response.blob(), filename: filenameOf(response, path) };
      if (raw === 'blob') return await response.blob();
      if (raw === 'text') return await response.text();
      if (response.status === 204) return null;
      const text = await response.text();
      return text ? JSON.parse(text) : null;
    }
  } finally {
    progressEnd(background);
  }
}

export const get = (path, opts) => request('GET', path, opts);
export const post = (path, body, opts = {}) => request('POST', path, { ...opts, body });
export const patch = (path, body, opts = {}) => request('PATCH', path, { ...opts, body });
export const put = (path, body, opts = {}) => request('PUT', path, { ...opts, body });
export const del = (path, opts = {}) => request('DELETE', path, opts);

/** Every page of a paged list (for small lists such as events). */
export async function all(path, query = {}) {
  const items = [];
  for (let page = 1; page < 100; page += 1) {
    const res = await get(path, { query: { ...query, page, per_page: 100 } });
    items.push(...res.items);
    if (!res.metadata || page >= (res.metadata.total_pages || 1)) break;
  }
  return items;
}

/**
 * upload('POST', path, file, {query, headers, contentType, onProgress, onSent, signal, timeout})
 * Sends a file with XMLHttpRequest, for its upload progress: onProgress(sentBytes,
 * totalBytes) while the bytes go, onSent() once they are all sent (the server is then
 * working; it answers when done). Same bearer, account, one refresh on 401 and errors in
 * words as `request`; never retried (the caller offers "Try again"). Resolves to the
 * parsed JSON answer. An abort (`signal`) rejects with an ApiError whose `aborted` is true.
 */
export async function upload(method, path, file, opts = {}) {
  const {
    query, headers = {}, contentType = 'application/octet-stream', onProgress, onSent, signal, timeout = 600000,
  } = opts;
  const url = withQuery(path, query);
  let token;
  try {
    token = await auth.token();
  } catch (e) {
    throw new ApiError({ status: e.network ? 0 : 401, words: e.words || e.message, retryable: !!e.network });
  }
  const send = (bearer) => new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.timeout = timeout;
    xhr.setRequestHeader('Accept', 'application/json');
    // As in `request`: the server's messages come in the screen's language.
    xhr.setRequestHeader('Accept-Language', language());
    xhr.setRequestHeader('Content-Type', contentType);
    xhr.setRequestHeader('Authorization', `Bearer ${bearer}`);
    if (accountId !== null && accountId !== undefined && !auth.usingDevice()) xhr.setRequestHeader('X-Account-Id', String(accountId));
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    let sent = false;
    const allSent = () => {
      if (sent) return;
      sent = true;
      if (onSent) onSent();
    };
    xhr.upload.addEventListener('progress', (e) => {
      if (onProgress && e.lengthComputable) onProgress(e.loaded, e.total);
    });
    xhr.upload.addEventListener('load', allSent);
    xhr.addEventListener('load', () => {
      allSent();
      let body = null;
      try { body = xhr.responseText ? JSON.parse(xhr.responseText) : null; } catch (e) { body = null; }
      resolve({ status: xhr.status, body });
    });
    const fail = (words, extra = {}) => () => reject(new ApiError({ status: 0, words, retryable: true, ...extra }));
    xhr.addEventListener('error', fail(wordsFor(0)));
    xhr.addEventListener('timeout', fail(t('shell-error-timeout')));
    xhr.addEventListener('abort', () => {
      const e = new ApiError({ status: 0, words: t('shell-error-cancelled') });
      e.aborted = true;
      reject(e);
    });
    if (signal) {
      if (signal.aborted) {
        xhr.abort();
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(file);
  });
  let answer;
  uploading += 1;
  try {
    answer = await send(token);
    if (answer.status === 401) {
      try {
        token = await auth.tokenAfter401(token);
      } catch (e) {
        throw new ApiError({ status: 401, words: e.words || wordsFor(401) });
      }
      answer = await send(token);
    }
  } catch (e) {
    if (e instanceof ApiError && e.status === 0 && !e.aborted) reachable(false);
    throw e;
  } finally {
    uploading -= 1;
  }
  reachable(true);
  const { status, body } = answer;
  if (status >= 200 && status < 300) return body;
  throw new ApiError({
    status,
    body,
    words: wordsFor(status, body, method),
    details: status === 422 && body && Array.isArray(body.errors) ? body.errors.map(humanise) : [],
    retryable: status >= 500 || status === 429 || status === 409,
  });
}
