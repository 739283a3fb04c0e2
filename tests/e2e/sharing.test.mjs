// Share links, saved scenarios, import/export, comparison and exports, in real headless Chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { launch, open, number, near, waitForLink } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

const HP8 = 'v=1&compression=1.9&clients=8&stream_rate=50&pairing=static&fc_ports=4&drives=4';
const golden = JSON.parse(fs.readFileSync('tests/golden/links.json', 'utf8'));

/** What `cargo plan --json` says about a link. */
function plan(link) {
  return JSON.parse(execFileSync('cargo', ['plan', '--json', link], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }));
}

test('a link opened in a fresh profile shows the same numbers as cargo plan --json', async () => {
  const links = golden.filter((_, i) => i % 3 === 0).map(g => g.link);
  for (const link of links) {
    const fresh = await launch();
    try {
      const fragment = link.includes('#') ? link.split('#')[1] : link;
      const { page, problems } = await open(fresh, `#${fragment}`);
      const json = plan(link);
      // A link with a job list answers for the fleet's night (the planner's `answer` says which it gives).
      const expected = json.answer === 'fleet'
        ? { throughput_bytes_per_sec: json.fleet.bytes_per_sec, bottleneck: json.fleet.bottleneck }
        : json;
      near(assert, number(await page.textContent('[data-testid=throughput]')), expected.throughput_bytes_per_sec / 1e6, 0.006, link);
      assert.equal(await page.getAttribute('[data-testid=bottleneck]', 'data-stage'), expected.bottleneck, link);
      assert.equal(await page.locator('[data-testid=notice]').count(), 0, `no notice for ${link}`);
      assert.deepEqual(problems.consoleErrors, [], link);
    } finally { await fresh.close(); }
  }
});

test('the fragment follows every edit without new history entries, and hand edits load', async () => {
  const { page } = await open(env, `#${HP8}`);
  const length = await page.evaluate(() => history.length);
  await page.fill('#f-clients', '4');
  await page.fill('#f-clients', '5');
  await waitForLink(page, /clients=5/);
  assert.equal(await page.evaluate(() => history.length), length, 'replaceState, not pushState');
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  await page.evaluate(() => { location.hash = '#v=1&clients=2&pairing=static&compression=1.9&stream_rate=50'; });
  await page.waitForFunction(() => document.querySelector('#f-clients').value === '2');
  near(assert, number(await page.textContent('[data-testid=throughput]')), 225, 0.01, 'hand-edited fragment');
  await page.goBack();
  await page.waitForFunction(() => document.querySelector('#f-clients').value === '5');
  await page.goForward();
  await page.waitForFunction(() => document.querySelector('#f-clients').value === '2');
  await page.close();
});

