// Renders public/icon.svg to the PNG app icons the manifest lists (public/icon-192.png, public/icon-512.png) with
// Debian's Chromium. Run once after changing the SVG and commit the PNGs: node scripts/make-icons.mjs
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import { CHROMIUM, FLAGS } from '../tests/e2e/browser.mjs';

const svg = fs.readFileSync('public/icon.svg');
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
try {
  for (const size of [192, 512]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(`<style>html,body{margin:0;background:transparent}</style>`
      + `<img width="${size}" height="${size}" src="data:image/svg+xml;base64,${svg.toString('base64')}">`);
    await page.waitForFunction(() => document.images[0].complete);
    await page.screenshot({ path: `public/icon-${size}.png`, omitBackground: true });
    await page.close();
    console.log(`public/icon-${size}.png`);
  }
} finally { await browser.close(); }
