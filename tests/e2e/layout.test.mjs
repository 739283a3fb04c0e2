// Issue 12: inputs, results and charts together; the phone layout; keyboard use.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, number, waitForLink } from './browser.mjs';
import { TWELVE_JOBS_PT65 } from './trial-fleets.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

const LINK = '#v=1&data=24TB&clients=12&fc=8GFC&lto=LTO-8&drives=2';

/** Whether the element `selector` is inside the viewport of `height` pixels. */
function inView(page, selector, height) {
  return page.evaluate(([selector, height]) => {
    const box = document.querySelector(selector).getBoundingClientRect();
    return box.height > 0 && box.top >= 0 && box.bottom <= height;
  }, [selector, height]);
}

test('at 1280 x 900 with the sweep chart in view, an input and the throughput are on screen', async () => {
  const { page, problems } = await open(env, LINK, { width: 1280, height: 900 });
  await page.waitForSelector('[data-testid=throughput]');
  await page.evaluate(() => document.querySelector('[data-testid=chart-sweep]').scrollIntoView());
  assert.ok(await inView(page, '[data-testid=chart-sweep] svg', 900) || await inView(page, '[data-testid=chart-sweep]', 900 * 2));
  assert.ok(await inView(page, '#f-clients', 900), 'the inputs stay beside the charts');
  assert.ok(await inView(page, '[data-testid=strip-throughput]', 900), 'the result strip stays in view');
  assert.equal(number(await page.textContent('[data-testid=strip-throughput]')), number(await page.textContent('[data-testid=throughput]')));
  assert.match(await page.textContent('[data-testid=strip]'), /limited by FC HBA ports.*Window: Does not fit/);
  // The strip follows each edit, and is a polite live region.
  await page.fill('#f-fc_ports', '2');
  await page.waitForFunction(() => !/Does not fit/.test(document.querySelector('[data-testid=strip]').textContent));
  assert.equal(await page.getAttribute('[data-testid=strip]', 'aria-live'), 'polite');
  assert.deepEqual(problems.consoleErrors, []);
  assert.deepEqual(problems.foreign, []);
});

test('on a phone the result strip stays in view and jumps to the inputs and back; nothing is narrower than 44 px to touch', async () => {
  for (const width of [320, 390, 430]) {
    const { page, problems } = await open(env, LINK, { width, height: 844 });
    await page.waitForSelector('[data-testid=throughput]');
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), width, `${width} px: no sideways scrolling`);
    await page.evaluate(() => document.querySelector('[data-testid=timeline]').scrollIntoView());
    assert.ok(await inView(page, '[data-testid=strip-throughput]', 844), `${width} px: the strip is in view far down the page`);
    // It takes little of the screen: its buttons sit beside the figures.
    const strip = await page.evaluate(() => document.querySelector('.strip').getBoundingClientRect().height);
    assert.ok(strip <= (width < 390 ? 90 : 70), `${width} px: the strip is ${strip} px tall`);
    await page.click('.strip [data-jump=inputs]');
    await page.waitForFunction(() => Math.abs(document.querySelector('#inputs').getBoundingClientRect().top) < 200);
    assert.equal(await page.evaluate(() => document.activeElement.id), 'inputs', 'the focus moves with the view');
    await page.click('.strip [data-jump=results]');
    await page.waitForFunction(() => Math.abs(document.querySelector('#results').getBoundingClientRect().top) < 200);
    // Every control a finger may press is at least 44 px tall.
    const small = await page.evaluate(() => [...document.querySelectorAll('button, select, input[type=text], label.button, summary')]
      .filter(e => e.offsetParent !== null && e.getBoundingClientRect().height < 43.5)
      .map(e => `${e.tagName}#${e.id}.${e.className} ${e.getBoundingClientRect().height}`));
    assert.deepEqual(small, [], `${width} px`);
    assert.deepEqual(problems.consoleErrors, []);
  assert.deepEqual(problems.foreign, []);
    await page.close();
  }
});

