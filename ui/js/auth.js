// Sign-in: the authorization-code grant with PKCE (S256) for the built-in public client
// `entrada-kiosk`. The access token lives only in memory; the refresh token in
// sessionStorage (this tab only, gone with it) so that a reload keeps the person signed
// in; nothing goes to localStorage. Refresh tokens rotate on every use and presenting a
// spent one ends the sign-in, so there is only ever one refresh in flight.
//
// Door-device mode: an organiser hands the kiosk to the door. The device then holds client
// credentials of its own (scopes `read check_in`) in localStorage and gets its tokens
// with the client-credentials grant, so a reload or a restart keeps it a door device with
// nobody typing a passphrase. A person who signs in on a door device (to leave door mode,
// see screens/leave-door.js) is used instead of the device while signed in.

import { t, language } from './i18n.js';

const CLIENT_ID = 'entrada-kiosk';
const SCOPE = 'read write check_in';
const REFRESH_KEY = 'entrada.refresh_token';
const PKCE_KEY = 'entrada.pkce';

/**
 * The OAuth endpoints. This module is their one owner (api.js spells every other path of
 * the server); others read them from here.
 */
export const OAUTH = {
  authorize: '/oauth/authorize',
  token: '/oauth/token',
  revoke: '/oauth/revoke',
  callback: '/oauth/callback',
};

let accessToken = null;
let accessExpiresAt = 0;
let grantedScopes = [];
let refreshing = null;
let endedReason = null; // why the person's sign-in ended by itself, for the sign-in screen
const listeners = new Set();

export class AuthError extends Error {
  constructor(message, { signedOut = false, network = false, description = '' } = {}) {
    super(message);
    this.name = 'AuthError';
    this.signedOut = signedOut;
    this.network = network;
    this.words = message;
    this.description = description; // the server's error_description, when it gave one
  }
}

/** Called with no argument when the sign-in ends (expired, revoked, signed out). */
export function onSignedOut(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function emitSignedOut() {
  for (const fn of listeners) {
    try { fn(); } catch (e) { console.error(e); }
  }
}

export function redirectUri() {
  return `${location.origin}${OAUTH.callback}`;
}

function base64url(bytes) {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function randomString(n) {
  const bytes = new Uint8Array(n);
  crypto.getRandomValues(bytes);
  return base64url(bytes);
}

async function challengeOf(verifier) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

/** Sends the window to the server's sign-in page; it comes back to /oauth/callback. */
export async function startSignIn(returnTo = '#/door') {
  const verifier = randomString(48);
  const state = randomString(16);
  const challenge = await challengeOf(verifier);
  sessionStorage.setItem(PKCE_KEY, JSON.stringify({ verifier, state, returnTo }));
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: CLIENT_ID,
    redirect_uri: redirectUri(),
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
    scope: SCOPE,
    // The server's sign-in page speaks the kiosk's language, not the browser's.
    ui_locales: language(),
  });
  location.assign(`${OAUTH.authorize}?${params}`);
}

function oauthErrorWords(body, status) {
  const code = body && body.error;
  const description = body && body.error_description;
  if (status === 429) return t('signin-error-too-many');
  switch (code) {
    case 'invalid_grant':
      return t('signin-error-ended');
    case 'access_denied':
      return t('signin-error-cancelled');
    case 'invalid_scope':
      return t('signin-error-not-allowed');
    default:
      return description || (typeof code === 'string' ? t('signin-error-failed-code', { code: code.replace(/_/g, ' ') }) : t('signin-error-failed'));
  }
}

async function tokenRequest(form) {
  let response;
  try {
    response = await fetch(OAUTH.token, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams(form),
      cache: 'no-store',
      // No cookies are needed here; and without credentials a 401 that carries
      // `WWW-Authenticate: Basic` (refused client credentials) cannot make the browser
      // open its own password dialog: the refusal reaches this code.
      credentials: 'omit',
    });
  } catch (e) {
    throw new AuthError(t('signin-error-unreachable'), { network: true });
  }
  let body = null;
  try { body = await response.json(); } catch (e) { body = null; }
  if (!response.ok) {
    const signedOut = response.status === 400 || response.status === 401;
    throw new AuthError(oauthErrorWords(body, response.status), {
      signedOut,
      network: response.status >= 500 || response.status === 429,
      description: body && typeof body.error_description === 'string' ? body.error_description : '',
    });
  }
  return body;
}

