// Benchmark (not a test): the job list in headless Chromium, against the built dist/.
//  1. Editing one job of a 500-job list: from the input event in a data cell to the Gantt chart's new SVG,
//     and to the last change the edit makes in the page (schedule, results, every chart), N edits (goal: under
//     50 ms).
//  2. Importing a 10,000-row CSV file: the longest task the page runs from choosing the file until the
//     schedule and the fewest drives and sessions are shown, measured with a PerformanceObserver of long
//     tasks (goal: none over 200 ms), and how long that takes in all.
//   node scripts/bench-fleet.mjs [N=40]
import { launch, open } from '../tests/e2e/browser.mjs';
import { stats, timeEdits } from './edit-timing.mjs';

const runs = Number(process.argv[2] || 40);

/** `n` jobs of 50 GB to 1 TB (a fixed spread), some with their own link or streams. */
function list(n) {
  const rows = ['name,data,client_nic,streams'];
  for (let i = 0; i < n; i++) {
    rows.push(`host${String(i).padStart(5, '0')},${50 + ((i * 7919) % 950)}GB,${i % 5 === 0 ? '10GbE' : ''},${i % 7 === 0 ? '8' : ''}`);
  }
  return rows.join('\n');
}

const env = await launch();
try {
  const scenario = 'v=1&lto=LTO-6&drives=8&fc=8GFC&fc_ports=8&sessions_per_drive=2&window_h=12';
  const { page } = await open(env, `#${scenario}&jobs=${encodeURIComponent(list(500))}`);
  await page.waitForSelector('[data-testid=makespan]');
  // The first job's data cell, alternately a small and a large job.
  const values = Array.from({ length: runs + 5 }, (_, i) => `${100 + (i % 2) * 400 + i}GB`);
  const [toChart, toAll] = await timeEdits(page, '#jobs-body tr[data-r="0"] input[data-c="1"]', '#svg-gantt', values);
  console.log(`editing one job of 500, over ${toAll.length} edits: input to the Gantt chart redrawn: ${stats(toChart)}; input to results and every chart updated: ${stats(toAll)} (goal: under 50 ms)`);
  await page.close();

  const csv = Buffer.from(list(10_000));
  const big = (await open(env, '#v=1&lto=LTO-9&drives=16&fc=16GFC&fc_ports=8&server_nic=100GbE&server_ports=2&cpu_rate=20000&window_h=24')).page;
  await big.evaluate(() => {
    window.longTasks = [];
    new PerformanceObserver(list => window.longTasks.push(...list.getEntries().map(e => e.duration))).observe({ type: 'longtask' });
  });
  const start = Date.now();
  await big.setInputFiles('#import-jobs', { name: 'fleet.csv', mimeType: 'text/csv', buffer: csv });
  await big.waitForFunction(() => document.querySelector('[data-testid=fleet-jobs]')?.textContent.startsWith('10,000 jobs'), null, { timeout: 120000 });
  const shown = Date.now() - start;
  await big.waitForFunction(() => !/checking/.test(document.querySelector('#schedule-summary').textContent), null, { timeout: 600000 });
  const scanned = Date.now() - start;
  const tasks = await big.evaluate(() => window.longTasks);
  const longest = tasks.length ? Math.max(...tasks) : 0;
  console.log(`importing 10,000 rows: schedule shown after ${shown} ms, fewest drives and sessions after ${(scanned / 1000).toFixed(1)} s; ${tasks.length} tasks over 50 ms, the longest ${longest.toFixed(0)} ms (goal: none over 200 ms)`);
  console.log(`  ${await big.textContent('[data-testid=fewest-drives]')} | ${await big.textContent('[data-testid=fewest-sessions]').catch(() => '')}`);
} finally {
  await env.close();
}
