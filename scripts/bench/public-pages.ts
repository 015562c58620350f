import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from '../lib/server-process.ts';
import { CATEGORIES, CHROME_PATH, withLighthouse } from './lighthouse.ts';
import type { BenchRow } from './types.ts';

const JS_BUDGET_KB = 100;
const PERF_GOAL = 95;
const webDist = path.resolve(import.meta.dirname, '../../apps/web/dist');

/**
 * The public site as a first visitor gets it, from the real server (prerendered HTML, compressed
 * assets): the JavaScript the home page downloads (compressed, as transferred) and Lighthouse
 * mobile on the home page, the pricing page and a blog post.
 */
export async function publicPagesBench(): Promise<BenchRow[]> {
  if (!fs.existsSync(path.join(webDist, '_pages', 'manifest.json'))) {
    process.stderr.write('public pages: skipped, run "npm run build" first\n');
    return [];
  }
  if (!fs.existsSync(CHROME_PATH)) {
    process.stderr.write(`public pages: skipped, no Chromium at ${CHROME_PATH}\n`);
    return [];
  }
  const rows: BenchRow[] = [];
  const row = (name: string, value: number, unit: string, goal: string, met: boolean) =>
    rows.push({ section: 'public pages', name, value, unit, goal, met });
  const post = fs
    .readdirSync(path.join(webDist, '_pages', 'blog'))
    .find((f) => f.endsWith('.html'))!
    .replace(/\.html$/, '');

  const server = await startServer();
  try {
    const browser = await chromium.launch({
      executablePath: CHROME_PATH,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    try {
      // Compressed JavaScript each route loads (the home page has a budget; the rest are figures).
      for (const route of ['/', '/pricing', `/blog/${post}`, '/templates', '/auth']) {
        const page = await browser.newPage();
        let bytes = 0;
        const pending: Promise<void>[] = [];
        page.on('requestfinished', (request) => {
          if (request.resourceType() !== 'script') return;
          pending.push(
            request.sizes().then((s) => {
              bytes += s.responseBodySize;
            }),
          );
        });
        await page.goto(`${server.baseURL}${route}`, { waitUntil: 'networkidle' });
        await Promise.all(pending);
        await page.close();
        const kb = bytes / 1024;
        if (route === '/') {
          row('home JavaScript (compressed)', kb, 'KB', `< ${JS_BUDGET_KB} KB`, kb < JS_BUDGET_KB);
        } else {
          rows.push({
            section: 'public pages',
            name: `${route} JavaScript (compressed)`,
            value: kb,
            unit: 'KB',
          });
        }
      }
    } finally {
      await browser.close();
    }

    await withLighthouse(`${server.baseURL}/about-us`, async (audit) => {
      for (const [label, url] of [
        ['home', '/'],
        ['pricing', '/pricing'],
        ['blog post', `/blog/${post}`],
      ] as const) {
        const scores = await audit(`${server.baseURL}${url}`, label);
        for (const category of CATEGORIES) {
          const goal = category === 'performance' ? PERF_GOAL : 100;
          const score = scores[category];
          row(`${label} ${category}`, score, 'score', `≥ ${goal}`, score >= goal);
        }
      }
    });
  } finally {
    await server.stop();
  }
  return rows;
}