test('at 1280 px a label that wraps leaves the controls of its row level', async () => {
  // A fresh-clone trial (stop 65): "Overhead per transaction" wraps to two lines, and its input sat 16 px below
  // "Files per transaction"'s beside it. With help shown and a message under one field, its row still lines up.
  const { page, problems } = await open(env, LINK, { width: 1280, height: 900 });
  const tops = () => page.evaluate(() => ['files_per_txn', 'txn_ms', 'clients', 'streams'].map(key => {
    const label = document.querySelector(`#fd-${key} label`).getBoundingClientRect();
    return { key, label: label.height, control: document.getElementById(`f-${key}`).getBoundingClientRect().top };
  }));
  let [files, txn] = await tops();
  assert.ok(txn.label > files.label * 1.5, `the label wraps (${txn.label} px beside ${files.label} px)`);
  assert.ok(Math.abs(files.control - txn.control) < 1, `inputs at ${files.control} and ${txn.control} px`);
  await page.fill('#f-clients', '-3');
  await page.locator('#f-clients').blur();
  await page.click('text=Show each field\'s help');
  await page.waitForSelector('#e-clients:not(:empty)');
  const [filesNow, txnNow, clients, streams] = await tops();
  [files, txn] = [filesNow, txnNow];
  assert.ok(Math.abs(files.control - txn.control) < 1, `with help: inputs at ${files.control} and ${txn.control} px`);
  assert.ok(Math.abs(clients.control - streams.control) < 1, `with a message: inputs at ${clients.control} and ${streams.control} px`);
  const below = await page.evaluate(() => document.getElementById('fd-stream_rate').getBoundingClientRect().top);
  const message = await page.evaluate(() => document.getElementById('e-clients').getBoundingClientRect().bottom);
  assert.ok(below >= message, 'the next row starts below the message');
  assert.deepEqual(problems.consoleErrors, []);
  await page.close();
});

