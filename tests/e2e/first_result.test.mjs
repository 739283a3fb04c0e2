// The first result before the calculator (issue 16): the first-result module fills the placeholder in
// index.html from the link while the calculator's module is still on its way, with the figures the
// calculator then shows; the calculator replaces it; links the calculator must answer are left to it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from './browser.mjs';

let env;
// No service worker: it would answer the requests these tests hold back.
before(async () => { env = await launch({ serviceWorkers: 'block' }); });
after(async () => { await env?.close(); });

/** Opens `hash` with the calculator's module held back; `release()` lets it through. */
async function openHeld(hash) {
  const page = await env.context.newPage();
  const errors = [];
  page.on('pageerror', e => errors.push(String(e)));
  let release;
  const released = new Promise(resolve => { release = resolve; });
  await page.route(/capacity-app-[0-9a-f]+_bg\.wasm$/, async route => { await released; await route.continue(); });
  await page.goto(env.server.url + hash);
  return { page, errors, release };
}

const texts = async (page, ids) => Object.fromEntries(await Promise.all(ids.map(async ([key, sel]) => [key, (await page.textContent(sel)).trim()])));

test('the headline figures come before the calculator and are the ones it shows', async () => {
  // The seed's HP scenario (8 clients, 4 LTO-4 drives on 4 ports, static pairing) with 20 TB in 1 h.
  const { page, errors, release } = await openHeld('#v=1&compression=1.875&clients=8&pairing=static&fc_ports=4&drives=4&window_h=1&data=20TB');
  await page.locator('#first-paint[data-figures=shown] #fp-results').waitFor({ state: 'visible' });
  assert.equal(await page.locator('[data-testid=throughput]').count(), 0, 'the calculator is held back');
  const first = await texts(page, [['throughput', '#fp-throughput'], ['bottleneck', '#fp-bottleneck'], ['window', '#fp-window'],
    ['margin', '#fp-margin'], ['explanation', '#fp-explanation']]);
  assert.match(first.throughput, /^[\d,.]+ MB\/s$/);
  // The result strip says the same, where the calculator's strip will be.
  const strip = await texts(page, [['rate', '#fp-strip-rate'], ['stage', '#fp-strip-stage'], ['verdict', '#fp-strip-verdict']]);
  assert.deepEqual(strip, { rate: first.throughput, stage: first.bottleneck, verdict: first.window });
  assert.equal(await page.getAttribute('#fp-strip-window', 'class'), 'strip-window miss');
  assert.equal(await page.getAttribute('#fp-window-metric', 'class'), 'metric bad', 'an hour is too short for this backup');
  release();
  await page.locator('[data-testid=throughput]').waitFor();
  const calculator = await texts(page, [['throughput', '[data-testid=throughput]'], ['bottleneck', '[data-testid=bottleneck]'],
    ['window', '[data-testid=window]'], ['margin', '#results-body .metric.bad .metric-sub'], ['explanation', '[data-testid=explanation]']]);
  assert.deepEqual(first, calculator);
  // Gone in the task that mounted the calculator: one title, one results card.
  assert.equal(await page.locator('#first-paint').count(), 0);
  assert.equal(await page.locator('h1').count(), 1);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a link the calculator must answer (a job list, a value it cannot use) leaves the figures to it', async () => {
  for (const hash of ['#v=1&jobs=' + encodeURIComponent('name,data\nfs01,2TB'), '#v=1&clients=lots', '#v=1&nonsense=1']) {
    const { page, errors, release } = await openHeld(hash);
    // The brand shows while the figures wait.
    await page.locator('#first-paint h1').waitFor();
    await page.locator('#first-paint[data-figures=left]').waitFor({ state: 'attached' });
    assert.equal(await page.locator('#fp-results').isVisible(), false, hash);
    release();
    await page.locator('[data-testid=throughput]').waitFor();
    assert.equal(await page.locator('#first-paint').count(), 0);
    assert.deepEqual(errors, [], hash);
    await page.close();
  }
});
