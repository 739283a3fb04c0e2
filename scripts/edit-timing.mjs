// Shared by the benchmarks: how long edits take to show in the page, measured in the page itself.

/**
 * Types each of `values` in turn into the input `input` (an input event each, as typing does) and times
 * from the event to the first change of the element `chart`, and to the last change anywhere in the page
 * (every panel and chart holding the edit: every effect of an edit runs in that task's microtasks, so all
 * have run when the next task starts). The first five edits warm the JIT up and are left out.
 * Returns [to the chart, to the whole page], milliseconds.
 */
export function timeEdits(page, input, chart, values) {
  return page.evaluate(async ({ input, chart, values }) => {
    const target = document.querySelector(chart);
    const toChart = [], toAll = [];
    for (const [i, value] of values.entries()) {
      const field = document.querySelector(input);
      let changed = 0, last = 0;
      const first = new MutationObserver(() => { if (!changed) changed = performance.now(); });
      first.observe(target, { childList: true, subtree: true, characterData: true });
      const any = new MutationObserver(() => { last = performance.now(); });
      any.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
      const start = performance.now();
      field.value = value;
      field.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise(r => setTimeout(r, 0));
      first.disconnect();
      any.disconnect();
      if (i >= 5) { toChart.push(changed - start); toAll.push(last - start); }
      await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
    }
    return [toChart, toAll];
  }, { input, chart, values });
}

/** `median …, p90 …, max …` of `times`, milliseconds. */
export function stats(times) {
  times.sort((a, b) => a - b);
  const at = q => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return `median ${at(0.5).toFixed(1)} ms, p90 ${at(0.9).toFixed(1)} ms, max ${times[times.length - 1].toFixed(1)} ms`;
}
