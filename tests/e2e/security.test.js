// Browser-level security of the pages the server renders itself, and of the sign-in post:
// - the API docs (Swagger UI) work under their strict Content-Security-Policy: the
//   operations render and nothing reports a CSP violation;
// - the printable badge shows an attendee's name that is HTML/script as plain text (in the
//   title too), runs no script, carries `frame-ancestors 'none'`, and another site cannot
//   frame it;
// - sign-in posts sent from another web site (a page the kiosk's browser opens) are
//   refused with a 403 before any password is checked, so 25 wrong passwords posted that
//   way do not lock the organiser out: the normal sign-in through the kiosk UI still works;
// - a full disk is told at the door (the scan's message, the "Disk full" badge) and clears
//   by itself once space is freed (needs root for a small tmpfs; skipped otherwise).

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { spawn, execFileSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { startServer, launch, newPage, signIn, screenshot, api, machineToken, painted } from './helpers.js';

const HOSTILE_NAME = '</title><script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">';
const CROSS_SITE_POSTS = 25;

/** A page context recording CSP violations (console, events) and page errors. */
async function watchedPage(browser, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations.push(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'}`
        + ` at ${e.sourceFile || e.documentURI}:${e.lineNumber} sample=${JSON.stringify(e.sample || '')}`);
    });
  });
  const page = await context.newPage();
  page.cspMessages = [];
  page.errors = [];
  page.on('console', (msg) => {
    if (/Content.Security.Policy|Refused to/i.test(msg.text())) page.cspMessages.push(msg.text());
  });
  page.on('pageerror', (e) => page.errors.push(e.message));
  return page;
}

