// Offline static hosting (SPEC section 4) in real headless Chromium: dist/ served under a sub-path by a plain
// static server, the service worker's precache, the calculator and a share link with the network cut off, a new
// deployment picked up when the network is back, and no request to any other origin.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DIST, launch, open, number, near } from './browser.mjs';
import { buildFiles, writeServiceWorker } from '../../scripts/post-build.mjs';

const SUB = 'tools/capacity/';
const SHARE = '#v=1&clients=8&drives=4&pairing=static&fc_ports=4&compression=1.9&stream_rate=50&streams=4';

/** Waits until a service worker controls `page`; returns the registration's scope. */
function controlled(page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise(resolve => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
    return registration.scope;
  });
}

/** Every cache of the origin: { name: [url, ...] }. */
function cacheContents(page) {
  return page.evaluate(async () => {
    const out = {};
    for (const name of await caches.keys()) out[name] = (await (await caches.open(name)).keys()).map(r => r.url).sort();
    return out;
  });
}

/** Records Content Security Policy violations in window.cspViolations from the start of every page. */
async function watchCsp(env) {
  await env.context.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', e => window.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
}

const swConstants = dir => {
  const sw = fs.readFileSync(path.join(dir, 'sw.js'), 'utf8');
  return { version: JSON.parse(/const VERSION = (".*?");/.exec(sw)[1]), assets: JSON.parse(/const ASSETS = (\[[\s\S]*?\]);/.exec(sw)[1]) };
};