test('on a phone a first visit shows the throughput on its first screen, above the saved scenarios', async () => {
  // A fresh-clone trial (stop 65): at 390 x 844 the actions and the empty saved list filled the first screen,
  // the results card starting below it.
  const { page, problems } = await open(env, LINK, { width: 390, height: 844 });
  assert.ok(await inView(page, '[data-testid=throughput]', 844), 'the results card\'s throughput is on the first screen');
  const resultsFirst = await page.evaluate(() => {
    const [results, saved] = [document.querySelector('[data-testid=throughput]'), document.querySelector('.saved')];
    return Boolean(results.compareDocumentPosition(saved) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
  assert.equal(resultsFirst, true, 'the saved scenarios follow the results');
  assert.deepEqual(problems.consoleErrors, []);
  await page.close();
});

test('on a phone the restore card\'s "Why the late job is late" fold is a 44 px target, as every fold is', async () => {
  // Page trial pt65 (finding 7): its summary was 18.8 px tall at 390 and 360 px, the Data table folds 44 px.
  const link = TWELVE_JOBS_PT65;
  for (const width of [360, 390]) {
    const { page, problems } = await open(env, link, { width, height: 844 });
    const summary = page.locator('[data-testid=restore-late-jobs] summary');
    await summary.waitFor();
    const box = await summary.evaluate((e) => e.getBoundingClientRect().toJSON());
    assert.ok(box.height >= 43.5, `${width} px: the fold's summary is ${box.height} px tall`);
    const small = await page.evaluate(() => [...document.querySelectorAll('summary')]
      .filter((e) => e.offsetParent !== null && e.getBoundingClientRect().height < 43.5)
      .map((e) => `${e.textContent.trim()} ${e.getBoundingClientRect().height}`));
    assert.deepEqual(small, [], `${width} px`);
    // It still opens and closes on a tap.
    const wasOpen = await page.$eval('[data-testid=restore-late-jobs]', (d) => d.open);
    await summary.click();
    assert.equal(await page.$eval('[data-testid=restore-late-jobs]', (d) => d.open), !wasOpen);
    assert.deepEqual(problems.consoleErrors, []);
    await page.close();
  }
});

test('the keyboard: a skip link to the results first, and a visible focus ring on every control', async () => {
  const { page } = await open(env, LINK, { width: 1280, height: 900 });
  await page.waitForSelector('[data-testid=throughput]');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Skip to the results');
  assert.ok(await page.evaluate(() => document.activeElement.getBoundingClientRect().top >= 0), 'shown when focused');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'results');
  // The units buttons on the dark header and the file input behind "Import JSON" show where the focus is.
  for (const selector of ['#units-mib', '#import-json']) {
    await page.focus(selector);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    const ring = await page.evaluate((selector) => {
      const element = document.querySelector(selector);
      const shown = element.type === 'file' ? element.previousElementSibling : element;
      const style = getComputedStyle(shown);
      return `${style.outlineStyle} ${style.outlineWidth}`;
    }, selector);
    assert.equal(ring, 'solid 3px', selector);
  }
  // Enter opens Import JSON's and Import CSV's file choosers, as Space does (a trial's Enter did nothing).
  // The listener is there before the first Enter: Playwright turns on catching the chooser when the first
  // listener is added, and an Enter sent with `waitForEvent` in the same Promise.all could beat it, so the
  // first chooser of a page opened uncaught (stop 62's check timed out on every fresh page, and only there).
  const choosers = [];
  page.on('filechooser', (chooser) => choosers.push(chooser));
  for (const id of ['import-json', 'import-jobs']) {
    await page.focus(`#${id}`);
    assert.equal(await page.evaluate(() => document.activeElement.id), id);
    const before = choosers.length;
    await page.keyboard.press('Enter');
    for (let i = 0; i < 100 && choosers.length === before; i++) await page.waitForTimeout(100);
    assert.equal(choosers.length, before + 1, `Enter on #${id} opens one file chooser`);
    assert.equal(await choosers[before].element().getAttribute('id'), id);
  }
});

test('on a phone names without break points wrap: the page is no wider than the screen', async () => {
  // A trial (stop 62) at 390 px: What to add's Apply button (406 px), the saved list's "Comparing with …"
  // line and the compared sentence (604 px) ran past the screen's edge.
  const csv = 'name,data\nNAS_EAST_01_EXPORT_HOME_USERS_ARCHIVE_2024,9TB\nsmall,1TB';
  const { page, problems } = await open(env, `#v=1&drives=2&fc_ports=2&jobs=${encodeURIComponent(csv)}`, { width: 390, height: 844 });
  await page.waitForFunction(() => /NAS_EAST_01_EXPORT_HOME_USERS_ARCHIVE_2024/.test(document.querySelector('.apply-buttons')?.textContent));
  const width = () => page.evaluate(() => document.documentElement.scrollWidth);
  assert.equal(await width(), 390);
  const name = 'NAS_EAST_01_EXPORT_HOME_USERS_ARCHIVE_2024_NIGHTLY_FULL_PLAN_0123456789_ABCDEFGH';
  assert.equal(name.length, 80);
  await page.fill('#save-name', name);
  await page.click('#save');
  await page.click('.saved-row .compare');
  await page.waitForFunction(() => document.querySelector('[data-testid=compare-delta]')?.textContent.trim());
  assert.equal(await page.textContent('[data-testid=saved-status]'), `Comparing with "${name}": see Compare.`);
  assert.equal(await width(), 390);
  const delta = await page.$eval('[data-testid=compare-delta]', p => [p.scrollWidth, p.getBoundingClientRect().right]);
  assert.ok(delta[0] <= 390 && delta[1] <= 390, `the compared sentence is ${delta[0]} px wide, ending at ${delta[1]}`);
  await page.evaluate(() => localStorage.clear());
  assert.deepEqual(problems.consoleErrors, []);
  await page.close();
});

test('the Vary menu always names the parameter the sweep chart plots', async () => {
  const { page } = await open(env, '', { width: 1280, height: 900 });
  await page.selectOption('#preset', 'nfs-2arrays');
  await page.selectOption('#sweep-parameter', 'file_systems');
  await page.waitForFunction(() => /Throughput against file systems/.test(document.querySelector('[data-testid=chart-sweep]').textContent));
  // Another workload offers other parameters; file systems stays on the menu and on the chart.
  await page.selectOption('#f-workload', 'mixed');
  await page.waitForFunction(() => /Throughput against file systems/.test(document.querySelector('[data-testid=chart-sweep]').textContent));
  assert.equal(await page.$eval('#sweep-parameter', (menu) => menu.value), 'file_systems');
  assert.equal(await page.$eval('#sweep-parameter', (menu) => menu.selectedOptions[0].textContent), 'File systems');
});

test('undo and redo: buttons and Ctrl+Z / Ctrl+Shift+Z; typing in one field is one step', async () => {
  const { page } = await open(env, LINK, { width: 1280, height: 900 });
  await page.waitForSelector('[data-testid=throughput]');
  assert.equal(await page.isDisabled('#undo'), true, 'nothing to undo yet');
  await page.focus('#f-clients');
  await page.keyboard.press('End');
  await page.keyboard.type('0');
  await page.keyboard.type('0');
  assert.equal(await page.inputValue('#f-clients'), '1200');
  await page.fill('#f-drives', '3');
  await page.click('#undo');
  assert.equal(await page.inputValue('#f-drives'), '2');
  assert.equal(await page.inputValue('#f-clients'), '1200');
  await page.click('#undo');
  assert.equal(await page.inputValue('#f-clients'), '12', 'the two keystrokes are one step');
  assert.equal(await page.isDisabled('#undo'), true);
  await page.click('#redo');
  assert.equal(await page.inputValue('#f-clients'), '1200');
  // The keyboard, outside a text field (in one, the browser undoes the typing).
  await page.click('h2:has-text("Stages")');
  await page.keyboard.press('Control+Z');
  assert.equal(await page.inputValue('#f-clients'), '12');
  await page.keyboard.press('Control+Shift+Z');
  assert.equal(await page.inputValue('#f-clients'), '1200');
  await waitForLink(page, /clients=1200/);
});

test('on a phone no chart text is smaller than 11 px as shown, and none runs off its chart', async () => {
  for (const width of [320, 390]) {
    const { page } = await open(env, LINK, { width, height: 844 });
    await page.waitForSelector('[data-testid=chart-sweep] svg text');
    const smallest = await page.evaluate(() => Math.min(...[...document.querySelectorAll('.chart-svg svg text')]
      .filter(t => t.getBoundingClientRect().height > 0)
      .map(t => {
        const svg = t.closest('svg');
        return parseFloat(t.getAttribute('font-size')) * svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      })));
    assert.ok(smallest >= 10.95, `${width} px: the smallest chart text is ${smallest.toFixed(1)} px`);
    // No chart text runs off its chart (stage names left of the utilization bars, the last x label).
    const cut = await page.evaluate(() => [...document.querySelectorAll('.chart-svg svg text')]
      .filter(t => t.getBoundingClientRect().height > 0)
      .filter(t => {
        const box = t.getBBox(), svg = t.closest('svg').viewBox.baseVal;
        return !t.getAttribute('transform') && (box.x < -0.5 || box.x + box.width > svg.width + 0.5);
      })
      .map(t => `${t.closest('figure')?.id}: ${t.textContent.trim()}`));
    assert.deepEqual(cut, [], `${width} px`);
    await page.close();
  }
});

test('on a phone the schedule shows each job as labelled figures, every column kept and nothing scrolling sideways', async () => {
  const jobs = encodeURIComponent('name,data,client_nic\ndb,6TB,10GbE\nfs-east-01.corp.example.com:/export/home,8TB,10GbE\nfs02,5TB,10GbE\nweb,500GB,1GbE');
  const { page, problems } = await open(env, `#v=1&target=repository&disks=6&copy_to_tape=on&drives=2&window_h=12&jobs=${jobs}`, { width: 390, height: 844 });
  const table = page.locator('[data-testid=schedule-table]');
  await table.locator('tbody tr').first().waitFor();
  const wrap = await page.$eval('#schedule-table', (e) => [e.scrollWidth, e.clientWidth]);
  assert.ok(wrap[0] <= wrap[1], `the table fits its card: ${wrap}`);
  // The first job's figures, each under its column's name (the header row is for screen readers only).
  const cells = await table.locator('tbody tr').first().locator('td:not([hidden])').evaluateAll((tds) =>
    tds.map((td) => [getComputedStyle(td, '::before').content, td.textContent]));
  assert.deepEqual(cells.map(([label]) => label), ['"Data"', '"Drive"', '"Start"', '"End"', '"Average rate"', '"Client-side limit"', '"In window"']);
  assert.equal(cells[0][1], '6.00 TB');
  assert.match(cells[1][1], /^copy on \d, /);
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390);
  assert.deepEqual(problems.consoleErrors, []);
  await page.close();
});

test('at 1280 px a repository fleet\'s schedule table fits its card, every column in view', async () => {
  // A page trial: with copies to tape the table ran 1,140 px wide in an 826 px card, the In window column
  // cut mid-word, and "copy on 1, 10 h 57 min to 13 h 08 min" broke inside its times.
  const jobs = encodeURIComponent('name,data,client_nic\ndb,6TB,10GbE\nfs01,8TB,10GbE\nfs02,5TB,10GbE\nweb,500GB,1GbE');
  const { page, problems } = await open(env, `#v=1&target=repository&window_h=12&server_ports=2&disks=24&copy_to_tape=on&fc=16GFC&lto=LTO-9&drives=2&fc_ports=2&jobs=${jobs}`, { width: 1280, height: 900 });
  await page.locator('[data-testid=schedule-table] tbody tr').first().waitFor();
  const wrap = await page.$eval('#schedule-table', (e) => [e.scrollWidth, e.clientWidth]);
  assert.ok(wrap[0] <= wrap[1], `the table fits its card: ${wrap}`);
  assert.match(await page.textContent('[data-testid=schedule-table] tbody tr td.in-window'), /^no: its copy ends after /);
  // No time is broken across lines: each is one line high.
  const times = await page.$$eval('[data-testid=schedule-table] td.copy .keep, [data-testid=schedule-table] td.in-window .keep',
    (spans) => spans.map((s) => [s.textContent, s.getClientRects().length]));
  assert.ok(times.some(([text]) => /^\d+ h \d+ min$/.test(text)), JSON.stringify(times));
  assert.deepEqual(times.filter(([, lines]) => lines !== 1), []);
  assert.deepEqual(problems.consoleErrors, []);
  await page.close();
});

test('on a phone no duration breaks across lines: the explanations, What to add and its buttons hold each whole', async () => {
  // A page trial read "take 14 / h 45 min" in the explanation and "3 h / 11 min" in a What to add button.
  const jobs = encodeURIComponent('name,data,client_nic\na,1TB,10GbE\nb,500GB,\nc,2TB,10GbE');
  const { page, problems } = await open(env, `#v=1&drives=1&sessions_per_drive=2&window_h=4&jobs=${jobs}`, { width: 390, height: 844 });
  await page.waitForSelector('#what-to-add button');
  await page.waitForSelector('[data-testid=long-pole-reason]');
  const held = await page.$$eval('[data-testid=explanation] .keep, [data-testid=long-pole-reason] .keep, #what-to-add .keep',
    (spans) => spans.map((s) => [s.closest('button, p, dd').tagName, s.textContent, s.getClientRects().length]));
  const durations = held.filter(([, text]) => /^\d+ h \d+ min\b/.test(text));
  for (const where of ['BUTTON', 'P', 'DD']) assert.ok(durations.some(([tag]) => tag === where), `${where}: ${JSON.stringify(held)}`);
  assert.deepEqual(held.filter(([, , lines]) => lines !== 1), []);
  assert.deepEqual(problems.consoleErrors, []);
  await page.close();
});

test('on a phone a comparison keeps both scenarios\' columns on screen', async () => {
  // A fresh-clone trial (stop 59): a preset's long name held the compared column 270 px to the right, in
  // a scroller nothing showed, so the column looked empty.
  const { page, problems } = await open(env, '#v=1&data=10TB', { width: 390, height: 844 });
  await page.waitForSelector('[data-testid=throughput]');
  await page.selectOption('#compare-preset', 'hp-8clients-4drives');
  await page.waitForSelector('[data-testid=compare-table] tbody tr');
  const frame = await page.evaluate(() => {
    const wrap = document.querySelector('#compare-body');
    return { scroll: wrap.scrollWidth, client: wrap.clientWidth };
  });
  assert.ok(frame.scroll <= frame.client + 1, `the comparison scrolls sideways: ${JSON.stringify(frame)}`);
  assert.deepEqual(problems.consoleErrors, []);
  await page.close();
});

test('on a phone a field reached with Shift+Tab is never under the result strip', async () => {
  // Page trial pt64 (M2): at 390 px 7 of 30 focus stops (f-staging, f-ssh, f-server_ports ...) landed at the
  // top of the screen under the sticky strip, the field's label and half the box hidden.
  const { page, problems } = await open(env, '#v=1&data=10TB', { width: 390, height: 844 });
  await page.focus('#f-drives');
  const stops = [];
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Shift+Tab');
    stops.push(await page.evaluate(() => {
      const focused = document.activeElement;
      if (!focused.closest('#inputs')) return null;
      const box = focused.getBoundingClientRect();
      return { id: focused.id || focused.tagName, top: box.top, stripBottom: document.querySelector('.strip').getBoundingClientRect().bottom };
    }));
  }
  const fields = stops.filter(Boolean);
  assert.ok(fields.length >= 20, `the Shift+Tab walk stays in the form: ${fields.length} stops`);
  assert.deepEqual(fields.filter((s) => s.top < s.stripBottom), [], 'every focused field is below the strip');
  assert.deepEqual(problems.consoleErrors, []);
  await page.close();
});