test('a link with bad keys names each one, loads the rest, and the notice can be dismissed', async () => {
  const { page, problems } = await open(env, '#v=1&clients=8&drives=lots&colour=blue&streams=0&lto=LTO-5');
  const notice = await page.textContent('[data-testid=notice]');
  // Each field is named by its label, with the link's key beside it (issue 16).
  assert.match(notice, /Tape drives \(drives\): "lots" is not a whole number; allowed: 1 to 1,024/);
  assert.match(notice, /colour: unknown key/);
  assert.match(notice, /Streams per client \(streams\): 0 is out of range; allowed: 1 to 256/);
  assert.equal(await page.inputValue('#f-clients'), '8');
  assert.equal(await page.inputValue('#f-lto'), 'LTO-5');
  await page.click('[data-testid=notice] .dismiss');
  assert.equal(await page.locator('[data-testid=notice]').count(), 0);
  // The address bar keeps the link as it was opened, bad values and all, until the scenario changes (a new
  // user's trial, stop 33: it was rewritten at once, and what had been typed was gone).
  await page.waitForTimeout(800);
  assert.equal(await page.evaluate(() => location.hash), '#v=1&clients=8&drives=lots&colour=blue&streams=0&lto=LTO-5');
  await page.fill('#f-clients', '9');
  await waitForLink(page, /^#v=1&.*clients=9/);
  assert.doesNotMatch(await page.evaluate(() => location.hash), /lots|colour/);
  assert.deepEqual(problems.consoleErrors, []);
  await page.close();
});

test('a link with a bad job cell names its row and column, shows the row to fix, and loses nothing on copy or reload', async () => {
  await env.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(env.server.url).origin });
  const { page, problems } = await open(env, '#v=1&jobs=name%2Cdata%2Cclient_nic%0Adb%2C6TB%2C1GbE%0Afs%2C2TB%2C9GbE');
  const notice = await page.textContent('[data-testid=notice]');
  assert.match(notice, /Jobs, row 2 \(line 3 of the list\), Client link \(client_nic\): /);
  // The bad row is in the job table as written, its cell marked, ready to fix.
  const rows = () => page.$$eval('#jobs-body tr', trs => trs.map(r => [...r.querySelectorAll('input')].map(i => i.value)));
  await page.waitForFunction(() => document.querySelectorAll('#jobs-body tr').length === 2);
  assert.deepEqual((await rows()).map(r => r.slice(0, 2)), [['db', '6TB'], ['fs', '2TB']]);
  assert.equal(await page.locator('#jobs-body tr:nth-child(2) input[aria-invalid=true]').count(), 1);
  await page.click('#copy-link');
  await page.waitForFunction(() => document.querySelector('[data-testid=status]').textContent.includes('copied'));
  assert.match(await page.textContent('[data-testid=status]'), /It holds the job rows that cannot be read as they are written, to fix in the job table/);
  const copied = decodeURIComponent(await page.evaluate(() => navigator.clipboard.readText()));
  assert.match(copied, /jobs=name,data,client_nic\r?\ndb,6TB,1GbE\r?\nfs,2TB,9GbE/, copied);
  // A reload (the address bar's link) keeps the row too; fixing it brings fs into the results.
  await page.reload();
  await page.waitForFunction(() => document.querySelectorAll('#jobs-body tr').length === 2);
  const link = page.locator('#jobs-body tr:nth-child(2) input').nth(4);
  assert.equal(await link.inputValue(), '9GbE');
  // Another bad value is in the address bar at once, though the scenario did not change.
  await link.fill('11GbE');
  await page.waitForFunction(() => decodeURIComponent(location.hash).includes('fs,2TB,11GbE'));
  // Save and Export JSON keep the jobs that read, and say what they leave out.
  await page.fill('#save-name', 'With a bad row');
  await page.click('#save');
  await page.waitForFunction(() => document.querySelector('[data-testid=status]').textContent.includes('Saved as'));
  assert.match(await page.textContent('[data-testid=status]'), /It leaves out the job rows that cannot be read: fix them in the job table first/);
  // The browser context is the other tests' too: what this one saved goes.
  await page.evaluate(() => localStorage.clear());
  // An edit undone brings the table back as it was, the bad row as typed.
  const data = page.locator('#jobs-body tr:nth-child(1) input').nth(1);
  await data.fill('7TB');
  await page.waitForFunction(() => decodeURIComponent(location.hash).includes('db,7TB'));
  await page.click('#undo');
  await page.waitForFunction(() => decodeURIComponent(location.hash).includes('db,6TB'));
  assert.deepEqual((await rows()).map(r => [r[0], r[1], r[4]]), [['db', '6TB', '1GbE'], ['fs', '2TB', '11GbE']]);
  await link.fill('10GbE');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=schedule-table] tbody tr').length === 2);
  await page.waitForFunction(() => !location.hash.includes('9GbE') && location.hash.includes('10GbE'));
  assert.deepEqual(problems.consoleErrors, []);
  await page.close();
});

test('a link whose job list holds only its header says so, as an imported one does', async () => {
  // A page trial: it opened as the one-client scenario without a word.
  const { page, problems } = await open(env, '#v=1&drives=2&jobs=name%2Cdata%0A');
  await page.waitForSelector('[data-testid=notice]');
  assert.match(await page.textContent('[data-testid=notice]'), /the link's job list holds no job row, so these figures are the form's single scenario/);
  // A link with a row says nothing of the kind.
  await page.evaluate(() => { location.hash = 'v=1&drives=2&jobs=name%2Cdata%0Adb%2C6TB'; });
  await page.waitForSelector('[data-testid=notice]', { state: 'detached' });
  assert.deepEqual(problems.consoleErrors, []);
  await page.close();
});

test('Copy link puts the full URL on the clipboard and says so', async () => {
  await env.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(env.server.url).origin });
  const { page } = await open(env, `#${HP8}`);
  await page.click('#copy-link');
  await page.waitForFunction(() => document.querySelector('[data-testid=status]').textContent.includes('copied'));
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, await page.evaluate(() => location.href));
  assert.match(copied, /#v=1&.*clients=8/);
  // Copied right after an edit, before the address bar catches up: the link holds the edit.
  await page.fill('#f-clients', '6');
  await page.click('#copy-link');
  await page.waitForFunction(() => navigator.clipboard.readText().then(t => /clients=6/.test(t)), null, { timeout: 2000 });
  await page.close();
});

test('Copy link leaves out the values the scenario does not use, says which, and the page keeps them', async () => {
  await env.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(env.server.url).origin });
  // NFS nodes typed for an NFS target, then the target set back to tape: the planner warned "not used".
  const { page, problems } = await open(env, '#v=1&clients=8&drives=4&nfs_nodes=4');
  await page.click('#copy-link');
  await page.waitForFunction(() => document.querySelector('[data-testid=status]').textContent.includes('copied'));
  assert.match(await page.textContent('[data-testid=status]'), /It leaves out NFS nodes, which this scenario does not use; this page keeps it\./);
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(copied, /#v=1&clients=8&drives=4$/, copied);
  assert.match(await page.evaluate(() => location.hash), /nfs_nodes=4/);
  // Opened elsewhere, the sent link gives the same result.
  const shown = await page.textContent('[data-testid=throughput]');
  const other = await open(env, copied.slice(copied.indexOf('#')));
  assert.equal(await other.page.textContent('[data-testid=throughput]'), shown);
  assert.deepEqual(problems.consoleErrors, []);
  await other.page.close();
  await page.close();
});

