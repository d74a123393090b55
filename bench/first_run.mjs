// Run: node bench/first_run.mjs [BIN=target/debug/entrada] [RUNS=3]   (first start → door screen: demo path and connect path with 10,000 remote attendees; writes target/bench-first-run.json)
//
// What it measures, each run on a new database and a new browser context (Debian's
// Chromium driven by playwright-core from tests/e2e/node_modules, 1024x600, launched once
// before the runs, so the browser's own start is not counted):
//   (a) demo:    t0 = spawning `entrada serve` (no --demo, no user) → the page opened →
//                set-up filled and submitted → Get started → "Try it with a demo event" →
//                the door screen ready to scan.
//   (b) connect: untimed, a remote `entrada serve --demo --demo-attendees 10000
//                --rate-limit 0` (its demo client from its stdout); then t0 = spawning the
//                kiosk's `entrada serve` → set-up → "Connect to our event server" →
//                base_url `${remote}/api/v2`, auth_url `${remote}`, client id and secret →
//                Test connection → tick the event → "Connect and download" → the pull →
//                the door screen ready to scan.
// "Ready to scan" is the signal the e2e tests wait for: the door screen shown with its
// banner idle ("Ready to scan") and the ticket-code input visible, and the top bar's
// counter showing the event's total ("/ 300", "/ 10000"). Each mark is taken in the page
// (a MutationObserver, then the next animation frame and a task after it, i.e. once that
// frame was painted) on the epoch clock (performance.timeOrigin + now), as is t0 in Node.
// Typing and clicks are Playwright's (near-instant): the figures are the machine's time,
// not a person's reading and typing time.

import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import {
  mkdtempSync, rmSync, copyFileSync, chmodSync, writeFileSync, mkdirSync, existsSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { chromium } = await import(pathToFileURL(path.join(repoRoot, 'tests/e2e/node_modules/playwright-core/index.mjs')).href);

const argBin = process.argv[2] || 'target/debug/entrada';
const RUNS = Number(process.argv[3] || 3);
const REMOTE_ATTENDEES = 10000;
const VIEW = { width: 1024, height: 600 };
const ORGANISER = { name: 'Bench Organiser', email: 'bench@example.org', password: 'quiet harbour lantern 9' };
const binSource = path.isAbsolute(argBin) ? argBin : path.join(repoRoot, argBin);
if (!existsSync(binSource)) {
  console.error(`no binary at ${binSource}`);
  process.exit(2);
}

// A copy of the binary, so that a rebuild meanwhile does not disturb the runs (as bench/lib.sh).
const scratch = mkdtempSync(path.join(os.tmpdir(), 'entrada-bench-first-run-'));
const bin = path.join(scratch, 'entrada');
copyFileSync(binSource, bin);
chmodSync(bin, 0o755);

const now = () => performance.timeOrigin + performance.now();
const children = new Set();
process.on('exit', () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
});

/**
 * Spawns `entrada serve` on a new database on a free loopback port; resolves when the
 * stdout lines `until(info)` wants have come. info: {base, listenedAt, clientId, clientSecret}.
 */
function serve(args, until) {
  const dir = mkdtempSync(path.join(scratch, 'db-'));
  const child = spawn(bin, ['serve', '--db', path.join(dir, 'entrada.db'), '--bind', '127.0.0.1:0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ENTRADA_LOG: 'entrada=warn' },
  });
  children.add(child);
  let stderr = '';
  child.stderr.on('data', (d) => { stderr = (stderr + d).slice(-5000); });
  const info = { dir, child };
  info.stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => { child.once('exit', r); setTimeout(r, 5000); });
    }
    children.delete(child);
    rmSync(dir, { recursive: true, force: true });
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`entrada serve did not start in 300 s\n${stderr}`)), 300000);
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`entrada serve exited (${code})\n${stderr}`)); });
    createInterface({ input: child.stdout }).on('line', (line) => {
      let m;
      if ((m = line.match(/^listening on (http:\/\/\S+)/))) { info.base = m[1]; info.listenedAt = now(); }
      if ((m = line.match(/^demo client_id: (\S+)/))) info.clientId = m[1];
      if ((m = line.match(/^demo client_secret: (\S+)/))) info.clientSecret = m[1];
      if (/^set up: /.test(line)) info.setUpLineAt = now();
      if (info.base && until(info)) {
        clearTimeout(timer);
        child.removeAllListeners('exit');
        resolve(info);
      }
    });
  });
}