/** A tiny server of another site (`localhost:<port>`, Entrada is at 127.0.0.1). */
async function foreignSite(pages) {
  const server = createServer((req, res) => {
    const body = pages[new URL(req.url, 'http://x').pathname];
    res.writeHead(body ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(body || 'not found');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://localhost:${server.address().port}`, close: () => new Promise((r) => server.close(r)) };
}

const escapeAttr = (s) => String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

describe('security', () => {
  let server;
  let browser;
  let foreign;
  const foreignPages = {};

  before(async () => {
    server = await startServer();
    browser = await launch();
    foreign = await foreignSite(foreignPages);
    assert.notEqual(new URL(foreign.origin).hostname, new URL(server.base).hostname, 'the other site is another site');
  });

  after(async () => {
    await browser?.close();
    await foreign?.close();
    await server?.stop();
  });

  it('API docs render under their Content-Security-Policy with no violation', async () => {
    const page = await watchedPage(browser);
    const response = await page.goto(`${server.base}/api/v2/docs/`);
    assert.equal(response.status(), 200);
    const csp = response.headers()['content-security-policy'] || '';
    assert.match(csp, /default-src 'none'/, `the docs carry the strict policy: ${csp}`);
    assert.match(csp, /frame-ancestors 'none'/);
    await page.locator('.opblock').first().waitFor({ timeout: 15000 });
    await page.waitForFunction(() => document.body.innerText.includes('/events'));
    // A violation event is dispatched asynchronously: give late ones the frames that
    // follow and a moment more to arrive.
    await painted(page);
    await page.waitForTimeout(200);
    const events = await page.evaluate(() => window.__cspViolations);
    await screenshot(page, 'security-api-docs');
    assert.deepEqual([...events, ...page.cspMessages], [], 'no CSP violation on the API docs');
    assert.deepEqual(page.errors, [], 'no uncaught error on the API docs');
    // Swagger UI's OAuth2 redirect page has one inline script, allowed by its hash.
    await page.goto(`${server.base}/api/v2/docs/oauth2-redirect.html`);
    await painted(page);
    await page.waitForTimeout(200);
    const redirectEvents = await page.evaluate(() => window.__cspViolations);
    assert.deepEqual([...redirectEvents, ...page.cspMessages], [], 'no CSP violation on oauth2-redirect.html');
    await page.context().close();
  });

  it('the badge shows a hostile name as text, runs no script and cannot be framed', async () => {
    // The demo form has required questions: answer them as a demo attendee did.
    const [someone] = (await api(server, 'GET', '/api/v2/events/1/attendees?per_page=1')).items;
    const fields = (someone.fields || []).map((f) => ({ attendee_field_id: f.field.id, value: f.value }));
    const created = await api(server, 'POST', '/api/v2/events/1/attendees', {
      item: { first_name: HOSTILE_NAME, last_name: 'Tester', fields },
    });
    const id = created.item.id;
    const badgeUrl = `${server.base}/api/v2/events/1/attendees/${id}/badge`;
    const token = await machineToken(server);

    const page = await watchedPage(browser, { extraHTTPHeaders: { Authorization: `Bearer ${token}` } });
    const response = await page.goto(badgeUrl);
    assert.equal(response.status(), 200);
    const csp = response.headers()['content-security-policy'] || '';
    assert.match(csp, /frame-ancestors 'none'/, `the badge's policy forbids framing: ${csp}`);
    assert.match(csp, /default-src 'none'/, 'the badge allows no script at all');
    assert.doesNotMatch(csp, /script-src/, 'the badge allows no script at all');
    // Escaped in the HTML itself (the policy is a second line of defence, not the first).
    const html = await response.text();
    assert.ok(html.includes('&lt;/title&gt;&lt;script&gt;'), 'the name is escaped in the HTML');
    assert.ok(!html.includes('<script>window.__pwned'), 'no raw script of the name in the HTML');

    assert.equal(await page.evaluate(() => window.__pwned), undefined, 'no script of the name ran');
    assert.ok((await page.title()).includes('</title>'), `the title shows the name as text: ${await page.title()}`);
    assert.equal(await page.locator('.name').innerText(), `${HOSTILE_NAME} Tester`);
    assert.equal(await page.locator('script, img').count(), 0, 'no element was made of the name');
    assert.deepEqual(page.errors, []);
    await screenshot(page, 'security-badge');

    // Another site frames the badge (this context sends the token with every request, so
    // the server serves it): the browser refuses to show it.
    foreignPages['/frame.html'] = `<!doctype html><title>framer</title><iframe id="f" src="${escapeAttr(badgeUrl)}" width="600" height="400"></iframe>`;
    const badgeServed = page.waitForResponse((r) => r.url() === badgeUrl);
    await page.goto(`${foreign.origin}/frame.html`);
    const servedStatus = (await badgeServed).status();
    assert.ok([200, 304].includes(servedStatus), `the server answered the framed request: ${servedStatus}`);
    await painted(page);
    await page.waitForTimeout(200);
    const frame = page.frames().find((f) => f !== page.mainFrame());
    const shown = frame ? await frame.evaluate(() => document.body?.innerText || '').catch(() => '') : '';
    assert.ok(!shown.includes('Tester'), `the framed badge is not shown: ${shown.slice(0, 80)}`);
    assert.ok(page.cspMessages.some((m) => /frame-ancestors|X-Frame-Options/i.test(m)),
      `the browser refused the frame: ${page.cspMessages.join(' | ')}`);
    await page.context().close();
  });

  it('refuses sign-in posts from another site without locking the organiser out', async () => {
    const organiser = server.people.organiser;
    // A genuine form token (fetched from the sign-in page as any reader of it could): the
    // post is refused for where it comes from, not for a missing token.
    const params = {
      response_type: 'code',
      client_id: 'entrada-kiosk',
      redirect_uri: `${server.base}/oauth/callback`,
      code_challenge: createHash('sha256').update(randomBytes(32)).digest('base64url'),
      code_challenge_method: 'S256',
      state: randomBytes(12).toString('base64url'),
      scope: 'read write check_in',
    };
    assert.equal(params.code_challenge.length, 43);
    const signInHtml = await (await fetch(`${server.base}/oauth/authorize?${new URLSearchParams(params)}`)).text();
    const csrf = signInHtml.match(/name="csrf_token" value="([^"]+)"/)?.[1];
    assert.ok(csrf, 'the sign-in page carries a form token');
    const fields = { ...params, csrf_token: csrf, email: organiser.email, password: 'wrong' };
    foreignPages['/attack.html'] = `<!doctype html><title>win a prize</title>
      <form id="f" method="post" action="${escapeAttr(`${server.base}/oauth/authorize`)}">
      ${Object.entries(fields).map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeAttr(v)}">`).join('\n')}
      </form><script>document.getElementById('f').submit();</script>`;

    const page = await newPage(browser, { server });
    const statuses = [];
    for (let i = 0; i < CROSS_SITE_POSTS; i += 1) {
      const landed = page.waitForResponse((r) => r.url() === `${server.base}/oauth/authorize` && r.request().method() === 'POST');
      await page.goto(`${foreign.origin}/attack.html`);
      const res = await landed;
      if (i === 0) {
        const origin = await res.request().headerValue('origin');
        assert.equal(origin, foreign.origin, 'the post came from the other site');
      }
      await page.waitForURL(`${server.base}/oauth/authorize`);
      await page.getByText('sent from another web site').waitFor();
      statuses.push(res.status());
    }
    await screenshot(page, 'security-cross-site-sign-in');
    assert.deepEqual(statuses, Array(CROSS_SITE_POSTS).fill(403), 'every cross-site post is refused with 403');

    // The organiser signs in normally: not locked out.
    page.problems.length = 0;
    await signIn(page, server, 'organiser', { pickEvent: false });
    // Signed in, the organiser lands on the door (the demo server has one event).
    const outcome = page.getByTestId('door-screen').or(page.locator('#error'));
    await outcome.first().waitFor();
    const error = await page.locator('#error').count() ? await page.locator('#error').innerText() : '';
    assert.equal(error, '', 'the sign-in is accepted');
    await page.getByTestId('door-screen').waitFor();
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });
});

describe('a full disk at the door', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'entrada-e2e-full-'));
  let mounted = false;
  let child;
  let browser;

  before(() => {
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', dir], { stdio: 'pipe' });
      mounted = true;
    } catch (e) {
      // Not root: the server side is covered by tests/hardening.rs (which also knows unshare).
    }
  });

  after(async () => {
    await browser?.close();
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => { child.once('exit', r); setTimeout(r, 5000); });
    }
    if (mounted) execFileSync('umount', [dir], { stdio: 'pipe' });
    rmSync(dir, { recursive: true, force: true });
  });

  it('tells the door the disk is full and carries on once space is freed', async (t) => {
    if (!mounted) {
      t.skip('mounting a small tmpfs needs root');
      return;
    }
    const bin = process.env.ENTRADA_BIN || 'target/debug/entrada';
    child = spawn(bin, ['serve', '--db', path.join(dir, 'e.db'), '--bind', '127.0.0.1:0', '--demo', '--rate-limit', '0'], {
      stdio: ['ignore', 'pipe', 'ignore'], env: { ...process.env, ENTRADA_LOG: 'entrada=off' },
    });
    const server = { people: {} };
    await new Promise((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`entrada serve exited (${code})`)));
      createInterface({ input: child.stdout }).on('line', (line) => {
        let m;
        if ((m = line.match(/^listening on (\S+)/))) server.base = m[1];
        else if ((m = line.match(/^demo client_id: (\S+)/))) server.clientId = m[1];
        else if ((m = line.match(/^demo client_secret: (\S+)/))) server.clientSecret = m[1];
        else if ((m = line.match(/^demo (\w+) sign-in: (\S+) \/ (\S+)/))) server.people[m[1]] = { email: m[2], password: m[3] };
        if (server.people.door && server.people.organiser) resolve();
      });
    });
    child.removeAllListeners('exit');
    browser = await launch();
    const page = await newPage(browser, { width: 1024, height: 600 });
    await signIn(page, server, 'door');
    const [guest] = (await api(server, 'GET', '/api/v2/events/1/attendees?per_page=1')).items;

    // Fill the disk to the last block.
    const fillers = [];
    for (const size of [256 * 1024, 4096]) {
      try {
        for (;;) {
          const file = path.join(dir, `filler-${fillers.length}`);
          writeFileSync(file, Buffer.alloc(size));
          fillers.push(file);
        }
      } catch (e) {
        assert.equal(e.code, 'ENOSPC');
      }
    }
    const scan = async () => {
      await page.getByTestId('manual-code').fill(guest.qr_code);
      await page.getByTestId('manual-submit').click();
    };
    await scan();
    await page.getByTestId('scan-result').getByText('disk of this computer is full').waitFor();
    const badge = page.getByTestId('online-badge');
    await badge.getByText('Disk full').waitFor({ timeout: 15000 });
    await screenshot(page, 'security-disk-full');

    for (const file of fillers) rmSync(file, { force: true });
    // The badge asks /healthz every 10 s, which looks for room itself: no restart.
    await badge.getByText('Online').waitFor({ timeout: 15000 });
    await scan();
    await page.getByTestId('scan-result').getByText('Checked in').waitFor();
    assert.deepEqual(page.problems, []);
  });
});
