/**
 * Gallery thumbnails: every template rendered with the sample content, served with its web fonts
 * and screenshotted in headless Chromium at a 1280×960 desktop viewport, scaled to 480×360 and written as WebP to
 * apps/web/public/thumbnails/{id}.webp (committed; Vite copies them into the build).
 *   npm run thumbnails [-- --only=id,id]
 * CHROMIUM overrides the browser (default /usr/bin/chromium).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { templateIds } from '@folio/core';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { render, sampleContent } from '../src/index.ts';
import { standInSite } from '../src/fonts.node.ts';

const VIEWPORT = { width: 1280, height: 960 };
const THUMB = { width: 480, height: 360 };
const QUALITY = 70;
const BUDGET_BYTES = 25 * 1024;

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const outDir = join(repoRoot, 'apps/web/public/thumbnails');
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
});
let overBudget = 0;
try {
  const page = await browser.newPage({ viewport: VIEWPORT, reducedMotion: 'reduce' });
  // Pages are served from a stand-in origin with the self-hosted fonts, as a site is.
  const SITE = 'http://site.folio.test/';
  let html = '';
  await page.route(
    `${SITE}**`,
    standInSite(() => html),
  );
  for (const id of templateIds) {
    if (only && !only.includes(id)) continue;
    html = render(sampleContent, { template: id, mode: 'preview' }).html;
    await page.goto(SITE, { waitUntil: 'load' });
    // Let entrance animations and web fonts (if any) settle before the shot.
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(600);
    const png = await page.screenshot({ type: 'png' });
    const webp = await sharp(png)
      .resize(THUMB.width, THUMB.height, { fit: 'cover', position: 'top' })
      .webp({ quality: QUALITY, effort: 6 })
      .toBuffer();
    const file = join(outDir, `${id}.webp`);
    writeFileSync(file, webp);
    const over = webp.length > BUDGET_BYTES;
    if (over) overBudget++;
    console.log(
      `${id.padEnd(12)} ${(webp.length / 1024).toFixed(1).padStart(5)} KB  ${relative(process.cwd(), file)}${over ? '  (over 25 KB)' : ''}`,
    );
  }
} finally {
  await browser.close();
}
if (overBudget) process.exitCode = 1;
