/**
 * Screenshots of every template with two real resumes of the corpus (the longest gold file and
 * the shortest one that has work experience), at 1280×800 and 390×844: the first screen and the
 * whole page, to look at after a design change.
 *   npx tsx scripts/template-shots.ts [outDir] [--only=id,id]
 * Default outDir: /tmp/template-shots. Prints each page's weight and whether it scrolls sideways.
 */
import fs from 'node:fs';
import path from 'node:path';
import { defaultContent, templateIds, type ResumeData } from '@folio/core';
import { corpusGoldDir } from '@folio/parser/corpus';
import { render } from '@folio/renderer';
import { standInSite } from '@folio/renderer/fonts.node';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from './lib/chromium.ts';

const args = process.argv.slice(2);
const outDir = path.resolve(args.find((a) => !a.startsWith('--')) ?? '/tmp/template-shots');
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');

const golds = fs
  .readdirSync(corpusGoldDir)
  .filter((f) => f.endsWith('.gold.json'))
  .map((f) => {
    const file = path.join(corpusGoldDir, f);
    return {
      name: f.replace(/\.gold\.json$/, ''),
      size: fs.statSync(file).size,
      data: JSON.parse(fs.readFileSync(file, 'utf8')) as ResumeData,
    };
  })
  .sort((a, b) => a.size - b.size || a.name.localeCompare(b.name));
const long = golds.at(-1)!;
const short = golds.find((g) => (g.data.experience ?? []).length > 0)!;
const resumes = [
  { label: 'long', gold: long, form: true },
  { label: 'short', gold: short, form: false },
];
const viewports = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

const SITE = 'http://site.folio.test/';

fs.mkdirSync(outDir, { recursive: true });
console.log(`long: ${long.name}, short: ${short.name} → ${outDir}`);
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  for (const viewport of viewports) {
    const page = await browser.newPage({ viewport, reducedMotion: 'reduce' });
    // Pages are served from a stand-in site origin with the self-hosted fonts, as published.
    let html = '';
    await page.route(
      `${SITE}**`,
      standInSite(() => html),
    );
    for (const id of templateIds) {
      if (only && !only.includes(id)) continue;
      for (const { label, gold, form } of resumes) {
        const content = defaultContent(gold.data);
        content.settings.showContactForm = form;
        html = render(content, {
          template: id,
          siteUrl: SITE,
          contactFormAction: '/api/sites/john-doe/contact',
        }).html;
        await page.goto(SITE, { waitUntil: 'load' });
        await page.evaluate(() => document.fonts.ready);
        const base = path.join(outDir, `${id}-${label}-${viewport.width}`);
        await page.screenshot({ path: `${base}.png` });
        await page.screenshot({ path: `${base}-full.png`, fullPage: true });
        const sideways = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        console.log(
          `${id.padEnd(11)} ${label.padEnd(5)} ${String(viewport.width).padStart(4)} px  ${(
            Buffer.byteLength(html) / 1024
          )
            .toFixed(1)
            .padStart(5)} KB${sideways > 0 ? `  SCROLLS SIDEWAYS by ${sideways} px` : ''}`,
        );
      }
    }
    await page.close();
  }
} finally {
  await browser.close();
}