test('saved scenarios survive a reload, rename, delete, and a corrupt entry', async () => {
  const { page } = await open(env, `#${HP8}`);
  await page.fill('#save-name', 'Nightly');
  await page.click('#save');
  // Saving over a name asks first (issue 16): declined, the saved one stays; accepted, it is replaced.
  await page.fill('#save-name', 'Nightly');
  page.once('dialog', dialog => dialog.dismiss());
  await page.click('#save');
  assert.match(await page.textContent('[data-testid=status]'), /Not saved: "Nightly" is kept as it was/);
  page.once('dialog', dialog => { assert.match(dialog.message(), /"Nightly" is saved already\. Replace it\?/); dialog.accept(); });
  await page.click('#save');
  assert.match(await page.textContent('[data-testid=status]'), /Replaced the saved "Nightly"/);
  await page.fill('#f-clients', '2');
  await page.fill('#save-name', 'Two clients');
  await page.click('#save');
  await page.evaluate(() => {
    // An earlier bad entry's copy: a second one set aside under the same name must not replace it.
    localStorage.setItem('backup-capacity-planner/set-aside/Broken', 'first copy');
    localStorage.setItem('backup-capacity-planner/saved/Broken', '{not json');
    localStorage.setItem('backup-capacity-planner/saved/Foreign', JSON.stringify({ hello: 'world' }));
    localStorage.setItem('someone-else', 'keep me');
  });
  await page.reload();
  await page.waitForSelector('[data-testid=saved-list] li');
  const names = await page.$$eval('.saved-row', rows => rows.map(r => r.dataset.name));
  assert.deepEqual(names, ['Nightly', 'Two clients']);
  const problems = await page.textContent('[data-testid=storage-problems]');
  assert.match(problems, /"Broken" could not be read .*set aside under the storage key "backup-capacity-planner\/set-aside\/Broken \(2\)"/);
  assert.match(problems, /"Foreign" could not be read .*"backup-capacity-planner\/set-aside\/Foreign"/);
  const kept = await page.evaluate(() => ['Broken', 'Broken (2)', 'Foreign'].map(k => localStorage.getItem(`backup-capacity-planner/set-aside/${k}`))
    .concat(localStorage.getItem('someone-else')));
  assert.deepEqual(kept, ['first copy', '{not json', '{"hello":"world"}', 'keep me']);
  assert.match(await page.textContent('.saved-row[data-name="Nightly"] .saved-rate'), /900 MB\/s/);
  await page.click('.saved-row[data-name="Nightly"] .load');
  near(assert, number(await page.textContent('[data-testid=throughput]')), 900, 0.01, 'loaded');
  assert.equal(await page.textContent('[data-testid=saved-status]'), 'Loaded "Nightly".');
  assert.equal(await page.inputValue('#save-name'), 'Nightly', 'a loaded scenario keeps its name');
  // Each row's buttons name their scenario for screen readers.
  assert.equal(await page.getAttribute('.saved-row[data-name="Nightly"] .delete', 'aria-label'), 'Delete Nightly');
  // Rename asks for the name, delete for confirmation, in the browser's own dialogs.
  const answers = ['Pair', null, true];
  page.on('dialog', dialog => {
    const answer = answers.shift();
    if (answer === null) dialog.dismiss(); else dialog.accept(answer === true ? undefined : answer);
  });
  // Compared, then renamed and deleted: the comparison follows (a trial's stayed headed "Old name").
  await page.click('.saved-row[data-name="Two clients"] .compare');
  await page.waitForFunction(() => document.querySelector('th.compare-name')?.textContent === 'Two clients');
  await page.click('.saved-row[data-name="Two clients"] .rename');
  await page.waitForSelector('.saved-row[data-name="Pair"]');
  assert.equal(await page.textContent('[data-testid=saved-status]'), 'Renamed "Two clients" to "Pair".');
  assert.equal(await page.inputValue('#save-name'), 'Nightly', 'another scenario renamed: the name shown stays');
  assert.equal(await page.textContent('th.compare-name'), 'Pair');
  await page.click('.saved-row[data-name="Pair"] .delete');
  assert.equal(await page.locator('.saved-row[data-name="Pair"]').count(), 1, 'dismissed: nothing deleted');
  await page.click('.saved-row[data-name="Pair"] .delete');
  await page.waitForFunction(() => !document.querySelector('.saved-row[data-name="Pair"]'));
  assert.equal(await page.textContent('[data-testid=saved-status]'), 'Deleted "Pair". Compare still shows it, as "Pair (deleted)", until Stop comparing.');
  assert.equal(await page.textContent('th.compare-name'), 'Pair (deleted)');
  await page.click('#compare-stop');
  await page.reload();
  await page.waitForSelector('.saved-row[data-name="Nightly"]');
  assert.equal(await page.locator('.saved-row').count(), 1);
  await page.evaluate(() => localStorage.clear());
  await page.close();
});

