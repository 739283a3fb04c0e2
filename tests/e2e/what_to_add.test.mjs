// "What to add" in the page: a missed window shows the rate it needs, with headroom, and buttons that
// apply a change that fits it; the default single FC port shared by two drives is flagged.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, waitForLink } from './browser.mjs';
import { TWELVE_JOBS_PT65 } from './trial-fleets.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

test('a missed window says what rate it needs and applies a change that fits it with headroom', async () => {
  const { page, problems } = await open(env, '#v=1&data=24TB&clients=12&fc=8GFC&lto=LTO-8&drives=2');
  const card = page.locator('[data-testid=what-to-add]');
  await card.waitFor();
  const text = await card.textContent();
  assert.match(text, /Needs\s*833 MB\/s to fit the window, 1,042 MB\/s to keep 20\.0 % of it spare \(today 800 MB\/s\)/);
  assert.match(text, /FC HBA ports \(fc_ports\) 1 → 2/);
  assert.match(await page.textContent('[data-testid=warnings]'), /The 2 drives share one FC HBA port \(FC HBA ports is 1, its default\): if each drive has a port of its own, set FC HBA ports \(fc_ports\) to 2/);
  await card.locator('button[data-apply="fc_ports=2"]').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=what-to-add]').hidden);
  assert.equal(await page.inputValue('#f-fc_ports'), '2');
  await waitForLink(page, /fc_ports=2/);
  assert.deepEqual(problems.consoleErrors, []);
  await page.close();
});

test('after Apply the results say what was applied, and Undo takes it back', async () => {
  const { page, problems } = await open(env, '#v=1&data=24TB&clients=12&fc=8GFC&lto=LTO-8&drives=2');
  const card = page.locator('[data-testid=what-to-add]');
  await card.waitFor();
  await card.locator('button[data-apply="fc_ports=2"]').click();
  const applied = page.locator('[data-testid=applied]');
  await applied.waitFor();
  assert.match(await applied.textContent(), /^Applied from What to add: FC HBA ports \(fc_ports\) 1 → 2 \([\d,]+ MB\/s\)\. Undo \(Ctrl\+Z\) takes it back\.$/);
  await page.click('button[title^="Undo the last change"]');
  await page.waitForFunction(() => !document.querySelector('[data-testid=what-to-add]').hidden);
  assert.equal(await page.inputValue('#f-fc_ports'), '1');
  assert.equal(await applied.count(), 0, 'the message goes with the change');
  // Applied again, then any other edit: the message no longer describes the scenario on screen.
  await card.locator('button[data-apply="fc_ports=2"]').click();
  await applied.waitFor();
  await page.fill('#f-clients', '11');
  await page.waitForFunction(() => !document.querySelector('[data-testid=applied]'));
  assert.deepEqual(problems.consoleErrors, []);
  await page.close();
});

test('an NFS plan that no single change fits gets the changes together', async () => {
  const { page } = await open(env, '#v=1&target=nfs&arrays=2&data=10TB&window_h=4');
  const card = page.locator('[data-testid=what-to-add]');
  await card.waitFor();
  assert.match(await card.textContent(), /One count\s*no single count reaches it/);
  const together = card.locator('button', { hasText: 'Apply together' });
  assert.match(await together.textContent(), /File systems \(file_systems\) 1 → 2 and Volumes sent per array \(volumes\) 4 → 6/);
  await together.click();
  await page.waitForFunction(() => document.querySelector('[data-testid=what-to-add]').hidden);
  await page.close();
});

test('a plan that adds ports of a link is offered the faster link, and Apply sets its speed', async () => {
  // One client on 1GbE with 20 TB in 8 h: the counts alone take 8 client ports; one 10GbE port does
  // without more (model/src/goal_seek.rs works it out). The LTO-4 drives keep their own 4GFC.
  const { page, problems } = await open(env, '#v=1&clients=1&client_nic=1GbE&data=20TB&window_h=8');
  const card = page.locator('[data-testid=what-to-add]');
  await card.waitFor();
  assert.match(await card.textContent(), /Faster\s*Client link \(client_nic\) 1GbE → 10GbE and Streams per client/);
  const faster = card.locator('button[data-apply="client_nic=10GbE&streams=24&drives=4&fc_ports=4"]');
  await faster.click();
  await page.waitForFunction(() => document.querySelector('[data-testid=what-to-add]').hidden);
  assert.equal(await page.inputValue('#f-client_nic'), '10GbE');
  assert.equal(await page.inputValue('#f-fc_ports'), '4');
  assert.match(await page.textContent('[data-testid=window]'), /^Fits/);
  await waitForLink(page, /client_nic=10GbE/);
  assert.deepEqual(problems.consoleErrors, []);
  await page.close();
});