test('dist/ is plain static files: relative paths, a strict CSP, a manifest with icons, a precache of every file', () => {
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const absolute = /^(\/|[a-z][a-z0-9+.-]*:)/i;
  for (const [, url] of html.matchAll(/\b(?:src|href)="([^"]*)"/g)) assert.doesNotMatch(url, absolute, `index.html refers to ${url}`);
  for (const css of fs.readdirSync(DIST).filter(f => f.endsWith('.css'))) {
    const text = fs.readFileSync(path.join(DIST, css), 'utf8');
    assert.doesNotMatch(text, /@import/, css);
    for (const [, url] of text.matchAll(/url\(\s*['"]?([^'")]*)/g)) assert.doesNotMatch(url, absolute, `${css} refers to ${url}`);
  }

  const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)[1];
  const directives = Object.fromEntries(csp.split(';').map(d => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));
  assert.deepEqual(directives['default-src'], ["'self'"]);
  assert.deepEqual(directives['connect-src'], ["'self'"]);
  assert.deepEqual(directives['style-src-elem'], ["'self'"], 'no inline <style> elements');
  for (const name of ['style-src', 'img-src', 'manifest-src', 'worker-src']) assert.equal(directives[name][0], "'self'", name);
  const scripts = directives['script-src'];
  assert.ok(scripts.includes("'self'") && scripts.includes("'wasm-unsafe-eval'"), scripts.join(' '));
  assert.ok(!scripts.includes("'unsafe-inline'") && !scripts.includes("'unsafe-eval'"), scripts.join(' '));
  const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(m => !/\bsrc=/.test(m[1]));
  assert.ok(inline.length >= 1, "Trunk's loader script");
  for (const [, , body] of inline) {
    assert.ok(scripts.includes(`'sha256-${createHash('sha256').update(body).digest('base64')}'`), 'inline script hash in the CSP');
  }

  // Integrity on the scripts and the stylesheet; none on the wasm preloads, where Chrome ignores it with a
  // console warning on every load (crbug.com/981419).
  const preloads = [...html.matchAll(/<link rel="preload"[^>]*as="fetch"[^>]*>/g)].map(m => m[0]);
  assert.equal(preloads.length, 2, 'the two wasm modules are preloaded');
  for (const tag of preloads) assert.doesNotMatch(tag, /integrity=/, tag);
  for (const tag of [...html.matchAll(/<link rel="modulepreload"[^>]*>|<script [^>]*src=[^>]*>|<link rel="stylesheet"[^>]*>/g)].map(m => m[0])) {
    assert.match(tag, /integrity="sha384-/, tag);
  }

  const manifest = JSON.parse(fs.readFileSync(path.join(DIST, 'manifest.webmanifest'), 'utf8'));
  assert.equal(manifest.start_url, './');
  assert.equal(manifest.scope, './');
  assert.equal(manifest.theme_color, '#163a5a');
  assert.ok(manifest.name && manifest.short_name && manifest.display === 'standalone');
  for (const size of [192, 512]) {
    const icon = manifest.icons.find(i => i.sizes === `${size}x${size}` && i.type === 'image/png');
    assert.ok(icon, `${size} px icon listed`);
    const png = fs.readFileSync(path.join(DIST, icon.src));
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [size, size], icon.src);
  }
  assert.match(html, /<link rel="manifest" href="manifest.webmanifest">/);

  const { version, assets } = swConstants(DIST);
  assert.match(version, /^[0-9a-f]{16}$/);
  assert.deepEqual(assets, buildFiles(DIST), 'sw.js precaches every file of the build but itself');
  // Trunk writes its content hashes without leading zeros, so they have up to 16 hex digits.
  for (const kind of [/^capacity-app-[0-9a-f]+_bg\.wasm$/, /^capacity-app-[0-9a-f]+\.js$/, /^style-[0-9a-f]+\.css$/, /^index\.html$/]) {
    assert.ok(assets.some(a => kind.test(a)), `precache has ${kind}`);
  }
});

test('served under a sub-path: the page loads, the service worker is scoped there and precaches every file, and no request leaves the origin', async () => {
  const env = await launch();
  try {
    await watchCsp(env);
    const fromWorker = [];
    env.context.on('request', r => { if (r.serviceWorker()) fromWorker.push(r.url()); });
    const { page, problems } = await open(env, SUB);
    assert.equal(await controlled(page), env.server.url + SUB);
    await page.selectOption('#preset', 'hp-8clients-4drives');
    near(assert, number(await page.textContent('[data-testid=throughput]')), 900, 0.03, 'throughput');
    const caches = await cacheContents(page);
    const { version, assets } = swConstants(DIST);
    assert.deepEqual(Object.keys(caches), [`capacity-planner ${env.server.url}${SUB} ${version}`]);
    assert.deepEqual(Object.values(caches)[0], assets.map(a => env.server.url + SUB + a).sort());
    assert.equal(await page.locator('[data-testid=update-notice]').count(), 0, 'no notice on a first visit');
    assert.deepEqual(await page.evaluate(() => window.cspViolations), []);
    assert.deepEqual(problems.consoleErrors, []);
    assert.ok(fromWorker.length >= assets.length, 'the service worker\'s own requests are watched too');
    assert.deepEqual(env.foreign, []);
    assert.ok(env.server.requests.every(p => p.startsWith('/' + SUB)), 'every request stays under the sub-path');
  } finally { await env.close(); }
});

test('after one visit, with the network cut off, a reload still shows a working calculator', async () => {
  const env = await launch();
  try {
    await watchCsp(env);
    const { page, problems } = await open(env, SUB);
    await controlled(page);
    await env.context.setOffline(true);
    await env.stopServer();
    await page.reload();
    await page.waitForSelector('[data-testid=throughput]', { timeout: 30000 });
    await page.selectOption('#preset', 'hp-8clients-4drives');
    near(assert, number(await page.textContent('[data-testid=throughput]')), 900, 0.03, 'offline, hp-8clients-4drives');
    await page.fill('#f-clients', '4');
    near(assert, number(await page.textContent('[data-testid=throughput]')), 452, 0.01, 'offline, 4 clients');
    const paths = await page.locator('[data-testid=chart-sweep] svg *').count();
    assert.ok(paths > 20, `sweep chart drawn offline (${paths} elements)`);
    assert.deepEqual(await page.evaluate(() => window.cspViolations), []);
    assert.deepEqual(problems.consoleErrors, []);
    assert.deepEqual(env.foreign, []);
  } finally { await env.close(); }
});

test('a shared link opened offline shows its scenario', async () => {
  const env = await launch();
  try {
    const first = await open(env, SUB);
    await controlled(first.page);
    await first.page.close();
    await env.context.setOffline(true);
    await env.stopServer();
    const { page, problems } = await open(env, SUB + SHARE);
    near(assert, number(await page.textContent('[data-testid=throughput]')), 900, 0.03, 'shared link, offline');
    assert.deepEqual(problems.consoleErrors, []);
    assert.deepEqual(env.foreign, []);
  } finally { await env.close(); }
});

test('a new deployment is picked up when the network is back: notice, Reload, new version, old cache gone', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'planner-deploy-'));
  fs.cpSync(DIST, root, { recursive: true });
  const env = await launch({ root });
  try {
    await watchCsp(env);
    const first = await open(env, SUB);
    await controlled(first.page);
    const second = await open(env, SUB); // another tab with the old version
    const old = swConstants(root).version;

    // Deploy while the browser is offline: change the page, add a file, regenerate sw.js as the build does.
    await env.context.setOffline(true);
    const index = path.join(root, 'index.html');
    fs.writeFileSync(index, fs.readFileSync(index, 'utf8').replace('<title>', '<meta name="deployment" content="second">\n  <title>'));
    fs.writeFileSync(path.join(root, 'whats-new.txt'), 'second deployment\n');
    const { version, assets } = writeServiceWorker(root);
    assert.notEqual(version, old, 'a new deployment has a new version');
    assert.ok(assets.includes('whats-new.txt'));

    await first.page.reload(); // offline: the cached version, and no word of the new one yet
    await first.page.waitForSelector('[data-testid=throughput]', { timeout: 30000 });
    assert.equal(await first.page.locator('meta[name=deployment]').count(), 0);
    assert.equal(await first.page.locator('[data-testid=update-notice]').count(), 0);

    await env.context.setOffline(false); // the page checks for a new version when the network is back
    for (const { page } of [first, second]) {
      await page.waitForSelector('[data-testid=update-notice]', { timeout: 30000 });
      assert.match(await page.textContent('[data-testid=update-notice]'), /new version .* ready/);
    }
    await Promise.all([first.page.waitForEvent('load'), first.page.click('[data-testid=update-notice] button')]);
    await first.page.waitForSelector('[data-testid=throughput]', { timeout: 30000 });
    assert.equal(await first.page.getAttribute('meta[name=deployment]', 'content'), 'second', 'the new version is shown');
    assert.equal(await first.page.locator('[data-testid=update-notice]').count(), 0);

    const caches = await cacheContents(first.page);
    assert.deepEqual(Object.keys(caches), [`capacity-planner ${env.server.url}${SUB} ${version}`], 'only the new cache is left');
    assert.ok(Object.values(caches)[0].includes(env.server.url + SUB + 'whats-new.txt'));
    assert.ok(await second.page.isVisible('[data-testid=update-notice]'), 'the other tab still offers to reload');

    for (const { page, problems } of [first, second]) {
      assert.deepEqual(await page.evaluate(() => window.cspViolations), []);
      assert.deepEqual(problems.consoleErrors, []);
    }
    assert.deepEqual(env.foreign, []);
  } finally {
    await env.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
});