/** Marks taken in the page (epoch ms), on every document the context opens. */
function installMarks({ total }) {
  const stamp = () => performance.timeOrigin + performance.now();
  const marks = {};
  window.__benchMarks = marks;
  const pending = new Set();
  // The time the frame showing it was painted: the task after the next animation frame.
  const mark = (name) => {
    if (marks[name] || pending.has(name)) return;
    pending.add(name);
    requestAnimationFrame(() => setTimeout(() => { marks[name] = stamp(); }, 0));
  };
  const visible = (sel) => {
    const el = document.querySelector(sel);
    return !!el && el.checkVisibility();
  };
  const check = () => {
    if (visible('[data-testid="setup-screen"]') && visible('[data-testid="setup-submit"]')) mark('setup');
    if (visible('[data-testid="start-screen"]')) mark('start');
    if (visible('[data-testid="connect-message"][data-ok="true"]') && visible('[data-testid="connect-event"]')) mark('tested');
    const words = document.querySelector('[data-testid="connect-progress-words"]');
    if (words && /^Downloading: /.test(words.textContent)) mark('firstProgress');
    if (words && /^Downloaded/.test(words.textContent)) mark('downloaded');
    if (visible('[data-testid="door-screen"]') && visible('[data-testid="scan-result"][data-outcome="idle"]') && visible('[data-testid="manual-code"]')) {
      mark('doorShown');
      const counters = document.getElementById('counters');
      if (counters && counters.textContent.includes(`/ ${total}`)) mark('door');
    }
  };
  new MutationObserver(check).observe(document, {
    subtree: true, childList: true, attributes: true, characterData: true,
  });
}

async function newPage(browser, base, total) {
  const context = await browser.newContext({ viewport: VIEW, permissions: ['camera'] });
  await context.grantPermissions(['camera'], { origin: base });
  await context.addInitScript(installMarks, { total });
  const page = await context.newPage();
  page.setDefaultTimeout(300000);
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  return { context, page, problems };
}

const marksOf = (page) => page.evaluate(() => ({ ...window.__benchMarks }));
async function waitMark(page, name) {
  await page.waitForFunction((n) => window.__benchMarks && window.__benchMarks[n], name, { timeout: 300000, polling: 50 });
}

/** Opens the page, fills and submits the set-up; returns the node-side times around it. */
async function setUp(page, base) {
  await page.goto(`${base}/`);
  await waitMark(page, 'setup');
  await page.getByTestId('setup-name').fill(ORGANISER.name);
  await page.getByTestId('setup-email').fill(ORGANISER.email);
  await page.getByTestId('setup-password').fill(ORGANISER.password);
  const submitAt = now();
  await page.getByTestId('setup-submit').click();
  await waitMark(page, 'start');
  return submitAt;
}

