// Benchmark (not a test): input-to-updated-chart latency in headless Chromium, against the built dist/.
// Types a new client count into the form, and times from the input event to the moment the sweep chart's
// SVG has been replaced in the DOM. Prints the median and the 90th percentile of N edits (goal: median
// under 16 ms, one frame).   node scripts/bench-latency.mjs [N=60]
import { launch, open } from '../tests/e2e/browser.mjs';

const runs = Number(process.argv[2] || 60);
const env = await launch();
try {
  const { page } = await open(env, '#v=1&compression=1.875&clients=8&pairing=static&fc_ports=4&drives=4');
  const times = await page.evaluate(async (runs) => {
    const input = document.querySelector('#f-clients');
    const chart = document.querySelector('[data-testid=chart-sweep] .chart-svg');
    const out = [];
    for (let i = 0; i < runs + 5; i++) {
      const changed = new Promise(resolve => {
        const observer = new MutationObserver(() => { observer.disconnect(); resolve(performance.now()); });
        observer.observe(chart, { childList: true, subtree: true, characterData: true });
      });
      const start = performance.now();
      input.value = String(2 + (i % 14));
      input.dispatchEvent(new Event('input', { bubbles: true }));
      const end = await changed;
      if (i >= 5) out.push(end - start); // the first edits warm the JIT up
      await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
    }
    return out;
  }, runs);
  times.sort((a, b) => a - b);
  const at = q => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  console.log(`input-to-updated-chart latency over ${times.length} edits: median ${at(0.5).toFixed(1)} ms, p90 ${at(0.9).toFixed(1)} ms, max ${times[times.length - 1].toFixed(1)} ms (goal: median under 16 ms)`);
} finally {
  await env.close();
}