test('a reload keeps what the link does not hold: the varied parameter, the measurement typed, the name', async () => {
  // Stop 52's trial: a reload lost the Vary choice, Calibrate's text and a name typed but not saved.
  const { page, problems } = await open(env, `#${HP8}`);
  await page.selectOption('#sweep-parameter', 'drives');
  await page.fill('#calibrate-measured', '1.5TB/h');
  await page.check('#calibrate-restore');
  await page.fill('#save-name', 'Half typ');
  await page.reload();
  await page.waitForSelector('[data-testid=throughput]');
  await page.waitForFunction(() => document.querySelector('#sweep-parameter').value === 'drives');
  assert.equal(await page.inputValue('#calibrate-measured'), '1.5TB/h');
  assert.equal(await page.inputValue('#save-name'), 'Half typ');
  assert.equal(await page.isChecked('#calibrate-restore'), true);
  assert.match(await page.textContent('#fig-sweep'), /drives/i, 'the chart varies the kept parameter');
  // An NFS target has no restore chain: the box is not offered there (a page trial ticked it and was
  // refused), and comes back as it was with a target that has one.
  await page.selectOption('#f-target', 'nfs');
  await page.waitForSelector('#calibrate-restore', { state: 'detached' });
  await page.selectOption('#f-target', 'tape');
  await page.waitForSelector('#calibrate-restore');
  assert.equal(await page.isChecked('#calibrate-restore'), true);
  // A new tab starts from its link alone.
  const fresh = await open(env, `#${HP8}`);
  assert.equal(await fresh.page.inputValue('#save-name'), '');
  assert.equal(await fresh.page.inputValue('#sweep-parameter'), 'clients');
  assert.deepEqual(problems.consoleErrors, []);
  await fresh.page.close();
  await page.close();
});

test('a full storage is reported and nothing is lost', async () => {
  const { page } = await open(env, `#${HP8}`);
  await page.fill('#save-name', 'Keep me');
  await page.click('#save');
  await page.waitForSelector('.saved-row[data-name="Keep me"]');
  await page.evaluate(() => {
    Storage.prototype.setItem = function () { throw new DOMException('quota', 'QuotaExceededError'); };
  });
  await page.fill('#save-name', 'Too much');
  await page.click('#save');
  assert.equal(await page.textContent('[data-testid=status]'),
    'Browser storage is full: delete some saved scenarios, then save again. Nothing saved was lost.');
  // A rename refused says to rename again, not to save (a trial's said "then save again").
  page.once('dialog', dialog => dialog.accept('Renamed'));
  await page.click('.saved-row[data-name="Keep me"] .rename');
  await page.waitForFunction(() => /full/.test(document.querySelector('[data-testid=saved-status]').textContent));
  assert.equal(await page.textContent('[data-testid=saved-status]'),
    'Browser storage is full: delete some saved scenarios, then rename again. Nothing saved was lost.');
  assert.deepEqual(await page.$$eval('.saved-row', rows => rows.map(r => r.dataset.name)), ['Keep me']);
  await page.evaluate(() => localStorage.clear());
  await page.close();
});

