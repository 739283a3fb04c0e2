// Benchmark (not a test): how long a user waits for the first result on a cold load of the built dist/.
// Each load runs in a fresh browser profile (no HTTP cache, no service worker) and times navigation start
// to the moment the browser paints the throughput figure (its Element Timing render time), then to the
// moment the what-if sweep chart is drawn. Two profiles: no throttling, and 4x CPU slowdown on a fast-4G link
// (9 Mbit/s down, 1.5 Mbit/s up, 85 ms latency, as Chrome's DevTools "Fast 4G" preset is described in
// issue 16). Prints the median over N loads of each (default 7).
//   node scripts/bench-startup.mjs [N=7] [fragment]
// With PEER_DIR set (a checkout of a peer's static page, such as tdewin/rps), it serves that directory the
// same way and prints the median of the peer's load event instead, so both are measured on one machine.
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM, DIST, FLAGS } from '../tests/e2e/browser.mjs';
import { startServer } from './serve.mjs';

const runs = Number(process.argv[2] || 7);
const fragment = process.argv[3] || '#v=1&compression=1.875&clients=8&pairing=static&fc_ports=4&drives=4';
const PEER = process.env.PEER_DIR ? path.resolve(process.env.PEER_DIR) : null;
const PROFILES = [
  { name: 'no throttling', cpu: 1, network: null },
  { name: '4x CPU slowdown, fast 4G', cpu: 4, network: { offline: false, latency: 85, downloadThroughput: 9e6 / 8, uploadThroughput: 1.5e6 / 8 } },
];

// Runs in the page before any of its scripts: records when a throughput figure is first painted (the
// first-result module's, in the placeholder index.html holds, or the calculator's if it comes first), when
// the calculator's own figure is painted, and
// when the sweep chart first holds an SVG (and a frame after it). The paint time is the browser's own: the
// figure carries `elementtiming`, so an Element Timing entry gives its render time; a build without it
// (an older dist/) falls back to the first contentful paint once the figure has text, which on this page
// is the same frame (the figure is part of the first mount). A frame callback would be no measure: the
// page queues the rest of its build from the first frame, and a task queued after that waits for all of it.
const MARKS = () => {
  window.__marks = {};
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) {
      const at = e.renderTime || e.loadTime;
      if ((e.identifier === 'first-result' || e.identifier === 'calculator-result') && !window.__marks.result) window.__marks.result = at;
      if (e.identifier === 'calculator-result' && !window.__marks.calculator) window.__marks.calculator = at;
    }
  }).observe({ type: 'element', buffered: true });
  const seen = () => {
    const figure = document.querySelector('[data-testid=throughput]');
    if (!window.__marks.text && figure && figure.textContent.trim()) {
      window.__marks.text = performance.now();
      window.__marks.timed = figure.hasAttribute('elementtiming');
      // Builds before the first-result module named the calculator's figure `first-result`.
      window.__marks.split = figure.getAttribute('elementtiming') === 'calculator-result';
    }
    if (!window.__marks.charts && document.querySelector('[data-testid=chart-sweep] svg')) {
      window.__marks.charts = 'pending';
      requestAnimationFrame(() => setTimeout(() => { window.__marks.charts = performance.now(); }, 0));
    }
  };
  new MutationObserver(seen).observe(document, { childList: true, subtree: true, characterData: true });
  // The figure's paint time: its Element Timing entry, or (older builds) the first contentful paint.
  window.__painted = () => {
    if (window.__marks.timed) return typeof window.__marks.result === 'number' ? window.__marks.result : null;
    const fcp = performance.getEntriesByType('paint').find(e => e.name === 'first-contentful-paint');
    return window.__marks.text && fcp ? Math.max(fcp.startTime, window.__marks.text) : null;
  };
};

async function load(server, profile) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'planner-startup-'));
  const context = await chromium.launchPersistentContext(dir, { executablePath: CHROMIUM, headless: true, args: FLAGS,
    viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (profile.network) await cdp.send('Network.emulateNetworkConditions', profile.network);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
    if (PEER) {
      await page.goto(server.url, { waitUntil: 'load', timeout: 60000 });
      return await page.evaluate(() => ({ load: performance.getEntriesByType('navigation')[0].loadEventEnd }));
    }
    await page.addInitScript(MARKS);
    await page.goto(server.url + fragment);
    await page.waitForFunction(() => window.__painted() !== null && typeof window.__marks.charts === 'number'
      && (!window.__marks.split || typeof window.__marks.calculator === 'number'), null, { timeout: 60000 });
    return await page.evaluate(() => ({ result: window.__painted(), charts: window.__marks.charts,
      calculator: window.__marks.split ? window.__marks.calculator : window.__painted(),
      load: performance.getEntriesByType('navigation')[0].loadEventEnd }));
  } finally {
    await context.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const median = xs => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ROOT = PEER || DIST;
if (!fs.existsSync(path.join(ROOT, 'index.html'))) throw new Error(`${ROOT}/index.html missing: run scripts/build.sh first`);
const server = await startServer({ root: ROOT });
try {
  for (const profile of PROFILES) {
    const times = [];
    for (let i = 0; i < runs; i++) times.push(await load(server, profile));
    const m = key => median(times.map(t => t[key])).toFixed(0);
    if (PEER) {
      console.log(`${profile.name}: the peer page's load event ${m('load')} ms (median of ${runs} cold loads)`);
      continue;
    }
    console.log(`${profile.name}: first result ${m('result')} ms, the calculator's figure ${m('calculator')} ms, charts ${m('charts')} ms, load event ${m('load')} ms (median of ${runs} cold loads)`);
  }
} finally {
  await server.close();
}