function keep(tokens) {
  endedReason = null;
  accessToken = tokens.access_token;
  accessExpiresAt = Date.now() + (Number(tokens.expires_in) || 3600) * 1000;
  grantedScopes = String(tokens.scope || '').split(/\s+/).filter(Boolean);
  if (tokens.refresh_token) sessionStorage.setItem(REFRESH_KEY, tokens.refresh_token);
}

/**
 * On /oauth/callback: checks `state`, exchanges the code, and returns the route to go to.
 * Throws AuthError with words on failure.
 */
export async function finishSignIn() {
  const params = new URLSearchParams(location.search);
  let saved = null;
  try { saved = JSON.parse(sessionStorage.getItem(PKCE_KEY) || 'null'); } catch (e) { saved = null; }
  sessionStorage.removeItem(PKCE_KEY);
  if (params.get('error')) {
    throw new AuthError(oauthErrorWords({ error: params.get('error'), error_description: params.get('error_description') }, 400));
  }
  const code = params.get('code');
  if (!code || !saved || saved.state !== params.get('state')) {
    throw new AuthError(t('signin-error-link-invalid'));
  }
  const tokens = await tokenRequest({
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri(),
    client_id: CLIENT_ID,
    code_verifier: saved.verifier,
  });
  keep(tokens);
  return saved.returnTo || '#/door';
}

/** A fresh PKCE pair for a code the server hands out directly (first-run set-up). */
export async function pkcePair() {
  const verifier = randomString(48);
  return { verifier, challenge: await challengeOf(verifier) };
}

/**
 * Exchanges an authorization code made for `pkcePair()`'s challenge (the set-up answer's
 * `code`) exactly as finishSignIn does: the person is signed in with no second password.
 */
export async function signInWithCode(code, verifier) {
  const tokens = await tokenRequest({
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri(),
    client_id: CLIENT_ID,
    code_verifier: verifier,
  });
  keep(tokens);
}

/** A person is signed in on this tab (not the door device). */
export function hasPersonal() {
  return !!accessToken || !!sessionStorage.getItem(REFRESH_KEY);
}

export function hasSession() {
  return hasPersonal() || isDevice();
}

export function scopes() {
  return usingDevice() ? deviceScopes.slice() : grantedScopes.slice();
}