test('two tabs: a rename or delete left open in one acts on storage as it is then, and the other tab is told', async () => {
  // A trial (stop 62): a rename held open in tab B replaced the scenario tab A had just renamed to that
  // name, and a delete held open removed the scenario A had saved again meanwhile; A was told nothing.
  const a = (await open(env, '#v=1&clients=8')).page;
  const b = (await open(env, '#v=1&clients=2')).page;
  const stored = () => a.evaluate(() => Object.fromEntries(Object.entries(localStorage)
    .filter(([k]) => k.startsWith('backup-capacity-planner/saved/')).map(([k, v]) => [k.slice(30), JSON.parse(v).inputs.clients])));
  const status = page => page.textContent('[data-testid=saved-status]');
  /** Clicks `selector` in `page` and holds its dialog open until `meanwhile` has run, then answers it. */
  async function held(page, selector, answer, meanwhile) {
    let release;
    const gate = new Promise(r => { release = r; });
    const opened = new Promise(r => page.once('dialog', async d => { r(); await gate; await d.accept(answer); }));
    const clicked = page.click(selector);
    await opened;
    await meanwhile();
    release();
    await clicked;
  }
  for (const [page, name] of [[a, 'P'], [b, 'Same']]) {
    await page.fill('#save-name', name);
    await page.click('#save');
  }
  await b.waitForSelector('.saved-row[data-name="P"]');
  await held(b, '.saved-row[data-name="Same"] .rename', 'Q', async () => {
    a.once('dialog', d => d.accept('Q'));
    await a.click('.saved-row[data-name="P"] .rename');
    await a.waitForFunction(() => document.querySelector('[data-testid=saved-status]').textContent === 'Renamed "P" to "Q".');
  });
  await b.waitForFunction(() => /already saved/.test(document.querySelector('[data-testid=saved-status]').textContent));
  assert.equal(await status(b), 'Scenario name: a scenario named "Q" is already saved; choose another name, or delete that one first');
  assert.deepEqual(await stored(), { Q: '8', Same: '2' });
  // Renamed in B, the scenario on screen in A follows, and A says so.
  b.once('dialog', d => d.accept('R'));
  await b.click('.saved-row[data-name="Q"] .rename');
  await a.waitForFunction(() => /in another tab/.test(document.querySelector('[data-testid=saved-status]').textContent));
  assert.equal(await status(a), '"Q" was renamed to "R" in another tab.');
  assert.equal(await a.inputValue('#save-name'), 'R');
  // A delete confirmed in B after A saved over the entry keeps A's.
  await a.fill('#save-name', 'D');
  await a.click('#save');
  await b.waitForSelector('.saved-row[data-name="D"]');
  await held(b, '.saved-row[data-name="D"] .delete', undefined, async () => {
    await a.fill('#f-clients', '7');
    a.once('dialog', d => d.accept());
    await a.click('#save');
    assert.match(await a.textContent('[data-testid=status]'), /Replaced the saved "D"/);
  });
  await b.waitForFunction(() => /Not deleted/.test(document.querySelector('[data-testid=saved-status]').textContent));
  assert.equal(await status(b), 'Not deleted: "D" was saved again in another tab after you asked, and is kept. Delete it again to remove it.');
  assert.equal((await stored()).D, '7');
  // Deleted in B, the scenario on screen in A is said to be gone from storage.
  b.once('dialog', d => d.accept());
  await b.click('.saved-row[data-name="D"] .delete');
  await a.waitForFunction(() => /deleted in another tab/.test(document.querySelector('[data-testid=saved-status]').textContent));
  assert.equal(await status(a), '"D" was deleted in another tab; the scenario on screen is kept, and Save stores it again.');
  assert.deepEqual(await stored(), { R: '8', Same: '2' });
  await a.evaluate(() => localStorage.clear());
  await b.close();
  await a.close();
});

test('Save and Export JSON with a value that cannot be used say the last valid one is kept', async () => {
  // A trial (stop 48) typed "lots" in Clients and saved: the file held 1 client, with "Saved as" alone.
  const { page, problems } = await open(env, `#${HP8}`);
  await page.fill('#f-clients', 'lots');
  await page.waitForSelector('#e-clients:not(:empty)');
  await page.fill('#save-name', 'Half typed');
  await page.click('#save');
  await page.waitForFunction(() => document.querySelector('[data-testid=status]').textContent.includes('Saved as'));
  assert.equal(await page.textContent('[data-testid=status]'),
    'Saved as "Half typed". It holds the last valid scenario: Clients holds a value that cannot be used, and its last valid value is kept.');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-json')]);
  assert.equal(JSON.parse(fs.readFileSync(await download.path(), 'utf8')).inputs.clients, '8');
  assert.match(await page.textContent('[data-testid=status]'), /^Exported "Half typed"\. It holds the last valid scenario: Clients holds/);
  await page.evaluate(() => localStorage.clear());
  assert.deepEqual(problems.consoleErrors, []);
  await page.close();
});

test('a value that cannot be used is named by Copy link and comes back after a reload', async () => {
  // A trial (stop 49): "lots" in Clients, then a reload, showed the last valid 5 without a word, and
  // Copy link did not say which field it had left at its last valid value.
  await env.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(env.server.url).origin });
  const { page, problems } = await open(env, '#v=1&data=10TB&clients=4');
  await page.fill('#f-clients', '5');
  await waitForLink(page, /clients=5/);
  await page.fill('#f-clients', 'lots');
  await page.waitForSelector('#e-clients:not(:empty)');
  await page.click('#copy-link');
  await page.waitForFunction(() => document.querySelector('[data-testid=status]').textContent.includes('copied'));
  assert.equal(await page.textContent('[data-testid=status]'),
    'Link copied. It holds the last valid scenario: Clients holds a value that cannot be used, and its last valid value is kept.');
  assert.match(await page.evaluate(() => navigator.clipboard.readText()), /clients=5/);
  await page.reload();
  await page.waitForSelector('#e-clients:not(:empty)');
  assert.equal(await page.inputValue('#f-clients'), 'lots');
  assert.match(await page.textContent('#e-clients'), /Clients.*"lots"/);
  assert.match(await page.textContent('[data-testid=strip]'), /last valid results/);
  assert.match(page.url(), /clients=5/);
  // Fixed, the results follow; a later reload has nothing to bring back.
  await page.fill('#f-clients', '6');
  await waitForLink(page, /clients=6/);
  await page.reload();
  await page.waitForSelector('[data-testid=throughput]');
  assert.equal(await page.inputValue('#f-clients'), '6');
  assert.equal(await page.textContent('#e-clients'), '');
  assert.deepEqual(problems.consoleErrors, []);
  await page.close();
});