test('a repository fleet is told the disks that fit it, as the planner says, and Apply makes its night fit', async () => {
  // Three 1 TB jobs on 1GbE into one 150 MB/s disk: 20,000 s against a 5 h window without headroom;
  // two disks carry 300 MB/s: 10,000 s (model/tests/repository_fleet.rs works it out by hand).
  const jobs = encodeURIComponent('name,data\na,1TB\nb,1TB\nc,1TB');
  const { page, problems } = await open(env, `#v=1&target=repository&repo_kind=disk&disks=1&disk_type=hdd7k&raid=0&window_h=5&headroom=0&jobs=${jobs}`);
  const card = page.locator('[data-testid=what-to-add]');
  await card.waitFor();
  assert.match(await card.textContent(), /One change\s*Disks \(disks\) 1 → 2: 2 h 46 min/);
  await card.locator('button[data-apply="disks=2"]').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=what-to-add]').hidden);
  assert.equal(await page.inputValue('#f-disks'), '2');
  assert.match(await page.textContent('[data-testid=window]'), /^Fits/);
  await waitForLink(page, /disks=2/);
  assert.deepEqual(problems.consoleErrors, []);
  await page.close();
});

test('a fleet\'s Apply makes the job changes its counts were found with, and the night keeps its headroom', async () => {
  // The README's repository fleet: fs01 needs 7 streams, then 3 drives and 3 FC ports.
  const jobs = encodeURIComponent('name,data,client_nic\ndb,6TB,10GbE\nfs01,8TB,10GbE\nfs02,5TB,10GbE\nweb,500GB,1GbE');
  const { page, problems } = await open(env, `#v=1&target=repository&disks=6&copy_to_tape=on&drives=2&window_h=24&jobs=${jobs}`);
  const card = page.locator('[data-testid=what-to-add]');
  await card.waitFor();
  const button = card.locator('button[data-apply="drives=3&fc_ports=3"]');
  assert.match(await button.textContent(), /^Apply the job changes above and Tape drives \(drives\) 2 → 3/);
  await button.click();
  await page.waitForFunction(() => document.querySelector('[data-testid=what-to-add]').hidden);
  const streams = await page.locator('#jobs-body tr:nth-child(2) input').nth(6).inputValue();
  assert.equal(streams, '7', 'fs01 gets its 7 streams');
  // The card is gone: the results name the job's change rather than "the job changes above".
  assert.match(await page.textContent('[data-testid=applied]'), /^Applied from What to add: fs01's streams per client to 7 and Tape drives \(drives\) 2 → 3 and FC HBA ports/);
  assert.match(await page.textContent('[data-testid=window]'), /^Fits/);
  await waitForLink(page, /streams%0A|streams/);
  assert.deepEqual(problems.consoleErrors, []);
  await page.close();
});

test('drives that outrun their one port are told to use fewer at once, and Apply ends the night it promised', async () => {
  // Five jobs on four LTO-4 drives behind one 4GFC port: each running job shares the port, so db's 6 TB
  // end at 13 h 15 min; two drives at once end at 11 h 49 min, inside the 16 h window's 12 h 48 min aim.
  const { page, problems } = await open(env, '#v=1&drives=4&fc_ports=1&window_h=16&jobs=name%2Cdata%2Cclient_nic%0Adb%2C6TB%2C10GbE%0Afs1%2C2TB%2C%0Afs2%2C2TB%2C%0Aweb%2C500GB%2C%0Amail%2C3TB%2C');
  const card = page.locator('[data-testid=what-to-add]');
  await card.waitFor();
  assert.match(await page.textContent('[data-testid=makespan]'), /^13 h 15 min$/);
  const button = card.locator('button[data-apply="drives_at_once=2"]');
  assert.equal(await button.textContent(), 'Apply Drives used at once (drives_at_once) all → 2: 11 h 49 min');
  await button.click();
  await page.waitForFunction(() => document.querySelector('[data-testid=makespan]')?.textContent === '11 h 49 min');
  assert.equal(await page.inputValue('#f-drives_at_once'), '2');
  await waitForLink(page, /drives_at_once=2/);
  assert.deepEqual(problems.consoleErrors, []);
  await page.close();
});

test('a fleet that another job order fits is offered it, and Apply sets the order and ends the night it promised', async () => {
  // Graham's example on two drives of one session (stop 37): longest first takes 1 h 43 min, past a 1 h 30 min
  // window the jobs started as listed fit (1 h 28 min); What to add offered only a third drive or a second session.
  const csv = 'name,data\na,300GB\nb,200GB\nc,200GB\nd,300GB\ne,200GB\n';
  const { page, problems } = await open(env, `#v=1&drives=2&fc_ports=2&sessions_per_drive=1&window_h=1.5&headroom=0&jobs=${encodeURIComponent(csv)}`);
  const card = page.locator('[data-testid=what-to-add]');
  await card.waitFor();
  assert.match(await page.textContent('[data-testid=makespan]'), /^1 h 43 min$/);
  const button = card.locator('button[data-apply="job_order=listed"]');
  assert.equal(await button.textContent(), 'Apply Job order (job_order) longest → listed: 1 h 28 min');
  await button.click();
  await page.waitForFunction(() => document.querySelector('[data-testid=makespan]')?.textContent === '1 h 28 min');
  assert.equal(await page.inputValue('#f-job_order'), 'listed');
  await waitForLink(page, /job_order=listed/);
  assert.deepEqual(problems.consoleErrors, []);
  await page.close();
});

test('a job its drive holds is offered newer drives, and Apply sets the generation and the job cell and ends the night it promised', async () => {
  // One 7.5 TB job of 8 streams on one LTO-4: 8 h 52 min against an 8 h window (6 h 24 min kept spare).
  // A job runs on one drive, so no count helps; until stop 47 What to add said only to split it. LTO-7 with a
  // ninth stream takes 6 h 10 min.
  const csv = 'name,data,streams,client_nic\nbig,7.5TB,8,10GbE\n';
  const { page, problems } = await open(env, `#v=1&lto=LTO-4&drives=1&window_h=8&jobs=${encodeURIComponent(csv)}`);
  const card = page.locator('[data-testid=what-to-add]');
  await card.waitFor();
  assert.match(await page.textContent('[data-testid=makespan]'), /^8 h 52 min$/);
  assert.match(await card.textContent(), /a newer drive generation does \(Newer drives\)/);
  // LTO-7 is built for 8GFC, and the plan sets it too (a page trial's applied LTO-7 on 4GFC drew the
  // interface warning).
  const button = card.locator('button[data-apply="lto=LTO-7&fc=8GFC"]');
  assert.equal(await button.textContent(), 'Apply newer drives: Drive generation (lto) LTO-4 → LTO-7 and big: streams per client (streams) 8 → 9 and FC speed (fc) 4GFC → 8GFC: 6 h 10 min');
  await button.click();
  await page.waitForFunction(() => document.querySelector('[data-testid=makespan]')?.textContent === '6 h 10 min');
  assert.equal(await page.inputValue('#f-lto'), 'LTO-7');
  assert.equal(await page.inputValue('#f-fc'), '8GFC');
  // The job's cell is said once, then the generation (a trial read big's streams twice).
  assert.match(await page.textContent('[data-testid=applied]'), /^Applied from What to add: big's streams per client to 9 and Drive generation \(lto\) LTO-4 → LTO-7 and FC speed \(fc\) 4GFC → 8GFC: 6 h 10 min\. Undo/);
  assert.doesNotMatch(await page.textContent('body'), /are built for 8GFC, but sit on 4GFC/);
  assert.match(await page.textContent('[data-testid=window]'), /^Fits/);
  await waitForLink(page, /lto=LTO-7/);
  await waitForLink(page, /big,7\.5TB,10GbE,9/);
  assert.deepEqual(problems.consoleErrors, []);
  await page.close();
});

test('drives on FC ports slower than their own interface are offered their own speed, and Apply ends the night it promised', async () => {
  // Five jobs on two LTO-8 drives behind two 4GFC ports: the 6 TB job alone takes 4 h 10 min on its port, so
  // no count fits the 4 h window's 3 h 12 min aim; on the LTO-8's own 8GFC the night is 2 h 49 min (stop 40:
  // until then What to add offered only counts and said to split the job).
  const csv = 'name,data\ndb,6TB\nfs1,2TB\nfs2,2TB\nweb,500GB\nmail,3TB\n';
  const { page, problems } = await open(env, `#v=1&lto=LTO-8&fc=4GFC&drives=2&fc_ports=2&client_nic=10GbE&server_nic=25GbE&stream_rate=300&window_h=4&jobs=${encodeURIComponent(csv)}`);
  const card = page.locator('[data-testid=what-to-add]');
  await card.waitFor();
  assert.match(await page.textContent('[data-testid=makespan]'), /^4 h 51 min$/);
  // db's own port sets the night the counts reach: no count shortens one job, its faster link does.
  assert.match(await card.textContent(), /: 4 h 10 min: db alone takes that long, which no count of the fleet shortens: a faster link does \(Faster\)/);
  const button = card.locator('button[data-apply="fc=8GFC"]');
  assert.equal(await button.textContent(), 'Apply the faster link: FC speed (fc) 4GFC → 8GFC: 2 h 49 min');
  await button.click();
  await page.waitForFunction(() => document.querySelector('[data-testid=makespan]')?.textContent === '2 h 49 min');
  assert.equal(await page.inputValue('#f-fc'), '8GFC');
  assert.match(await page.textContent('[data-testid=window]'), /^Fits/);
  await waitForLink(page, /fc=8GFC/);
  assert.deepEqual(problems.consoleErrors, []);
  await page.close();
});

/**
 * The laid-out words of `selector`'s text: for each run of non-space characters, the line it sits on (the
 * top of its first character) and whether all its characters sit on that one line, with its left and right
 * edges. Each character is measured by a Range of its own; a space the layout dropped has no box.
 */
function laidOutWords(page, selector) {
  return page.$eval(selector, (element) => {
    const chars = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < node.data.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        chars.push({ c: node.data[i], box: range.getClientRects()[0] });
      }
    }
    const words = [];
    let word = null;
    for (const { c, box } of chars) {
      if (c === ' ') { word = null; continue; }
      if (!box) continue;
      if (!word) {
        word = { text: '', top: box.top, oneLine: true, left: box.left, right: box.right };
        words.push(word);
      }
      word.text += c;
      word.oneLine &&= Math.abs(box.top - word.top) < 2;
      word.right = box.right;
    }
    return words;
  });
}

