// The calculator in real headless Chromium against the built dist/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, number, near, waitForLink } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

// SPEC section 1: preset id -> (throughput as displayed, unit, bottleneck stage id).
const SEEDS = [
  ['hp-1client-3streams', 113, 'MB/s', 'client_nic'],
  ['hp-2clients-1drive', 225, 'MB/s', 'tape_drives'],
  ['hp-8clients-4drives', 900, 'MB/s', 'tape_drives'],
  ['nfs-1array', 232, 'MB/s', 'nfs_mounts'],
  ['nfs-2arrays', 457, 'MB/s', 'nfs_file_systems'],
  ['nfs-2arrays-2fs', 640, 'MB/s', 'nfs_sources'],
  ['nfs-retrieve-5vol', 180, 'MB/s', 'nfs_file_systems'],
  ['nfs-mixed', 305, 'MB/s', 'nfs_file_systems'],
  ['tsm-small-files', 5.5, 'MiB/s', 'transactions'],
];

test('every seed preset shows its throughput and bottleneck', async () => {
  const { page, problems } = await open(env);
  for (const [id, expected, unit, stage] of SEEDS) {
    await page.selectOption('#preset', id);
    if (unit === 'MiB/s') await page.click('button:has-text("MiB")');
    else await page.click('button:has-text("MB")');
    const shown = await page.textContent('[data-testid=throughput]');
    assert.ok(shown.endsWith(unit), `${id}: ${shown}`);
    near(assert, number(shown), expected, 0.03, id);
    assert.equal(await page.getAttribute('[data-testid=bottleneck]', 'data-stage'), stage, id);
  }
  // The seed's figure in its own unit, and in the one shown where that differs.
  assert.equal(await page.textContent('[data-testid=seed-measured]'), "IBM's Tivoli Storage Manager technote measured 5.50 MiB/s.");
  await page.selectOption('#preset', 'hp-8clients-4drives');
  await page.click('button:has-text("MiB")');
  assert.match(await page.textContent('[data-testid=seed-measured]'), /measured 900 MB\/s \(858 MiB\/s\)\.$/);
  assert.deepEqual(problems.consoleErrors, []);
  assert.deepEqual(problems.foreign, []);
  await page.close();
});

test('hp-8clients-4drives: 900 MB/s, 3.24 TB/h, drives named, four charts drawn', async () => {
  const { page, problems } = await open(env);
  await page.selectOption('#preset', 'hp-8clients-4drives');
  near(assert, number(await page.textContent('[data-testid=throughput]')), 900, 0.03, 'throughput');
  assert.equal(await page.textContent('[data-testid=per-hour]'), '3.24 TB/h');
  assert.match(await page.textContent('[data-testid=bottleneck]'), /Tape drives/);
  assert.match(await page.textContent('[data-testid=explanation]'), /4 drives × 225 MB\/s = 900 MB\/s/);
  for (const chart of ['sweep', 'utilization', 'duration', 'file-size']) {
    const paths = await page.locator(`[data-testid=chart-${chart}] svg *`).count();
    assert.ok(paths > 20, `${chart} chart has ${paths} elements`);
  }
  assert.deepEqual(problems.consoleErrors, []);
  await page.close();
});

test('the Offered column is explained under a stages table that has figures in it, and only there', async () => {
  const { page } = await open(env);
  await page.selectOption('#preset', 'hp-8clients-4drives');
  // The drives (900 MB/s) are offered 904 MB/s: the backup table has figures, the restore table none.
  assert.match(await page.textContent('[data-testid=stages] tr[data-stage=tape_drives]'), /904 MB\/s/);
  assert.equal(await page.isVisible('[data-testid=stages-offered]'), true);
  assert.match(await page.textContent('[data-testid=stages-offered]'), /^Offered: what the stages before a stage could deliver/);
  assert.equal(await page.isVisible('[data-testid=restore-stages-offered]'), false);
  // A table with no figures in the column leaves it out (a re-trial saw an empty OFFERED column).
  assert.equal(await page.isVisible('[data-testid=stages] thead th:nth-child(3)'), true);
  assert.equal(await page.isVisible('[data-testid=restore-stages] thead th:nth-child(3)'), false);
  // The first stage binds: nothing is offered more than the throughput, and no line is shown.
  await page.fill('#f-clients', '2');
  await page.fill('#f-streams', '1');
  await page.waitForFunction(() => document.querySelector('[data-testid=bottleneck]').dataset.stage === 'streams');
  assert.equal(await page.isVisible('[data-testid=stages-offered]'), false);
  await page.close();
});

