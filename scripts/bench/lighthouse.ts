import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import { defaultContent, templateIds, type ResumeData } from '@folio/core';
import { corpusGoldDir } from '@folio/parser/corpus';
import { FONT_PATH, render } from '@folio/renderer';
import { fontHeaders, readFontFiles } from '@folio/renderer/fonts.node';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import type { BenchRow } from './types.ts';

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

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
  fn: (
    audit: (
      url: string,
      label: string,
      /** Receives the whole report (network log, audits) besides the scores. */
      onReport?: (lhr: LighthouseResult) => void,
    ) => Promise<Record<Category, number>>,
  ) => Promise<T>,
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
    return await fn(async (url, label, onReport) => {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`lighthouse gave no result for ${url}`);
      const scores = {} as Record<Category, number>;
      for (const category of CATEGORIES) {
        const score = Math.round((lhr.categories[category]?.score ?? 0) * 100);
        scores[category] = score;
        if (score < 100) {
          const failing = lhr.categories[category]!.auditRefs.filter(
            (ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1,
          ).map((ref) => `${ref.id} (${lhr.audits[ref.id]?.score})`);
          process.stderr.write(`  ${label} ${category} ${score}: ${failing.join(', ')}\n`);
        }
      }
      onReport?.(lhr);
      return scores;
    });
  } finally {
    chrome.kill();
  }
}
const WEIGHT_GOAL_KB = 100;
/** Lighthouse runs per template (LIGHTHOUSE_RUNS), the median kept. */
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS) || 3);

/** The longest gold file of the real corpus: the most text a template has to carry. */
function longestCorpusResume(): { name: string; data: ResumeData } {
  const [longest] = fs
    .readdirSync(corpusGoldDir)
    .filter((f) => f.endsWith('.gold.json'))
    .map((f) => ({ f, size: fs.statSync(path.join(corpusGoldDir, f)).size }))
    .sort((a, b) => b.size - a.size || a.f.localeCompare(b.f));
  if (!longest) throw new Error(`no gold files in ${corpusGoldDir}`);
  return {
    name: longest.f.replace(/\.gold\.json$/, ''),
    data: JSON.parse(fs.readFileSync(path.join(corpusGoldDir, longest.f), 'utf8')) as ResumeData,
  };
}