test('JSON export and import; a bad file names what is wrong and changes nothing', async () => {
  const { page } = await open(env, `#${HP8}`);
  await page.fill('#save-name', 'Export me');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-json')]);
  const file = await download.path();
  const document = JSON.parse(fs.readFileSync(file, 'utf8'));
  assert.equal(document.format, 'backup-capacity-planner/scenario');
  assert.equal(document.schema_version, 1);
  assert.equal(document.inputs.clients, '8');
  await page.fill('#f-clients', '3');
  await page.setInputFiles('#import-json', file);
  await page.waitForFunction(() => document.querySelector('#f-clients').value === '8');
  assert.match(await page.textContent('[data-testid=status]'), /^Imported "Export me"\.$/);
  assert.equal(await page.$('[data-testid=notice]'), null, 'a file Export JSON wrote has nothing to note');
  // A link edited by hand to say other than the inputs: the inputs load, and the difference is said.
  const edited = { ...document, link: document.link.replace('clients=8', 'clients=2') };
  await page.fill('#f-clients', '3');
  await page.setInputFiles('#import-json', { name: 'edited.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(edited)) });
  await page.waitForFunction(() => document.querySelector('[data-testid=notice]'));
  assert.equal(await page.inputValue('#f-clients'), '8');
  assert.match(await page.textContent('[data-testid=notice]'), /link and its inputs describe different scenarios \(Clients: 8 in the inputs, 2 in the link\)/);
  const bad = { ...document, inputs: { ...document.inputs, clients: '0', colour: 'blue' } };
  await page.setInputFiles('#import-json', { name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) });
  await page.waitForFunction(() => document.querySelector('[data-testid=notice]')?.textContent.includes('bad.json'));
  const notice = await page.textContent('[data-testid=notice]');
  assert.match(notice, /bad\.json was not imported; nothing changed/);
  assert.match(notice, /Clients \(clients\): 0 is out of range/);
  assert.match(notice, /colour: unknown key/);
  assert.equal(await page.inputValue('#f-clients'), '8');
  assert.equal(await page.textContent('[data-testid=status]'), '', 'the earlier import is no longer said to be the last');
  await page.setInputFiles('#import-json', { name: 'junk.json', mimeType: 'application/json', buffer: Buffer.from('not json at all') });
  await page.waitForFunction(() => document.querySelector('[data-testid=notice]')?.textContent.includes('junk.json'));
  assert.match(await page.textContent('[data-testid=notice]'), /junk\.json was not imported.*not a JSON document/s);
  await page.close();
});

test('a scenario file without a name takes its file\'s name, and one without jobs says which job rows it replaced', async () => {
  // A trial (stop 62): such a file kept the name before it (Save then offered to replace that scenario),
  // and emptied a 71-row job list without a word.
  const csv = ['name,data', ...Array.from({ length: 71 }, (_, i) => `c${i},100GB`)].join('\n');
  const { page, problems } = await open(env, `#v=1&drives=2&jobs=${encodeURIComponent(csv)}`);
  await page.waitForFunction(() => document.querySelectorAll('#jobs-body tr').length === 71);
  await page.fill('#save-name', 'Earlier name');
  const file = (name, body) => ({ name, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(body)) });
  const plain = { format: 'backup-capacity-planner/scenario', schema_version: 1, link: 'v=1&clients=3' };
  await page.setInputFiles('#import-json', file('nojobs.json', plain));
  await page.waitForFunction(() => document.querySelector('#f-clients').value === '3');
  assert.equal(await page.textContent('[data-testid=status]'),
    'Imported "nojobs.json": it names no scenario, so it takes its file\'s name, "nojobs". It replaced the 71 job rows the list held: Undo brings them back.');
  assert.equal(await page.inputValue('#save-name'), 'nojobs');
  assert.equal(await page.locator('#jobs-body tr').count(), 0);
  await page.click('#undo');
  await page.waitForFunction(() => document.querySelectorAll('#jobs-body tr').length === 71);
  // A blank name is no name (docs/calculator.md: a name is 1 to 80 printable characters).
  await page.setInputFiles('#import-json', file('blank.json', { ...plain, name: '   ', link: 'v=1&clients=4' }));
  await page.waitForFunction(() => document.querySelector('#f-clients').value === '4');
  assert.equal(await page.inputValue('#save-name'), 'blank');
  assert.match(await page.textContent('[data-testid=status]'), /^Imported "blank\.json": it names no scenario, so it takes its file's name, "blank"\. It replaced the 71 job rows/);
  await page.setInputFiles('#import-json', file('named.json', { ...plain, name: 'Named', link: 'v=1&clients=5' }));
  await page.waitForFunction(() => document.querySelector('#f-clients').value === '5');
  assert.equal(await page.textContent('[data-testid=status]'), 'Imported "Named".');
  assert.equal(await page.inputValue('#save-name'), 'Named');
  assert.deepEqual(problems.consoleErrors, []);
  await page.close();
});

test('compare shows both scenarios stage by stage and on the sweep chart', async () => {
  const { page } = await open(env, `#${HP8}`);
  await page.selectOption('#compare-preset', 'hp-2clients-1drive');
  const table = await page.textContent('[data-testid=compare-table]');
  assert.match(table, /Tape drives.*900 MB\/s.*225 MB\/s/s);
  assert.match(await page.textContent('[data-testid=compare-delta]'), /moves 675 MB\/s less \(−75\.0 %\) than this scenario/);
  assert.match(await page.innerHTML('[data-testid=chart-sweep]'), /\(compared\)/);
  // The inputs that differ, and both durations and window verdicts.
  const inputs = await page.textContent('[data-testid=compare-inputs]');
  assert.match(inputs, /Clients: 8 → 2/);
  assert.match(inputs, /Tape drives: 4 → 1/);
  assert.match(table, /Backup window/);
  await page.close();
});

test('two saved job lists list and compare their nights, not their long poles or their forms', async () => {
  // A new user's trial (stop 39): both saved rows read 113 MB/s (one job alone), and Compare set the
  // long pole beside the other's form without its jobs, listing the data set, the drives and the job
  // list as differing and not the FC ports.
  const jobs = '&jobs=name%2Cdata%0Adb%2C6TB%0Afs1%2C2TB%0Afs2%2C2TB%0Aweb%2C500GB%0Amail%2C3TB';
  const { page } = await open(env, `#v=1&lto=LTO-8&drives=4&window_h=10${jobs}`);
  // The link's job list is read in the frames after the first result: the strip then gives the night.
  await page.waitForFunction(() => document.querySelector('[data-testid=throughput]')?.textContent === '238 MB/s');
  await page.evaluate(() => { for (const k of Object.keys(localStorage)) if (k.startsWith('backup-capacity-planner/saved/')) localStorage.removeItem(k); });
  await page.fill('#save-name', 'A 4 drives');
  await page.click('#save');
  await page.fill('#f-fc_ports', '4');
  await page.selectOption('#f-fc', '8GFC');
  await page.waitForFunction(() => document.querySelector('[data-testid=throughput]')?.textContent === '254 MB/s');
  await page.fill('#save-name', 'B 4 ports 8GFC');
  await page.click('#save');
  await page.waitForSelector('.saved-row[data-name="B 4 ports 8GFC"]');
  const rate = name => page.textContent(`.saved-row[data-name="${name}"] .saved-rate`);
  assert.equal(await rate('A 4 drives'), '238 MB/s');
  assert.equal(await rate('B 4 ports 8GFC'), '254 MB/s');
  assert.equal(await page.textContent('[data-testid=throughput]'), '254 MB/s');
  await page.click('.saved-row[data-name="A 4 drives"] button:text-is("Compare")');
  const table = await page.textContent('[data-testid=compare-table]');
  assert.match(table, /Throughput\s*254 MB\/s\s*238 MB\/s/);
  assert.match(table, /Backup duration\s*14 h 45 min\s*15 h 44 min/);
  const inputs = await page.$$eval('[data-testid=compare-inputs] li', items => items.map(i => i.textContent));
  assert.deepEqual(inputs, ['FC speed: 8GFC → 4GFC', 'FC HBA ports: 4 → 1']);
  assert.match(await page.textContent('[data-testid=compare-delta]'), /A 4 drives moves 15\.9 MB\/s less \(−6\.\d+ %\) than this scenario\. Its night ends 59 min 07 s later\./);
  await page.close();
});

test('sweep CSV, chart SVG and PNG downloads', async () => {
  const { page } = await open(env, `#${HP8}`);
  const [csv] = await Promise.all([page.waitForEvent('download'), page.click('#export-csv')]);
  const lines = fs.readFileSync(await csv.path(), 'utf8').trim().split(/\r?\n/);
  assert.match(lines[0], /^Clients,Throughput \(MB\/s\),Bottleneck,Client streams capacity \(MB\/s\)/);
  assert.ok(lines.some(l => l.startsWith('8,900.') && l.includes(',Tape drives,')), lines.join('\n'));
  const [svg] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=chart-sweep] [data-export=svg]')]);
  assert.match(fs.readFileSync(await svg.path(), 'utf8'), /^<svg/);
  const [png] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=chart-duration] [data-export=png]')]);
  const bytes = fs.readFileSync(await png.path());
  assert.deepEqual([...bytes.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
  assert.ok(bytes.length > 10000, `PNG of ${bytes.length} bytes`);
  await page.close();
});

test('the printed report lists the job rows and the menus in words', async () => {
  // A helper's trial (stop 42): the printed inputs said "default for the job rows" with no job row anywhere,
  // and menus by their link names ("longest", "entered").
  const jobs = encodeURIComponent('name,data,client_nic,streams\nerp-db,9TB,10GbE,8\narchive,6TB,,');
  const { page } = await open(env, `#v=1&lto=LTO-9&drives=2&jobs=${jobs}`);
  await page.emulateMedia({ media: 'print' });
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  const table = page.locator('[data-testid=print-jobs]');
  assert.equal(await table.isVisible(), true);
  assert.deepEqual(await table.locator('th').allTextContents(), ['Name', 'Data', 'Client link', 'Streams']);
  assert.deepEqual(await table.locator('tbody tr').first().locator('td').allTextContents(), ['erp-db', '9TB', '10GbE', '8']);
  const inputs = await page.textContent('.print-inputs');
  assert.match(inputs, /Job order · Backup server\s*Longest first/);
  assert.match(inputs, /Target · Workload\s*Tape drives/);
  // Without jobs there is no job table.
  await page.goto(env.server.url + `#${HP8}`);
  await page.waitForSelector('[data-testid=throughput]');
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  assert.equal(await page.locator('[data-testid=print-jobs]').count(), 0);
  await page.close();
});

test('the printed report shows inputs, results, charts and the share link on A4 and Letter', async () => {
  const { page } = await open(env, `#${HP8}&data=20TB`);
  await page.fill('#save-name', 'Night "A" & co');
  await page.emulateMedia({ media: 'print' });
  // The report is headed by the scenario's name and the date it is printed.
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  const today = new Date();
  const date = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  assert.equal(await page.textContent('[data-testid=print-title]'), `Night "A" & co — printed ${date}`);
  assert.equal(await page.isVisible('[data-testid=print-title]'), true);
  assert.equal(await page.isVisible('.print-only'), true);
  assert.equal(await page.isVisible('.inputs'), false);
  assert.equal(await page.isVisible('#copy-link'), false);
  assert.match(await page.textContent('.share-link'), /#v=1&data=20TB&compression=1\.9&clients=8&stream_rate=50/);
  // One chart per row on paper, so no chart text is under 7 pt (CSS px x 0.75), measured at the width
  // of an A4 page less its 14 mm margins (688 CSS px).
  await page.setViewportSize({ width: 688, height: 1000 });
  const smallest = await page.evaluate(() => Math.min(...[...document.querySelectorAll('.chart-svg svg text')]
    .filter(t => t.getBoundingClientRect().height > 0)
    .map(t => {
      const svg = t.closest('svg');
      return parseFloat(t.getAttribute('font-size')) * svg.getBoundingClientRect().width / svg.viewBox.baseVal.width * 0.75;
    })));
  assert.ok(smallest >= 7, `the smallest chart text on paper is ${smallest.toFixed(1)} pt`);
  for (const format of ['A4', 'Letter']) {
    const pdf = await page.pdf({ format, printBackground: true });
    fs.mkdirSync('tests/output', { recursive: true });
    fs.writeFileSync(`tests/output/report-${format}.pdf`, pdf);
    const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) || []).length;
    assert.ok(pages >= 1 && pages <= 8, `${format}: ${pages} pages`);
  }
  await page.close();
});

