// The driver page's app icons (public/driver/icon-192.png, icon-512.png): the platform's mark
// (public/favicon.svg) drawn by Debian's chromium at each size. Run again when the mark changes:
//   npx tsx packages/web/build/driver-icons.ts
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const web = path.resolve(import.meta.dirname, '..');
const svg = fs.readFileSync(path.join(web, 'public/favicon.svg'), 'utf8');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
try {
  for (const size of [192, 512]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`);
    await page.screenshot({ path: path.join(web, `public/driver/icon-${size}.png`), omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    await page.close();
  }
} finally {
  await browser.close();
}