async function runDemo(browser) {
  const t0 = now();
  const kiosk = await serve([], (i) => i.setUpLineAt);
  try {
    const { context, page, problems } = await newPage(browser, kiosk.base, 300);
    const openAt = now();
    const submitAt = await setUp(page, kiosk.base);
    const choiceAt = now();
    await page.getByTestId('start-demo').click();
    await waitMark(page, 'door');
    const m = await marksOf(page);
    await context.close();
    if (problems.length) throw new Error(`page errors: ${problems.join('; ')}`);
    return {
      total_ms: m.door - t0,
      server_listening_ms: kiosk.listenedAt - t0,
      page_context_ms: openAt - kiosk.listenedAt,
      start_to_setup_shown_ms: m.setup - t0,
      setup_submit_to_get_started_ms: m.start - submitAt,
      choice_to_door_ready_ms: m.door - choiceAt,
      choice_to_door_shown_ms: m.doorShown - choiceAt,
      input_and_polling_ms: (m.door - t0) - (m.setup - t0) - (m.start - submitAt) - (m.door - choiceAt),
    };
  } finally {
    await kiosk.stop();
  }
}

async function remoteEvent(remote) {
  const res = await fetch(`${remote.base}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials', client_id: remote.clientId, client_secret: remote.clientSecret, scope: 'read',
    }),
  });
  const token = (await res.json()).access_token;
  const events = await (await fetch(`${remote.base}/api/v2/events?per_page=100`, { headers: { Authorization: `Bearer ${token}` } })).json();
  const ev = events.items.find((e) => e.attendee_count === REMOTE_ATTENDEES);
  if (!ev) throw new Error(`no remote event with ${REMOTE_ATTENDEES} attendees: ${JSON.stringify(events.items.map((e) => [e.name, e.attendee_count]))}`);
  return ev;
}

async function runConnect(browser) {
  const remote = await serve(['--demo', '--demo-attendees', String(REMOTE_ATTENDEES), '--rate-limit', '0'], (i) => i.clientId && i.clientSecret);
  let kiosk = null;
  try {
    const ev = await remoteEvent(remote);
    const t0 = now();
    kiosk = await serve([], (i) => i.setUpLineAt);
    const { context, page, problems } = await newPage(browser, kiosk.base, ev.attendee_count);
    const openAt = now();
    const submitAt = await setUp(page, kiosk.base);
    const choiceAt = now();
    await page.getByTestId('start-connect').click();
    await page.getByTestId('connect-form').waitFor();
    await page.getByTestId('connect-base_url').fill(`${remote.base}/api/v2`);
    await page.getByTestId('connect-auth_url').fill(remote.base);
    await page.getByTestId('connect-client_id').fill(remote.clientId);
    await page.getByTestId('connect-client_secret').fill(remote.clientSecret);
    const testAt = now();
    await page.getByTestId('connect-test').click();
    await waitMark(page, 'tested');
    await page.locator(`[data-testid="connect-event"][data-remote-id="${ev.id}"]`).check();
    let runAnsweredAt = null;
    page.on('response', (res) => {
      if (res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/v2/kiosk/sync/run' && res.ok()) runAnsweredAt = now();
    });
    const connectAt = now();
    await page.getByTestId('connect-start').click();
    await waitMark(page, 'downloaded');
    await waitMark(page, 'door');
    const m = await marksOf(page);
    await context.close();
    if (problems.length) throw new Error(`page errors: ${problems.join('; ')}`);
    return {
      total_ms: m.door - t0,
      server_listening_ms: kiosk.listenedAt - t0,
      page_context_ms: openAt - kiosk.listenedAt,
      start_to_setup_shown_ms: m.setup - t0,
      setup_submit_to_get_started_ms: m.start - submitAt,
      choice_to_door_ready_ms: m.door - choiceAt,
      test_connection_ms: m.tested - testAt,
      pull_ms: m.downloaded - connectAt,
      pull_run_answered_ms: runAnsweredAt ? runAnsweredAt - connectAt : null,
      pull_first_progress_ms: m.firstProgress ? m.firstProgress - connectAt : null,
      downloaded_to_door_ready_ms: m.door - m.downloaded,
      input_and_polling_ms: (m.door - t0) - (m.setup - t0) - (m.start - submitAt) - (m.door - choiceAt),
    };
  } finally {
    await kiosk?.stop();
    await remote.stop();
  }
}

function stats(values) {
  const v = values.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return null;
  const mid = Math.floor(v.length / 2);
  const median = v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
  const r = (x) => Math.round(x);
  return { median_ms: r(median), min_ms: r(v[0]), max_ms: r(v[v.length - 1]), n: v.length };
}

const LABELS = {
  total_ms: 'TOTAL first start → door ready to scan',
  server_listening_ms: '  server start → listening',
  page_context_ms: '  listening → browser context made (camera grant)',
  start_to_setup_shown_ms: '  server start → set-up shown',
  setup_submit_to_get_started_ms: '  set-up submit → Get started',
  choice_to_door_ready_ms: '  choice → door ready',
  choice_to_door_shown_ms: '    (choice → door shown, before the counter)',
  test_connection_ms: '    Test connection → events listed',
  pull_ms: '    pull: "Connect and download" → "Downloaded"',
  pull_first_progress_ms: '    (… → first progress shown)',
  pull_run_answered_ms: '    (… → POST /api/v2/kiosk/sync/run answered)',
  downloaded_to_door_ready_ms: '    downloaded → door ready',
  input_and_polling_ms: '  rest: Playwright typing/clicks and mark polling',
};

const load = os.loadavg();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage',
    '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
});
const runs = { demo: [], connect: [] };
try {
  for (let i = 0; i < RUNS; i += 1) {
    runs.demo.push(await runDemo(browser));
    console.error(`demo run ${i + 1}: ${Math.round(runs.demo[i].total_ms)} ms`);
    runs.connect.push(await runConnect(browser));
    console.error(`connect run ${i + 1}: ${Math.round(runs.connect[i].total_ms)} ms (pull ${Math.round(runs.connect[i].pull_ms)} ms)`);
  }
} finally {
  await browser.close();
}

const summary = {};
for (const [pathName, list] of Object.entries(runs)) {
  summary[pathName] = {};
  for (const key of Object.keys(list[0])) {
    summary[pathName][key] = stats(list.map((r) => r[key]));
  }
}

const rel = path.relative(repoRoot, binSource);
const build = /\/release\//.test(binSource) ? 'release' : /\/debug\//.test(binSource) ? 'debug' : 'unknown';
console.log(`\nFirst start → door screen, ${RUNS} runs each; binary ${rel} (${build}); ${os.cpus().length} cores, load average ${load.map((x) => x.toFixed(2)).join(' ')} at start`);
const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);
console.log(`${pad('path', 9)}${pad('step', 50)}${lpad('median ms', 10)}  ${'range ms'}`);
for (const [pathName, rows] of Object.entries(summary)) {
  const title = pathName === 'connect' ? `connect (${REMOTE_ATTENDEES.toLocaleString('en')} remote attendees)` : 'demo';
  console.log(title);
  for (const [key, s] of Object.entries(rows)) {
    if (!s) continue;
    console.log(`${pad('', 9)}${pad(LABELS[key] || key, 50)}${lpad(s.median_ms, 10)}  ${s.min_ms}–${s.max_ms}`);
  }
}

const out = path.join(repoRoot, 'target', 'bench-first-run.json');
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify({
  date: new Date().toISOString(),
  binary: rel,
  build,
  runs_per_path: RUNS,
  remote_attendees: REMOTE_ATTENDEES,
  machine: {
    cores: os.cpus().length, cpu: os.cpus()[0]?.model, memory_gib: Math.round(os.totalmem() / 2 ** 30), loadavg_at_start: load, loadavg_at_end: os.loadavg(), node: process.version,
  },
  viewport: VIEW,
  method: 'see the header of bench/first_run.mjs: t0 = spawning the kiosk’s `entrada serve` on a new database; marks taken in the page after the frame showing them was painted; door ready = door screen + idle banner + ticket-code input visible + counter “/ total”; Playwright input (no human time)',
  summary,
  runs,
}, null, 2)}\n`);
console.log(`\nwritten: ${path.relative(repoRoot, out)}`);
