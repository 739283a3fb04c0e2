// Benchmark (not a test): input-to-updated-page latency in headless Chromium, against the built dist/.
// Types a new client count into the form, and times from the input event to the moment the sweep chart's
// SVG has been replaced in the DOM, and to the last change the edit makes anywhere in the page (every
// panel and chart updated). Prints the median and the 90th percentile of N edits (goal: under 16 ms, one
// frame).   node scripts/bench-latency.mjs [N=60]
import { launch, open } from '../tests/e2e/browser.mjs';
import { stats, timeEdits } from './edit-timing.mjs';

const runs = Number(process.argv[2] || 60);
const env = await launch();
try {
  const { page } = await open(env, '#v=1&compression=1.875&clients=8&pairing=static&fc_ports=4&drives=4');
  const values = Array.from({ length: runs + 5 }, (_, i) => String(2 + (i % 14)));
  const [chart, page_] = await timeEdits(page, '#f-clients', '[data-testid=chart-sweep] .chart-svg', values);
  console.log(`over ${chart.length} edits: input to the sweep chart redrawn: ${stats(chart)}; input to the whole page updated: ${stats(page_)} (goal: under 16 ms)`);
} finally {
  await env.close();
}