/** Gets a new access token with the refresh token; one at a time. */
export function refresh() {
  if (refreshing) return refreshing;
  const token = sessionStorage.getItem(REFRESH_KEY);
  if (!token) {
    return Promise.reject(new AuthError(t('signin-error-please-sign-in'), { signedOut: true }));
  }
  refreshing = (async () => {
    try {
      const tokens = await tokenRequest({ grant_type: 'refresh_token', refresh_token: token, client_id: CLIENT_ID });
      keep(tokens);
      return accessToken;
    } catch (e) {
      if (e.signedOut) {
        forget();
        endedReason = endedWords(e);
        emitSignedOut();
      }
      throw e;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/**
 * Why a refused refresh ended the sign-in, in words for the sign-in screen (the server's
 * error_description says which: revoked, disabled, expired, a spent token used again).
 */
function endedWords(e) {
  const why = String(e.description || '');
  if (/disabled/i.test(why)) {
    return t('signin-ended-disabled');
  }
  if (/already used/i.test(why)) {
    return t('signin-ended-reused');
  }
  if (/revoked/i.test(why)) {
    return t('signin-ended-revoked');
  }
  if (/expired/i.test(why)) return t('signin-ended-expired');
  return t('signin-ended');
}

/** Why the person's sign-in ended by itself (not signed out here), or null. */
export function signedOutReason() {
  return endedReason;
}

/** A usable access token, refreshed when it is about to expire. */
export async function token() {
  if (usingDevice()) {
    if (deviceAccess && Date.now() < deviceExpiresAt - 30_000) return deviceAccess;
    return deviceRefresh();
  }
  if (accessToken && Date.now() < accessExpiresAt - 30_000) return accessToken;
  return refresh();
}

/** The token a request was just refused with (401): get a new one unless it already changed. */
export async function tokenAfter401(used) {
  if (usingDevice()) {
    if (deviceAccess && deviceAccess !== used) return deviceAccess;
    deviceAccess = null;
    return deviceRefresh();
  }
  if (accessToken && accessToken !== used) return accessToken;
  accessToken = null;
  return refresh();
}

function forget() {
  accessToken = null;
  accessExpiresAt = 0;
  grantedScopes = [];
  sessionStorage.removeItem(REFRESH_KEY);
}

/**
 * Revokes both tokens at the server (best effort) and forgets them. The person's only: a
 * door device's credentials stay (leaving door mode is leaveDevice()).
 */
export async function signOut() {
  const tokens = [sessionStorage.getItem(REFRESH_KEY), accessToken].filter(Boolean);
  forget();
  endedReason = null;
  await Promise.all(tokens.map((t) => fetch(OAUTH.revoke, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: t, client_id: CLIENT_ID }),
  }).catch(() => null)));
}

// ---- Door-device mode -------------------------------------------------------------

const DEVICE_KEY = 'entrada.door_device';
const DEVICE_SCOPE = 'read check_in';

let deviceAccess = null;
let deviceExpiresAt = 0;
let deviceScopes = [];
let deviceRefreshing = null;
let deviceEnded = null;

/** This device's door credentials {client_id, client_secret, name, account_id}, or null. */
export function doorDevice() {
  try {
    const d = JSON.parse(localStorage.getItem(DEVICE_KEY) || 'null');
    return d && typeof d.client_id === 'string' && typeof d.client_secret === 'string' ? d : null;
  } catch (e) {
    return null;
  }
}

/** This device is a door device (whether or not a person is signed in over it). */
export function isDevice() {
  return !!doorDevice();
}

/** Requests go with the door device's token (no person signed in over it). */
export function usingDevice() {
  return isDevice() && !hasPersonal();
}

/** Keeps door credentials on this device; its tokens come from them from now on. */
export function becomeDevice({ client_id: clientId, client_secret: clientSecret, name = '', account_id: accountId = null }) {
  localStorage.setItem(DEVICE_KEY, JSON.stringify({
    client_id: clientId, client_secret: clientSecret, name, account_id: accountId,
  }));
  deviceAccess = null;
  deviceExpiresAt = 0;
  deviceScopes = [];
  deviceEnded = null;
}

/** Forgets the door credentials (the caller revokes them at the server first). */
export function leaveDevice() {
  localStorage.removeItem(DEVICE_KEY);
  deviceAccess = null;
  deviceExpiresAt = 0;
  deviceScopes = [];
}

/** Why door mode ended by itself (its credentials were revoked), for the sign-in screen. */
export function deviceEndedReason() {
  return deviceEnded;
}

export function clearDeviceEnded() {
  deviceEnded = null;
}

/**
 * A new door-device token (client credentials). Refused credentials (revoked, 400/401)
 * end door mode: they are forgotten and the sign-in ends, with a reason to show.
 */
export function deviceRefresh() {
  if (deviceRefreshing) return deviceRefreshing;
  const device = doorDevice();
  if (!device) return Promise.reject(new AuthError(t('signin-error-please-sign-in'), { signedOut: true }));
  deviceRefreshing = (async () => {
    try {
      const tokens = await tokenRequest({
        grant_type: 'client_credentials',
        client_id: device.client_id,
        client_secret: device.client_secret,
        scope: DEVICE_SCOPE,
      });
      deviceAccess = tokens.access_token;
      deviceExpiresAt = Date.now() + (Number(tokens.expires_in) || 3600) * 1000;
      deviceScopes = String(tokens.scope || DEVICE_SCOPE).split(/\s+/).filter(Boolean);
      return deviceAccess;
    } catch (e) {
      if (!e.signedOut) throw e;
      leaveDevice();
      deviceEnded = t('signin-ended-device-revoked');
      if (!hasPersonal()) emitSignedOut();
      throw new AuthError(deviceEnded, { signedOut: true });
    } finally {
      deviceRefreshing = null;
    }
  })();
  return deviceRefreshing;
}
