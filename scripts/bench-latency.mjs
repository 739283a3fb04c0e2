// Benchmark (not a test): input-to-updated-page latency in headless Chromium, against the built dist/.
// Types a new client count into the form, and times from the input event to the moment the sweep chart's
// SVG has been replaced in the DOM, and to the end of all the work the edit caused (the next task: every
// panel and chart updated). Prints the median and the 90th percentile of N edits (goal: under 16 ms, one
// frame).   node scripts/bench-latency.mjs [N=60]
import { launch, open } from '../tests/e2e/browser.mjs';

const runs = Number(process.argv[2] || 60);
const env = await launch();
try {
  const { page } = await open(env, '#v=1&compression=1.875&clients=8&pairing=static&fc_ports=4&drives=4');
  const [chart, page_] = await page.evaluate(async (runs) => {
    const input = document.querySelector('#f-clients');
    const chart = document.querySelector('[data-testid=chart-sweep] .chart-svg');
    const toChart = [], toAll = [];
    for (let i = 0; i < runs + 5; i++) {
      let changed = 0;
      const observer = new MutationObserver(() => { if (!changed) changed = performance.now(); });
      observer.observe(chart, { childList: true, subtree: true, characterData: true });
      const start = performance.now();
      input.value = String(2 + (i % 14));
      input.dispatchEvent(new Event('input', { bubbles: true }));
      // Every effect of the edit runs in this task's microtasks: the next task starts once all are done.
      await new Promise(r => setTimeout(r, 0));
      const done = performance.now();
      observer.disconnect();
      if (i >= 5) { toChart.push(changed - start); toAll.push(done - start); } // the first edits warm the JIT up
      await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
    }
    return [toChart, toAll];
  }, runs);
  const stats = times => {
    times.sort((a, b) => a - b);
    const at = q => times[Math.min(times.length - 1, Math.floor(q * times.length))];
    return `median ${at(0.5).toFixed(1)} ms, p90 ${at(0.9).toFixed(1)} ms, max ${times[times.length - 1].toFixed(1)} ms`;
  };
  console.log(`over ${chart.length} edits: input to the sweep chart redrawn: ${stats(chart)}; input to the whole page updated: ${stats(page_)} (goal: under 16 ms)`);
} finally {
  await env.close();
}
