import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { templateIds } from '@folio/core';
import { render, sampleContent } from '@folio/renderer';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import type { BenchRow } from './types.ts';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

/**
 * Runs `fn` with a Lighthouse auditor (mobile, default throttling) on one headless Chromium: each
 * audit returns the four category scores (0–100) and prints the failing audits of any below 100.
 * The first, unmeasured run pays the fresh browser's start-up costs.
 */
export async function withLighthouse<T>(
  warmUpUrl: string,
  fn: (audit: (url: string, label: string) => Promise<Record<Category, number>>) => Promise<T>,
): Promise<T> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', ...FLAGS],
  });
  try {
    await lighthouse(warmUpUrl, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    return await fn(async (url, label) => {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      const lhr = result?.lhr;
      const scores = {} as Record<Category, number>;
      for (const category of CATEGORIES) {
        const score = Math.round((lhr?.categories[category]?.score ?? 0) * 100);
        scores[category] = score;
        if (score < 100 && lhr) {
          const failing = lhr.categories[category]!.auditRefs.filter(
            (ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1,
          ).map((ref) => `${ref.id} (${lhr.audits[ref.id]?.score})`);
          process.stderr.write(`  ${label} ${category} ${score}: ${failing.join(', ')}\n`);
        }
      }
      return scores;
    });
  } finally {
    chrome.kill();
  }
}
const WEIGHT_GOAL_KB = 60;

/**
 * Lighthouse (mobile, default throttling) on every template rendered with the full sample resume,
 * served over local HTTP; axe-core violations in Chromium; and the HTML weight (the whole page:
 * styles and scripts are inline, there are no images in the sample).
 */
export async function lighthouseBench(): Promise<BenchRow[]> {
  if (!fs.existsSync(CHROME_PATH)) {
    process.stderr.write(`lighthouse: skipped, no Chromium at ${CHROME_PATH} (set CHROME_PATH)\n`);
    return [];
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-lighthouse-'));
  const pages = new Map<string, string>();
  for (const id of templateIds) {
    const { html } = render(sampleContent, {
      template: id,
      siteUrl: 'https://jane-doe.folio.example',
      contactFormAction: '/api/sites/jane-doe/contact',
    });
    fs.writeFileSync(path.join(dir, `${id}.html`), html);
    pages.set(`/${id}/`, html);
  }
  const server = http.createServer((req, res) => {
    const html = pages.get(req.url ?? '');
    if (!html) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  const base = `http://127.0.0.1:${port}`;
  const rows: BenchRow[] = [];
  const row = (name: string, value: number, unit: string, goal: string, met: boolean) =>
    rows.push({ section: 'lighthouse', name, value, unit, goal, met });

  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: FLAGS });
  const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
  try {
    await withLighthouse(`${base}/${templateIds[0]}/`, async (audit) => {
      for (const id of templateIds) {
        const url = `${base}/${id}/`;
        const scores = await audit(url, id);
        for (const category of CATEGORIES) {
          row(`${id} ${category}`, scores[category], 'score', '100', scores[category] === 100);
        }

        const page = await browser.newPage();
        await page.goto(url, { waitUntil: 'load' });
        await page.addScriptTag({ path: axePath });
        const violations = await page.evaluate(async () => {
          const axe = (window as unknown as { axe: { run: () => Promise<AxeResults> } }).axe;
          const { violations } = await axe.run();
          return violations.map((v) => `${v.id} ×${v.nodes.length}`);
        });
        await page.close();
        if (violations.length) process.stderr.write(`  ${id} axe: ${violations.join(', ')}\n`);
        row(`${id} axe violations`, violations.length, 'count', '0', violations.length === 0);

        const kb = Buffer.byteLength(pages.get(`/${id}/`)!) / 1024;
        row(`${id} page weight`, kb, 'KB', `< ${WEIGHT_GOAL_KB} KB`, kb < WEIGHT_GOAL_KB);
      }
    });
  } finally {
    await browser.close();
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

interface AxeResults {
  violations: { id: string; nodes: unknown[] }[];
}