test('a clean CSV imported over a link\'s bad job rows clears their lines from the notice', async () => {
  const { page, problems } = await open(env, '#v=1&colour=blue&jobs=name%2Cdata%2Cclient_nic%0Adb%2C6TB%2C1GbE%0Afs%2C2TB%2C9GbE');
  const notice = () => page.textContent('[data-testid=notice]');
  assert.match(await notice(), /Jobs, row 2 \(line 3 of the list\)/);
  await page.waitForSelector('#import-jobs', { state: 'attached' });
  await page.setInputFiles('#import-jobs', { name: 'clean.csv', mimeType: 'text/csv', buffer: Buffer.from('name,data\ndb,6TB\nfs,2TB\n') });
  await page.waitForFunction(() => !document.querySelector('[data-testid=notice]').textContent.includes('Jobs, row'));
  assert.match(await notice(), /colour: unknown key/, 'the link\'s other problems stay');
  assert.deepEqual(problems.consoleErrors, []);
  await page.close();
});

test('a preset chosen over a job list and edited inputs says what it replaced, and Undo brings them back', async () => {
  // Page trial pt64 (M4): picking a preset dropped a 60-job list and the edited inputs without a word,
  // where Remove all and Import JSON say what they replaced.
  const csv = ['name,data', ...Array.from({ length: 60 }, (_, i) => `srv${i},100GB`)].join('\n');
  const { page, problems } = await open(env, `#v=1&lto=LTO-8&drives=4&fc=8GFC&fc_ports=2&window_h=12&jobs=${encodeURIComponent(csv)}`);
  await page.waitForFunction(() => document.querySelectorAll('#jobs-body tr').length === 60);
  await page.selectOption('#preset', 'hp-2clients-1drive');
  await page.waitForFunction(() => document.querySelectorAll('#jobs-body tr').length === 0);
  assert.equal(await page.textContent('[data-testid=status]'),
    'Loaded the preset "HP: 2 clients x 4 streams into one LTO-4": it replaced the 60 job rows the list held and the inputs on screen; Undo (Ctrl+Z) brings them back.');
  await page.click('#undo');
  await page.waitForFunction(() => document.querySelectorAll('#jobs-body tr').length === 60);
  assert.equal(await page.inputValue('#f-window_h'), '12');
  assert.deepEqual(problems.consoleErrors, []);
  await page.close();
});
