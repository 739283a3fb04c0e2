// Capacity over time in the page: issue 11's scenario shows the night the weekly full first misses
// the window (with its calendar date), what fits it again, the copies held, and both charts with the
// crossings marked and downloadable.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

const GROWING = '#v=1&data=10TB&window_h=8&clients=4&lto=LTO-8&drives=4&fc=8GFC&fc_ports=4&full_every_days=7&change_rate=5&retention_days=28&growth=30&library_slots=5';

test('the timeline names the first night a full misses the window, with its date, and what fits it', async () => {
  const { page, problems } = await open(env, GROWING);
  const facts = page.locator('[data-testid=timeline-facts]');
  await facts.waitFor();
  const text = await facts.textContent();
  // Night 371 from today, as a calendar date computed the same way the page does.
  const date = new Date(Date.now() + 371 * 86400000);
  const iso = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  assert.match(text, new RegExp(`First miss\\s*night 371 \\(${iso}, 1 y 6 d from today\\): the full of 13\\.1 TB`));
  assert.match(text, /To fit\s*Ports per client \(client_ports\) 1 → 2 reaches/);
  assert.match(text, /After 1 year\s*79\.7 TB in 29 points \(5 fulls\), 4 × LTO-8/);
  assert.match(text, /Capacity\s*the copies held outgrow 5 library slots on night \d+/);
  for (const id of ['nights', 'held']) {
    assert.equal(await page.locator(`[data-testid=chart-${id}] svg`).count(), 1, id);
  }
  assert.match(await page.textContent('[data-testid=chart-nights]'), new RegExp(`first miss: night 371, ${iso}`), 'the chart marks the date');
  const [svg] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=chart-held] [data-export=svg]')]);
  assert.equal(svg.suggestedFilename(), 'held.svg');
  const [png] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=chart-nights] [data-export=png]')]);
  assert.equal(png.suggestedFilename(), 'nights.png');
  assert.deepEqual(problems.consoleErrors, []);
  await page.close();
});

test('without a data set the timeline asks for one, and faster growth brings the first miss sooner', async () => {
  const { page } = await open(env, '#v=1');
  assert.match(await page.textContent('[data-testid=timeline]'), /Enter a data set size to plan the nights ahead/);
  await page.goto(env.server.url + GROWING.replace('growth=30', 'growth=60'));
  await page.reload();
  await page.locator('[data-testid=timeline-facts]').waitFor();
  const text = await page.textContent('[data-testid=timeline-facts]');
  const night = Number(text.match(/First miss\s*night (\d+)/)[1]);
  assert.ok(night < 371 && night > 150, `faster growth misses sooner: night ${night}`);
  await page.close();
});
