// Shared helpers of the end-to-end tests: a real `entrada serve` on a fresh database, a
// real Chromium (Debian's package, driven by playwright-core), sign-in, screenshots and
// timing files.

import { spawn, execFileSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const screenshotDir = path.join(repoRoot, 'target', 'ui-screenshots');
mkdirSync(screenshotDir, { recursive: true });

const bin = () => {
  const b = process.env.ENTRADA_BIN || 'target/debug/entrada';
  return path.isAbsolute(b) ? b : path.join(repoRoot, b);
};

/**
 * Starts `entrada serve --demo` on port 0 with a fresh database. Resolves once it printed
 * its address and the demo sign-ins. `demo: false`: a fresh `entrada serve` with no user
 * (the first run), resolved once it printed its address and the `set up:` line.
 */
export async function startServer({ extraArgs = [], restart = null, demo = true } = {}) {
  const dir = restart ? restart.dir : mkdtempSync(path.join(tmpdir(), 'entrada-e2e-'));
  const db = path.join(dir, 'e2e.db');
  const bind = restart ? new URL(restart.base).host : '127.0.0.1:0';
  const child = spawn(bin(), ['serve', '--db', db, '--bind', bind, ...(restart || !demo ? [] : ['--demo']), '--rate-limit', '0', ...extraArgs], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ENTRADA_LOG: process.env.ENTRADA_LOG || 'entrada=warn' },
  });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += d; if (stderr.length > 20000) stderr = stderr.slice(-20000); });
  const info = { dir, db, child, people: {} };
  const lines = createInterface({ input: child.stdout });
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`entrada serve did not start in 30 s\n${stderr}`)), 30000);
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`entrada serve exited (${code})\n${stderr}`)); });
    lines.on('line', (line) => {
      let m;
      if ((m = line.match(/^listening on (http:\/\/\S+)/))) info.base = m[1];
      else if ((m = line.match(/^demo client_id: (\S+)/))) info.clientId = m[1];
      else if ((m = line.match(/^demo client_secret: (\S+)/))) info.clientSecret = m[1];
      else if ((m = line.match(/^demo (\w+) sign-in: (\S+) \/ (\S+)/))) info.people[m[1]] = { email: m[2], password: m[3] };
      else if ((m = line.match(/^set up: (.*)$/))) info.setUpLine = m[1];
      else if ((m = line.match(/^hub listening on (https:\/\/\S+)/))) info.hubUrl = m[1];
      const ready = restart ? true : demo ? (info.clientSecret && info.people.organiser && info.people.door) : info.setUpLine;
      if (info.base && ready) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  child.removeAllListeners('exit');
  /** Stops the server, keeping its database (to start it again with `restart`). */
  info.halt = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => { child.once('exit', r); setTimeout(r, 5000); });
    }
  };
  info.stop = async () => {
    await info.halt();
    rmSync(dir, { recursive: true, force: true });
  };
  if (restart) {
    // The same address, database, clients and people: only the process is new.
    Object.assign(restart, { child, halt: info.halt, stop: info.stop });
    return restart;
  }
  return info;
}

/** Runs `entrada ARGS` (e.g. `hub code --db ...`) and answers its stdout. */
export function cli(args) {
  return execFileSync(bin(), args, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
}

/** Creates a user with the CLI (on the server's database), in account 1 unless told. */
export function createUser(server, { email, name, role, password, account = 1 }) {
  execFileSync(bin(), ['users', 'create', '--email', email, '--name', name, '--account', String(account), '--role', role, '--password-stdin', '--db', server.db], {
    input: `${password}\n`, stdio: ['pipe', 'pipe', 'pipe'],
  });
}

/** The users of the server's database (`entrada users list`), parsed. */
export function listUsers(server) {
  const out = execFileSync(bin(), ['users', 'list', '--db', server.db], { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
  return out.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
}

/** A machine token of the demo client (read write). */
export async function machineToken(server) {
  if (server.token) return server.token;
  const res = await fetch(`${server.base}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials', client_id: server.clientId, client_secret: server.clientSecret, scope: 'read write check_in',
    }),
  });
  if (!res.ok) {
    // The demo client may only have `read write`.
    const again = await fetch(`${server.base}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials', client_id: server.clientId, client_secret: server.clientSecret, scope: 'read write',
      }),
    });
    server.token = (await again.json()).access_token;
    return server.token;
  }
  server.token = (await res.json()).access_token;
  return server.token;
}

/**
 * A personal token of the demo organiser, by the sign-in page's own flow over HTTP (the
 * form's csrf_token, PKCE, the code exchanged at /oauth/token): for the routes that are
 * for people signed in as organisers, such as /api/v2/kiosk/clients.
 */