test('editing a field updates results and charts on each keystroke', async () => {
  const { page } = await open(env);
  await page.selectOption('#preset', 'hp-8clients-4drives');
  const before = await page.innerHTML('[data-testid=chart-sweep]');
  await page.fill('#f-clients', '4');
  near(assert, number(await page.textContent('[data-testid=throughput]')), 452, 0.01, '4 clients x 113 MB/s');
  assert.equal(await page.getAttribute('[data-testid=bottleneck]', 'data-stage'), 'client_nic');
  assert.notEqual(await page.innerHTML('[data-testid=chart-sweep]'), before, 'sweep chart redrawn');
  assert.equal(await page.inputValue('#preset'), '', 'no longer a preset');
  await page.close();
});

test('an invalid entry shows the allowed range and keeps the last valid results', async () => {
  const { page, problems } = await open(env);
  await page.selectOption('#preset', 'hp-8clients-4drives');
  for (const bad of ['0', '-3', 'lots', '', '1e9', '2.5']) {
    await page.fill('#f-clients', bad);
    const message = await page.textContent('#e-clients');
    assert.match(message, /^Clients(: | is ).*allowed: 1 to 10,000$/, `"${bad}" -> ${message}`);
    near(assert, number(await page.textContent('[data-testid=throughput]')), 900, 0.03, `after "${bad}"`);
  }
  assert.match(await page.textContent('[data-testid=stale]'), /Showing the last valid results: fix Clients/);
  await page.fill('#f-clients', '8');
  assert.equal(await page.textContent('#e-clients'), '');
  assert.equal(await page.locator('[data-testid=stale]').count(), 0, 'the stale-results notice goes once the field is valid');
  await page.fill('#f-block', '1 GiB');
  assert.match(await page.textContent('#e-block'), /Block size: .* out of range; allowed: 512 B to 16 MiB/);
  assert.deepEqual(problems.consoleErrors, []);
  await page.close();
});

test('a RAID level chosen for too few disks raises them and says so, naming the disks', async () => {
  const { page, problems } = await open(env, '#v=1&target=repository&raid=0&disks=2&data=10TB');
  await page.selectOption('#f-raid', '6');
  await page.waitForSelector('[data-testid=notice]');
  assert.match(await page.textContent('[data-testid=notice]'), /Disks are raised to the fewest the RAID level takes: RAID 6 needs at least 4 disks, not 2; allowed: 4 to 10,000/);
  assert.doesNotMatch(await page.textContent('[data-testid=notice]'), /Drive height/);
  await page.waitForFunction(() => document.querySelector('#f-disks').value === '4');
  // The next edit that builds retires the notice: it said "raised to 4" beside the 6 typed since.
  await page.fill('#f-disks', '6');
  await page.waitForFunction(() => !document.querySelector('[data-testid=notice]'));
  assert.deepEqual(problems.consoleErrors, []);
  await page.close();
});

