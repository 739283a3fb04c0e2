// Screenshots of the built calculator for a look: node scripts/screenshot.mjs [HASH_OR_PRESET] [OUT_DIR]
import { launch, open } from '../tests/e2e/browser.mjs';
const [which = 'hp-8clients-4drives', out = 'tests/output'] = process.argv.slice(2);
const env = await launch();
try {
  for (const [name, width] of [['desktop', 1280], ['phone', 390]]) {
    const hash = which.includes('=') ? which : '';
    const { page, problems } = await open(env, hash, { width, height: 900 });
    if (!hash) await page.selectOption('#preset', which);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${out}/${name}.png`, fullPage: true });
    console.log(name, 'console errors:', problems.consoleErrors, 'foreign:', problems.foreign);
    await page.close();
  }
} finally { await env.close(); }
