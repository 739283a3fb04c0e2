// Shared set-up for the end-to-end tests: the built dist/ on a local static server, Debian's Chromium
// driven by playwright-core, and a record of console errors and of requests to any other host.
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../../scripts/serve.mjs';

export const DIST = path.resolve(process.env.DIST_DIR || 'dist');
/** The browser: `CHROMIUM` if set, else Debian's `/usr/bin/chromium`, else the first `chromium` on PATH
 * or `chromium-browser` (the set-up script installs Debian's only when none of these is there). */
export const CHROMIUM = process.env.CHROMIUM || findChromium();

function findChromium() {
  const debian = '/usr/bin/chromium';
  if (fs.existsSync(debian)) return debian;
  for (const dir of (process.env.PATH || '').split(path.delimiter)) {
    for (const name of ['chromium', 'chromium-browser']) {
      const candidate = path.join(dir, name);
      if (dir && fs.existsSync(candidate)) return candidate;
    }
  }
  return debian;
}

export const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

/**
 * Starts the server (on `root`, default dist/) and a browser; returns helpers. `close()` ends both.
 * `foreign` lists every request, from any page or service worker of the browser, to another origin.
 * `stopServer()` cuts the network at the server; `startServer()` brings it back on the same origin.
 * `serviceWorkers: 'block'` keeps the service worker out (it would answer requests a test holds back).
 */
export async function launch({ root = DIST, serviceWorkers = 'allow' } = {}) {
  if (!fs.existsSync(path.join(root, 'index.html'))) throw new Error(`${root}/index.html missing: run trunk build first`);
  const server = await startServer({ root });
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'planner-profile-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: FLAGS,
    viewport: { width: 1280, height: 900 }, serviceWorkers });
  const origin = new URL(server.url).origin;
  const env = {
    server,
    context,
    foreign: [],
    async stopServer() { await env.server.close(); },
    async startServer() { env.server = await startServer({ root, port: server.port }); },
    async close() { await context.close(); await env.server.close(); fs.rmSync(profile, { recursive: true, force: true }); },
  };
  context.on('request', r => {
    const u = new URL(r.url());
    if (!['data:', 'blob:'].includes(u.protocol) && u.origin !== origin) env.foreign.push(r.url());
  });
  return env;
}

/** Opens `pathAndHash` (relative to the server root) and waits for the calculator to render. */
export async function open(env, pathAndHash = '', { width = 1280, height = 900 } = {}) {
  const page = await env.context.newPage();
  await page.setViewportSize({ width, height });
  const problems = { consoleErrors: [], foreign: [] };
  const origin = new URL(env.server.url).origin;
  page.on('console', m => { if (m.type() === 'error') problems.consoleErrors.push(m.text()); });
  page.on('pageerror', e => problems.consoleErrors.push(String(e)));
  page.on('request', r => {
    const u = new URL(r.url());
    if (!['data:', 'blob:'].includes(u.protocol) && u.origin !== origin) problems.foreign.push(r.url());
  });
  await page.goto(env.server.url + pathAndHash);
  await page.waitForSelector('[data-testid=throughput]', { timeout: 30000 });
  return { page, problems };
}

/** The number in "900 MB/s" (commas removed). */
export function number(text) {
  return Number(String(text).replace(/,/g, '').match(/-?[\d.]+/)[0]);
}

/** Fails unless |got/expected - 1| <= tolerance. */
export function near(assert, got, expected, tolerance, what) {
  assert.ok(Math.abs(got / expected - 1) <= tolerance, `${what}: got ${got}, expected ${expected} within ${tolerance * 100} %`);
}

/**
 * Waits until the address bar's fragment (percent-decoded) matches `pattern` (or, with `absent`, no
 * longer does): the page writes it once edits pause for a quarter of a second. Fails after 5 s.
 */
export async function waitForLink(page, pattern, { absent = false } = {}) {
  await page.waitForFunction(([source, flags, absent]) =>
    new RegExp(source, flags).test(decodeURIComponent(location.hash)) !== absent,
  [pattern.source, pattern.flags, absent], { timeout: 5000 });
}