test('a drive generation that cannot take the cartridges chosen sets them back and says so', async () => {
  const { page, problems } = await open(env, '#v=1&lto=LTO-8&media=M8&data=20TB');
  assert.equal(await page.inputValue('#f-media'), 'M8');
  await page.selectOption('#f-lto', 'LTO-9');
  await page.waitForSelector('[data-testid=notice]');
  assert.match(await page.textContent('[data-testid=notice]'), /Cartridges are set back to the drive's own: LTO-9 drives: .*M8/);
  assert.equal(await page.inputValue('#f-media'), 'own', 'the form shows what the model uses');
  assert.ok(await page.isVisible('#f-new_carts'), 'new LTO-9 cartridges can be entered again');
  // M8 picked for a drive that cannot take it: the menu goes back to what the model uses (it stayed on
  // M8 while the results used the drive's own cartridges).
  await page.selectOption('#f-media', 'M8');
  await page.waitForFunction(() => document.querySelector('#f-media').value === 'own');
  assert.match(await page.textContent('[data-testid=notice]'), /Cartridges are set back to the drive's own/);
  assert.deepEqual(problems.consoleErrors, []);
  await page.close();
});

test('a size typed with its unit shows that unit beside it, and a unit picked replaces the one typed', async () => {
  const { page, problems } = await open(env);
  await page.fill('#f-data', '800 GB');
  await waitForLink(page, /data=800GB/);
  assert.equal(await page.inputValue('#u-data'), 'GB');
  await page.selectOption('#u-data', 'TB');
  await waitForLink(page, /data=800TB/);
  assert.equal(await page.inputValue('#f-data'), '800');
  await page.fill('#f-data', '1.5 TiB');
  await waitForLink(page, /data=1\.5TiB/);
  assert.equal(await page.inputValue('#u-data'), 'TiB');
  // A fraction of a binary unit comes back in that unit from its link (a trial's read 41.23 TB).
  const other = await open(env, '#v=1&data=37.5TiB&file_size=1.5MiB');
  assert.deepEqual([await other.page.inputValue('#f-data'), await other.page.inputValue('#u-data')], ['37.5', 'TiB']);
  assert.deepEqual([await other.page.inputValue('#f-file_size'), await other.page.inputValue('#u-file_size')], ['1.5', 'MiB']);
  await other.page.close();
  // A bare number that is negative is quoted with the unit it was read in.
  await page.fill('#f-data', '-5');
  assert.match(await page.textContent('#e-data'), /-5 TiB is negative/);
  assert.deepEqual(problems.consoleErrors, []);
  await page.close();
});

test('sizes are typed in the unit beside them and values show as a person would type them', async () => {
  const { page } = await open(env);
  // A bare 24 in the Data set field is 24 TB (its unit picker's default), so the backup takes hours.
  assert.equal(await page.inputValue('#u-data'), 'TB');
  await page.fill('#f-data', '24');
  assert.match(await page.textContent('.facts'), /Backup duration\s*2 d|Backup duration\s*\d+ h/);
  await waitForLink(page, /data=24TB/);
  // Another unit re-reads the number typed.
  await page.selectOption('#u-data', 'GB');
  await waitForLink(page, /data=24GB/);
  // The TSM preset's exact values show rounded; the scenario keeps them exact.
  await page.selectOption('#preset', 'tsm-small-files');
  assert.equal(await page.inputValue('#f-file_size'), '50.18');
  assert.equal(await page.inputValue('#u-file_size'), 'KB');
  assert.equal(await page.inputValue('#f-data'), '4.525');
  assert.equal(await page.inputValue('#u-data'), 'GB');
  assert.equal(await page.inputValue('#preset'), 'tsm-small-files', 'showing rounded values changes nothing');
  // A rounded value is edited exact: the focused field holds what the results use, and shows the
  // rounded text again when left untouched. (Picking from the menus above left the focus in the data
  // field, where the typing was: it is moved away first, as a click on the menus would.)
  await page.focus('#f-clients');
  await page.focus('#f-data');
  assert.equal(await page.inputValue('#f-data'), '4.525228032');
  await page.focus('#f-file_size');
  assert.equal(await page.inputValue('#f-data'), '4.525');
  assert.equal(await page.inputValue('#preset'), 'tsm-small-files', 'focusing a field changes nothing');
  await page.close();
});

test('Tab into a value shown rounded selects it whole, so what is typed replaces it', async () => {
  // A page trial's case: 150 MiB/s is 157.2864 MB/s, shown 157.3; Tab then 60 read 157.286460.
  const { page } = await open(env, '#v=1&stream_rate=157.2864');
  assert.equal(await page.inputValue('#f-stream_rate'), '157.3');
  await page.focus('#f-streams');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'f-stream_rate');
  await page.keyboard.type('60');
  assert.equal(await page.inputValue('#f-stream_rate'), '60');
  await waitForLink(page, /stream_rate=60(&|$)/);
  await page.close();
});

test('a window shown rounded reads its exact hours while edited, so typing what it shows keeps the verdict', async () => {
  // The page trial's case: 2.458611111 h is 2 h 27 min 31 s; shown as 2.459 h (1.4 s longer).
  const { page } = await open(env, '#v=1&window_h=2.458611111');
  assert.equal(await page.inputValue('#f-window_h'), '2.459');
  await page.focus('#f-window_h');
  assert.equal(await page.inputValue('#f-window_h'), '2.458611111');
  await page.keyboard.press('End');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('2');
  await waitForLink(page, /window_h=2\.458611112(&|$)/);
  await page.focus('#f-data');
  assert.equal(await page.inputValue('#f-window_h'), '2.458611112', 'what is typed stays as typed');
  await page.close();
});