/** Bytes a page load transferred, by kind, as Lighthouse's network log counts them. */
function transferred(lhr: LighthouseResult): { total: number; byType: Record<string, number> } {
  const items =
    (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
  const byType: Record<string, number> = {};
  let total = 0;
  for (const item of items) {
    const size = item.transferSize ?? 0;
    total += size;
    const type = item.resourceType ?? 'Other';
    byType[type] = (byType[type] ?? 0) + size;
  }
  return { total, byType };
}

/**
 * Lighthouse (mobile, default throttling; the median of RUNS runs) on every template rendered with
 * the longest resume of the real corpus (contact form on), served as a published site is: the page
 * brotli-compressed, its self-hosted fonts from /fonts/ with their real headers; axe-core
 * violations in Chromium; and the page weight actually transferred (HTML, fonts, images:
 * everything the page loaded).
 */
export async function lighthouseBench(): Promise<BenchRow[]> {
  if (!fs.existsSync(CHROME_PATH)) {
    process.stderr.write(`lighthouse: skipped, no Chromium at ${CHROME_PATH} (set CHROME_PATH)\n`);
    return [];
  }
  const resume = longestCorpusResume();
  process.stderr.write(`  resume: ${resume.name} (the longest gold file of the real corpus)\n`);
  const content = defaultContent(resume.data);
  content.settings.showContactForm = true;
  // BENCH_TEMPLATES=modern,developer measures only those.
  const only = process.env.BENCH_TEMPLATES?.split(',').map((t) => t.trim());
  const ids = templateIds.filter((id) => !only || only.includes(id));
  const pages = new Map<string, Buffer>();
  for (const id of ids) {
    const { html } = render(content, {
      template: id,
      siteUrl: 'https://john-doe.folio.example',
      contactFormAction: '/api/sites/john-doe/contact',
    });
    pages.set(`/${id}/`, zlib.brotliCompressSync(html));
  }
  const fonts = readFontFiles();
  const server = http.createServer((req, res) => {
    const url = req.url ?? '';
    const font = url.startsWith(FONT_PATH) ? fonts.get(url.slice(FONT_PATH.length)) : undefined;
    if (font) {
      res.writeHead(200, { ...fontHeaders, 'content-length': font.length }).end(font);
      return;
    }
    const body = pages.get(url);
    if (!body) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res
      .writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-encoding': 'br',
        'content-length': body.length,
      })
      .end(body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  const base = `http://127.0.0.1:${port}`;
  const rows: BenchRow[] = [];
  const row = (name: string, value: number, unit: string, goal?: string, met?: boolean) =>
    rows.push({
      section: 'lighthouse',
      name,
      value,
      unit,
      ...(goal === undefined ? {} : { goal, met }),
    });

  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: FLAGS });
  const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
  try {
    await withLighthouse(`${base}/${ids[0]}/`, async (audit) => {
      for (const id of ids) {
        const url = `${base}/${id}/`;
        // Lighthouse's advice for its run-to-run variance: several runs, the median one kept
        // (here by performance score; the other three categories do not vary).
        const runs: { scores: Record<Category, number>; lhr: LighthouseResult }[] = [];
        for (let i = 0; i < RUNS; i++) {
          let report: LighthouseResult | undefined;
          const runScores = await audit(url, `${id} (run ${i + 1}/${RUNS})`, (r) => (report = r));
          runs.push({ scores: runScores, lhr: report! });
        }
        runs.sort((a, b) => a.scores.performance - b.scores.performance);
        const { scores, lhr } = runs[Math.floor(runs.length / 2)]!;
        for (const category of CATEGORIES) {
          row(`${id} ${category}`, scores[category], 'score', '100', scores[category] === 100);
        }

        const page = await browser.newPage();
        await page.goto(url, { waitUntil: 'load' });
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        await page.addScriptTag({ path: axePath });
        const violations = await page.evaluate(async () => {
          const axe = (window as unknown as { axe: { run: () => Promise<AxeResults> } }).axe;
          const { violations } = await axe.run();
          return violations.map((v) => `${v.id} ×${v.nodes.length}`);
        });
        await page.close();
        if (violations.length) process.stderr.write(`  ${id} axe: ${violations.join(', ')}\n`);
        row(`${id} axe violations`, violations.length, 'count', '0', violations.length === 0);

        // Where a performance score below 100 comes from (TBT grows with a busy machine).
        for (const [audit, label] of [
          ['largest-contentful-paint', 'largest contentful paint'],
          ['total-blocking-time', 'total blocking time'],
          ['cumulative-layout-shift', 'layout shift'],
        ] as const) {
          const value = lhr.audits[audit]?.numericValue ?? 0;
          row(`${id} ${label}`, value, audit === 'cumulative-layout-shift' ? 'CLS' : 'ms');
        }

        const weight = transferred(lhr);
        const kb = weight.total / 1024;
        row(`${id} page weight`, kb, 'KB', `< ${WEIGHT_GOAL_KB} KB`, kb < WEIGHT_GOAL_KB);
        row(`${id} of which fonts`, (weight.byType.Font ?? 0) / 1024, 'KB');
        row(`${id} of which HTML`, (weight.byType.Document ?? 0) / 1024, 'KB');
      }
    });
  } finally {
    await browser.close();
    server.close();
  }
  return rows;
}

interface NetworkItem {
  transferSize?: number;
  resourceType?: string;
}

interface AxeResults {
  violations: { id: string; nodes: unknown[] }[];
}