test('at 1280 px a long job name in the disaster-recovery tiers wraps: the table fits its card, the verdict in view', async () => {
  // Page trial pt64 (M3): a 98-character name setting tier 2's objective made the table 1,100 px wide in an
  // 828 px card, Objective, Back after and Verdict out of view.
  const long = 'very-long-server-name-for-the-finance-department-primary-oracle-database-cluster-node-a-production';
  const jobs = encodeURIComponent(`name,data,client_nic,priority,rto_h\nerp,2TB,10GbE,0,6\n${long},200GB,1GbE,2,72\nsrv05,1.5TB,10GbE,2,96`);
  const { page, problems } = await open(env, `#v=1&lto=LTO-8&drives=4&fc=8GFC&fc_ports=2&jobs=${jobs}`, { width: 1280, height: 900 });
  const rows = page.locator('[data-testid=restore-tiers] tbody tr');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=restore-tiers] tbody tr').length === 2);
  assert.equal(await rows.nth(1).locator('td[data-label=Objective]').textContent(), `72 h (${long})`);
  const [scroll, client] = await page.$eval('[data-testid=restore-tiers]', (t) => [t.parentElement.scrollWidth, t.parentElement.clientWidth]);
  assert.ok(scroll <= client, `the table fits its card: ${scroll} > ${client}`);
  const card = await page.$eval('[data-testid=restore-plan]', (c) => c.getBoundingClientRect().right);
  const verdict = await rows.nth(1).locator('td.verdict').evaluate((v) => v.getBoundingClientRect().right);
  assert.ok(verdict <= card, `the verdict ends at ${verdict}, inside the card (${card})`);
  // The figure itself stays on one line.
  const figure = await rows.nth(0).locator('td[data-label=Objective]').evaluate((td) => td.getClientRects().length && td.getBoundingClientRect().height);
  const line = await rows.nth(0).locator('th').evaluate((th) => th.getBoundingClientRect().height);
  assert.ok(figure <= line + 1, `tier 0's objective is one line (${figure} px beside ${line} px)`);
  assert.deepEqual(problems.consoleErrors, []);
  await page.close();
});

