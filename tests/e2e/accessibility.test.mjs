// Issue 12: an axe-core check of the page (npm `axe-core`, injected through the test browser, which the
// page's Content Security Policy does not restrict) reports no serious or critical violation.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { launch, open } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

const AXE = fs.readFileSync('node_modules/axe-core/axe.min.js', 'utf8');

/** The serious and critical violations axe-core finds in the page, one line each. */
async function violations(page) {
  await page.evaluate(AXE);
  const found = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations);
  return found
    .filter(v => v.impact === 'serious' || v.impact === 'critical')
    .map(v => `${v.impact} ${v.id}: ${v.help} (${v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', ')})`);
}

const PAGES = [
  ['a tape plan that misses its window', '#v=1&data=24TB&clients=12&fc=8GFC&lto=LTO-8&drives=2', 1280],
  ['an NFS plan', '#v=1&target=nfs&data=10TB', 1280],
  ['a fleet on a phone', '#v=1&drives=4&fc_ports=4&sessions_per_drive=1&jobs=' + encodeURIComponent('name,data\ndb,6TB\nfs1,200GB\nfs2,200GB\n'), 390],
];

for (const [what, hash, width] of PAGES) {
  test(`axe-core finds no serious or critical violation: ${what}`, async () => {
    const { page } = await open(env, hash, { width, height: 900 });
    await page.waitForSelector('[data-testid=throughput]');
    assert.deepEqual(await violations(page), []);
    // With every chart's data table unfolded as well.
    for (const summary of await page.$$('details.chart-data:not([hidden]) summary')) {
      if (await summary.isVisible()) await summary.click();
    }
    await page.waitForSelector('#table-sweep table');
    assert.deepEqual(await violations(page), []);
    await page.close();
  });
}

test("each field's help is its control's description, and shows under it on request, kept for the next visit", async () => {
  const { page, problems } = await open(env, '#v=1');
  await page.waitForSelector('#f-clients');
  const described = await page.evaluate(() => {
    const ids = document.querySelector('#f-clients').getAttribute('aria-describedby').split(' ');
    return ids.map(id => document.getElementById(id)?.className);
  });
  assert.deepEqual(described, ['help', 'error'], 'the help, then the message');
  assert.equal(await page.isVisible('#h-clients'), false, 'hidden until asked for');
  assert.equal(await page.textContent('#h-clients'), 'Backup clients sending at once.');
  await page.check('#show-help');
  assert.equal(await page.isVisible('#h-clients'), true);
  assert.equal(await page.isVisible('#h-streams'), true);
  await page.reload();
  await page.waitForSelector('#f-clients');
  assert.equal(await page.isChecked('#show-help'), true, 'the choice is kept');
  assert.equal(await page.isVisible('#h-clients'), true);
  await page.uncheck('#show-help');
  assert.equal(await page.isVisible('#h-clients'), false);
  assert.deepEqual(problems.consoleErrors, []);
  await page.close();
});

test("a job cell that cannot be read has its message as its description, as a field does", async () => {
  // A page trial: bad job cells had aria-invalid="true" and no aria-describedby.
  const { page, problems } = await open(env, '#v=1&jobs=name%2Cdata%2Cclient_nic%0Adb%2C6TB%2C1GbE%0Afs%2C2TB%2C9GbE');
  await page.waitForSelector('#jobs-body tr:nth-child(2) input[aria-invalid=true]');
  const described = () => page.evaluate(() => [...document.querySelectorAll('#jobs-body input')]
    .filter(i => i.getAttribute('aria-invalid') === 'true' || i.hasAttribute('aria-describedby'))
    .map(i => [i.getAttribute('aria-label'), i.getAttribute('aria-invalid'), document.getElementById(i.getAttribute('aria-describedby'))?.textContent]));
  const [[label, invalid, message]] = await described();
  assert.deepEqual([label, invalid], ['Client link of row 2', 'true']);
  assert.match(message ?? '', /9GbE/);
  assert.equal(message, await page.getAttribute('#jobs-body tr:nth-child(2) input[aria-invalid=true]', 'title'));
  // Fixed, the cell is no longer invalid and describes nothing.
  await page.locator('#jobs-body tr:nth-child(2) input').nth(4).fill('10GbE');
  await page.waitForFunction(() => !document.querySelector('#jobs-body input[aria-invalid=true]'));
  assert.deepEqual(await described(), []);
  assert.deepEqual(problems.consoleErrors, []);
  await page.close();
});