export async function organiserToken(server) {
  if (server.organiserToken) return server.organiserToken;
  const { email, password } = server.people.organiser;
  const verifier = randomBytes(32).toString('base64url');
  const params = {
    response_type: 'code', client_id: 'entrada-kiosk', redirect_uri: `${server.base}/oauth/callback`,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 'S256', state: 'e2e',
  };
  const page = await (await fetch(`${server.base}/oauth/authorize?${new URLSearchParams(params)}`)).text();
  const csrf = (page.match(/name="csrf_token" value="([^"]+)"/) || [])[1];
  if (!csrf) throw new Error(`no csrf_token on the sign-in page: ${page.slice(0, 300)}`);
  const signedIn = await fetch(`${server.base}/oauth/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.base },
    body: new URLSearchParams({ ...params, csrf_token: csrf, email, password }),
  });
  const code = new URL(signedIn.headers.get('location') || 'http://x/').searchParams.get('code');
  if (!code) throw new Error(`organiser sign-in failed: ${signedIn.status}`);
  const res = await fetch(`${server.base}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code', code, redirect_uri: params.redirect_uri, client_id: 'entrada-kiosk', code_verifier: verifier,
    }),
  });
  if (!res.ok) throw new Error(`code exchange: ${res.status} ${await res.text()}`);
  server.organiserToken = (await res.json()).access_token;
  return server.organiserToken;
}

/**
 * Calls the API with the machine token (or, `as: 'organiser'`, the demo organiser's
 * personal token in account 1); returns parsed JSON (or bytes with raw).
 */
export async function api(server, method, pathname, body, { raw = false, as = 'machine' } = {}) {
  const organiser = as === 'organiser';
  const token = organiser ? await organiserToken(server) : await machineToken(server);
  const res = await fetch(`${server.base}${pathname}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(organiser ? { 'X-Account-Id': '1' } : {}),
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (raw) return Buffer.from(await res.arrayBuffer());
  const text = await res.text();
  const json = text ? JSON.parse(text) : null;
  if (!res.ok) throw new Error(`${method} ${pathname}: ${res.status} ${text}`);
  return json;
}

/** Launches Debian's Chromium; `y4m` feeds the fake camera. */
export async function launch({ y4m } = {}) {
  const args = [
    '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage',
    '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream',
    '--autoplay-policy=no-user-gesture-required',
  ];
  if (y4m) args.push(`--use-file-for-fake-video-capture=${y4m}`);
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args,
  });
}

/** A new page that fails the test on uncaught page errors and CSP violations. */
export async function newPage(browser, { width = 1280, height = 800, server, locale } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, permissions: ['camera'], ...(locale ? { locale } : {}) });
  if (server) await context.grantPermissions(['camera'], { origin: server.base });
  const page = await context.newPage();
  page.problems = [];
  page.on('pageerror', (e) => page.problems.push(`pageerror: ${e.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/Failed to load resource/.test(msg.text())) page.problems.push(`console: ${msg.text()}`);
    if (/Content.Security.Policy|Refused to/.test(msg.text())) page.problems.push(`csp: ${msg.text()}`);
  });
  return page;
}

/**
 * Signs in through the real sign-in page and picks the demo event (the first one) when the
 * event picker shows: a person who can reach one event only lands on the door at once.
 * `path`: the page to open first (e.g. `/?desktop=1&kiosk=1` as the desktop app does).
 */
export async function signIn(page, server, role = 'organiser', { pickEvent = true, path: start = '/' } = {}) {
  const who = server.people[role] || role;
  await page.goto(`${server.base}${start}`);
  await page.getByTestId('sign-in').click();
  await page.waitForURL(/\/oauth\/authorize/);
  await page.locator('#email').fill(who.email);
  await page.locator('#password').fill(who.password);
  await page.locator('button[type="submit"]').click();
  if (!pickEvent) return;
  const door = page.getByTestId('door-screen');
  await door.or(page.getByTestId('events-screen')).first().waitFor();
  if (await door.count()) return;
  await page.getByTestId('event-option').first().click();
  await door.waitFor();
}

/**
 * Types a code the way a hardware scanner does, with the focus outside any input, and
 * resolves with the door's timing record of that scan (`window.__entradaTimings`).
 */
export async function scannerScan(page, code) {
  await page.evaluate(() => { if (document.activeElement && document.activeElement !== document.body) document.activeElement.blur(); });
  const before = await page.evaluate(() => window.__entradaTimings.length);
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  await page.waitForFunction((n) => window.__entradaTimings.length > n, before);
  return page.evaluate(() => window.__entradaTimings[window.__entradaTimings.length - 1]);
}

export async function screenshot(page, name) {
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: false });
}

/**
 * Waits until the page has painted what it has: every finite animation or transition
 * finished, then two frames. For checks of what is on the screen (contrast, overflow),
 * instead of a fixed wait (issue 42). Endless ones (a spinner) are not waited for.
 */