test('an Apply button with a restore note is one text flow: it wraps between words and keeps its spaces', async () => {
  // Page trial pt65 (finding 2): the button's pieces (figures held with their units) were side by side as
  // flex items: at 390 px five narrow columns wrapping a few letters at a time ("Ap / ply", "tod / ay"),
  // at 1280 px "5 h 57 min(5 h 01 min today)" and "FC HBA ports (fc_ports) 2 → 3:7 h 24 min".
  const link = TWELVE_JOBS_PT65;
  for (const width of [390, 1280]) {
    const { page, problems } = await open(env, link, { width, height: 900 });
    const card = page.locator('[data-testid=what-to-add]');
    await card.waitFor();
    await page.waitForFunction(() => /restore then brings/.test(document.querySelector('[data-testid=what-to-add] .apply-buttons')?.textContent));
    const count = await card.locator('.apply-buttons button').count();
    assert.ok(count >= 2, `${width} px: ${count} buttons`);
    for (let n = 1; n <= count; n++) {
      const selector = `[data-testid=what-to-add] .apply-buttons button:nth-child(${n})`;
      const text = (await page.textContent(selector)).trim();
      const words = await laidOutWords(page, selector);
      // Every word is laid out, none split over two lines.
      assert.deepEqual(words.map((w) => w.text), text.split(/ +/), `${width} px: ${text}`);
      assert.deepEqual(words.filter((w) => !w.oneLine).map((w) => w.text), [], `${width} px, words split over lines: ${text}`);
      // Words on one line keep a space between them; a line below starts at the first line's left edge.
      for (let i = 1; i < words.length; i++) {
        const [a, b] = [words[i - 1], words[i]];
        if (Math.abs(a.top - b.top) < 2) {
          assert.ok(b.left - a.right >= 2, `${width} px: no space between "${a.text}" and "${b.text}" (${b.left - a.right} px): ${text}`);
        } else {
          assert.ok(b.top > a.top, `${width} px: "${b.text}" is beside "${a.text}", not below: ${text}`);
          assert.ok(Math.abs(b.left - words[0].left) < 2, `${width} px: the line from "${b.text}" starts at ${b.left}, not ${words[0].left}: ${text}`);
        }
      }
    }
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), width, `${width} px: no sideways scrolling`);
    if (process.env.SHOTS_DIR) {
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({ path: `${process.env.SHOTS_DIR}/what-to-add-${width}.png` });
    }
    assert.deepEqual(problems.consoleErrors, []);
    await page.close();
  }
});
