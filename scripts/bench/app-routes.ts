/**
 * The JavaScript the web app's first routes make a browser download: each route loaded once in
 * Chromium from the real server with an empty cache (signed in where the route needs it), every
 * script response counted as transferred (compressed body size). The reference is the home page,
 * a prerendered marketing page, measured in the same run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Request } from 'playwright-core';
import { chromiumLaunchOptions, chromiumPath } from '../lib/chromium.ts';
import { startServer } from '../lib/server-process.ts';
import type { BenchRow } from './types.ts';

const GOAL_KB = 120;
const webDist = path.resolve(import.meta.dirname, '../../apps/web/dist');

/** Kilobytes of compressed JavaScript a fresh visit to `url` downloads, and the script files. */
async function scriptKb(browser: Browser, url: string, token?: string) {
  const context = await browser.newContext();
  if (token) {
    await context.addInitScript((t) => {
      if (window === window.top) localStorage.setItem('jwt', t);
    }, token);
  }
  const page = await context.newPage();
  let bytes = 0;
  const files: { name: string; size: number }[] = [];
  const pending: Promise<void>[] = [];
  const onFinished = (request: Request) => {
    if (request.resourceType() !== 'script') return;
    pending.push(
      request.sizes().then((s) => {
        bytes += s.responseBodySize;
        files.push({
          name: path.basename(new URL(request.url()).pathname),
          size: s.responseBodySize,
        });
      }),
    );
  };
  page.on('requestfinished', onFinished);
  await page.goto(url);
  // The route's own heading: the page is drawn, every chunk it needed has arrived.
  await page.locator('h1').first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  page.off('requestfinished', onFinished);
  await Promise.all(pending);
  await context.close();
  return { kb: bytes / 1024, files };
}

export async function appRoutesBench(): Promise<BenchRow[]> {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    process.stderr.write('app routes: skipped, run "npm run build" first\n');
    return [];
  }
  if (!fs.existsSync(chromiumPath)) {
    process.stderr.write(`app routes: skipped, no Chromium at ${chromiumPath}\n`);
    return [];
  }
  const server = await startServer();
  const { baseURL } = server;
  try {
    const id = Date.now().toString(36);
    const reg = await fetch(`${baseURL}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: `routes${id}`,
        email: `routes${id}@example.com`,
        name: 'Bench User',
        password: 'secret-pass-1',
      }),
    });
    if (reg.status !== 201) throw new Error(`register: ${reg.status} ${await reg.text()}`);
    const { token } = (await reg.json()) as { token: string };
    const created = await fetch(`${baseURL}/api/portfolios`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        name: 'Bench Portfolio',
        content: { data: { contact: { name: 'Ada Park', title: 'Engineer' } } },
      }),
    });
    if (created.status !== 201) throw new Error(`create: ${created.status}`);
    const { id: portfolioId } = (await created.json()) as { id: number };

    // The goal is the first route's: `/auth` signed out, `/dashboard` signed in (where signing in
    // lands). The rest are measured to see where each route stands.
    const routes: { route: string; signedIn: boolean; first?: boolean }[] = [
      { route: '/auth', signedIn: false, first: true },
      { route: '/templates', signedIn: false },
      { route: '/dashboard', signedIn: true, first: true },
      { route: '/resume-upload', signedIn: true },
      { route: `/template-select?id=${portfolioId}`, signedIn: true },
      { route: `/preview?id=${portfolioId}`, signedIn: true },
      { route: `/template-editor?id=${portfolioId}`, signedIn: true },
      { route: `/publish?id=${portfolioId}`, signedIn: true },
    ];

    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      const home = await scriptKb(browser, `${baseURL}/`);
      const reference = { name: 'home page', value: home.kb };
      const rows: BenchRow[] = [];
      for (const { route, signedIn, first } of routes) {
        const { kb, files } = await scriptKb(
          browser,
          `${baseURL}${route}`,
          signedIn ? token : undefined,
        );
        // BENCH_VERBOSE=1 lists the scripts of each route with their sizes, to see what is heavy.
        if (process.env.BENCH_VERBOSE) {
          process.stderr.write(
            `${route}\n  ${files
              .sort((a, b) => b.size - a.size)
              .map((f) => `${f.name} ${f.size}`)
              .join('\n  ')}\n`,
          );
        }
        rows.push({
          section: 'app routes',
          name: `${route.replace(/\?.*/, '')} JavaScript (compressed)`,
          value: kb,
          unit: 'KB',
          reference,
          ...(first ? { goal: `< ${GOAL_KB} KB`, met: kb < GOAL_KB } : {}),
        });
      }
      return rows;
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
  }
}