test('printed on A4, the schedule table keeps every figure on one line and lets names wrap', async () => {
  // Page trial pt64 (L9): at A4 width "1.00 TB" broke onto two lines and "15 h 44 min" onto three.
  const rows = Array.from({ length: 12 }, (_, i) => `${i === 3 ? 'finance-department-primary-oracle-database-cluster-node-a' : `srv${i}`},${i % 2 ? '1TB' : '6TB'},${i % 3 ? '1GbE' : '10GbE'}`);
  const jobs = encodeURIComponent(['name,data,client_nic', ...rows].join('\n'));
  // A4's printable width at 96 px an inch: 210 mm less two 14 mm margins.
  const { page, problems } = await open(env, `#v=1&lto=LTO-8&drives=4&fc=8GFC&fc_ports=2&window_h=12&jobs=${jobs}`, { width: 688, height: 1000 });
  await page.locator('[data-testid=schedule-table] tbody tr').first().waitFor();
  await page.emulateMedia({ media: 'print' });
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  const cells = await page.$$eval('[data-testid=schedule-table] tbody td.num:not(.copy):not(.in-window):not([hidden])', (tds) => tds.map((td) => {
    const range = document.createRange();
    range.selectNodeContents(td.firstChild ?? td);
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    return [td.dataset.label, td.firstChild?.textContent ?? '', lines.size];
  }));
  assert.ok(cells.some(([label, text]) => label === 'End' && /^\d+ h \d+ min$/.test(text)), JSON.stringify(cells.slice(0, 8)));
  assert.deepEqual(cells.filter(([, , lines]) => lines > 1), [], 'no figure breaks across lines');
  const [scroll, client] = await page.$eval('[data-testid=schedule-table]', (t) => [t.scrollWidth, t.parentElement.clientWidth]);
  assert.ok(scroll <= client, `the table fits the page: ${scroll} > ${client}`);
  const name = await page.locator('[data-testid=schedule-table] tbody th', { hasText: 'finance-department' }).evaluate((th) => th.getClientRects().length && th.getBoundingClientRect().height);
  const row = await page.locator('[data-testid=schedule-table] tbody th', { hasText: /^srv0/ }).evaluate((th) => th.getBoundingClientRect().height);
  assert.ok(name > row, `the long name wraps (${name} px against ${row} px)`);
  assert.deepEqual(problems.consoleErrors, []);
  await page.close();
});