export async function painted(page) {
  await page.evaluate(() => new Promise((resolve) => {
    requestAnimationFrame(() => {
      const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
      Promise.all(finite.map((a) => a.finished.catch(() => null)))
        .then(() => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    });
  }));
}

/** Merges `values` into target/ui-screenshots/timings.json under `metric`. */
export function recordTimings(metric, data) {
  const file = path.join(screenshotDir, 'timings.json');
  let all = {};
  if (existsSync(file)) {
    try { all = JSON.parse(readFileSync(file, 'utf8')); } catch (e) { all = {}; }
  }
  all[metric] = data;
  writeFileSync(file, `${JSON.stringify(all, null, 2)}\n`);
}

export function percentile(values, p) {
  const sorted = values.slice().sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx];
}

export function summary(values) {
  const round = (x) => Math.round(x * 10) / 10;
  return {
    count: values.length,
    p50_ms: round(percentile(values, 50)),
    p95_ms: round(percentile(values, 95)),
    min_ms: round(Math.min(...values)),
    max_ms: round(Math.max(...values)),
  };
}

/** Confirmed attendees of the demo event, for codes that check in with outcome ok. */
export async function confirmedAttendees(server, count = 10, page = 1) {
  const res = await api(server, 'GET', `/api/v2/events/1/attendees?rsvp_status=confirmed&checkin_status=not_checked_in&per_page=${count}&page=${page}`);
  return res.items;
}

/**
 * Builds a y4m (uncompressed, what Chromium's fake camera reads) of a white 640x480 feed at
 * `fps` in which each PNG appears centred for `showS` seconds after `gapS` seconds of
 * white; the first appearance is after `leadS` seconds. Returns {file, appearances: [{start, end}]}.
 */
export function buildY4m(pngFiles, { out, fps = 15, leadS = 2, showS = 1.2, gapS = 0.8 } = {}) {
  const appearances = [];
  let t = leadS;
  for (let i = 0; i < pngFiles.length; i += 1) {
    appearances.push({ start: t, end: t + showS });
    t += showS + gapS;
  }
  const total = t;
  const inputs = ['-f', 'lavfi', '-i', `color=c=white:s=640x480:r=${fps}:d=${total.toFixed(2)}`];
  for (const f of pngFiles) inputs.push('-i', f);
  const chain = [];
  let last = '[0:v]';
  pngFiles.forEach((_, i) => {
    const { start, end } = appearances[i];
    const label = `[v${i + 1}]`;
    chain.push(`${last}[${i + 1}:v]overlay=x=(W-w)/2:y=(H-h)/2:enable='between(t,${start.toFixed(3)},${(end - 0.001).toFixed(3)})'${label}`);
    last = label;
  });
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...inputs,
    '-filter_complex', chain.join(';'), '-map', last, '-pix_fmt', 'yuv420p', '-r', String(fps), '-f', 'yuv4mpegpipe', out]);
  return { file: out, appearances, duration: total };
}

/** Visible controls smaller than a 44 px touch target (height), as "tag#testid text". */
export async function smallTargets(page) {
  return page.evaluate(() => {
    const out = [];
    for (const el of document.querySelectorAll('button, a[href], select, input, textarea, summary')) {
      if (el.closest('.print-area, dialog:not([open])')) continue;
      const type = (el.getAttribute('type') || '').toLowerCase();
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue; // hidden
      if (r.bottom < 0 || r.top > window.innerHeight) continue; // off screen
      if (el.classList.contains('skip-link')) continue;
      // A box or radio is hit through its label, which is the target.
      const target = (type === 'checkbox' || type === 'radio') ? (el.closest('label') || el) : el;
      const t = target.getBoundingClientRect();
      if (t.height < 44) out.push(`${el.tagName.toLowerCase()}${el.dataset.testid ? `#${el.dataset.testid}` : ''} "${(el.innerText || el.value || el.getAttribute('aria-label') || '').slice(0, 30)}" ${Math.round(t.height)}px`);
    }
    return out;
  });
}

/** WCAG contrast ratio of an element's text colour against its (first opaque) background. */
export async function contrastOf(locator) {
  // A screen may re-render the element just as it is read (the door's banner does when
  // the camera settles): a detached element has no computed colours, so read it again.
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const ratio = await contrastOnce(locator);
    if (Number.isFinite(ratio)) return ratio;
    await new Promise((done) => setTimeout(done, 100));
  }
  return contrastOnce(locator);
}

function contrastOnce(locator) {
  return locator.evaluate((el) => {
    const parse = (c) => (c.match(/[\d.]+/g) || []).map(Number);
    const lum = ([r, g, b]) => {
      const f = (v) => { const s = v / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    let bgEl = el;
    let bg = null;
    while (bgEl) {
      const c = parse(getComputedStyle(bgEl).backgroundColor);
      if (c.length >= 3 && (c.length === 3 || c[3] > 0.9)) { bg = c; break; }
      bgEl = bgEl.parentElement;
    }
    bg = bg || [255, 255, 255];
    const fg = parse(getComputedStyle(el).color);
    const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
    return Math.round(((a + 0.05) / (b + 0.05)) * 100) / 100;
  });
}
