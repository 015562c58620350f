/**
 * Preview latency: in Chromium, on /preview?id=N of a real server, the time from a keystroke in
 * the title field until the preview frame holds a document with the new text. The reference is
 * the same page's no-op requestAnimationFrame round trip, measured in the same run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions, chromiumPath } from '../lib/chromium.ts';
import { startServer } from '../lib/server-process.ts';
import { median, type BenchRow } from './types.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const ROUNDS = 50;
const GOAL_MS = 50;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

export async function previewLatencyBench(): Promise<BenchRow[]> {
  if (!fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    process.stderr.write(
      'preview: skipped, the web app is not built (run `npm run build -w apps/web` first)\n',
    );
    return [];
  }
  if (!fs.existsSync(chromiumPath)) {
    process.stderr.write(`preview: skipped, no Chromium at ${chromiumPath}\n`);
    return [];
  }

  const server = await startServer();
  const { baseURL } = server;
  const browser = await chromium.launch(chromiumLaunchOptions).catch(async (err: unknown) => {
    await server.stop();
    throw err;
  });

  try {
    const id = Date.now().toString(36);
    const account = {
      username: `bench${id}`,
      email: `bench${id}@example.com`,
      name: 'Bench User',
      password: 'secret-pass-1',
    };
    const reg = await fetch(`${baseURL}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(account),
    });
    if (reg.status !== 201) throw new Error(`register: ${reg.status} ${await reg.text()}`);
    const { token } = (await reg.json()) as { token: string };
    const created = await fetch(`${baseURL}/api/portfolios`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        name: 'Bench Portfolio',
        content: {
          data: {
            contact: { name: 'Ada Park', title: 'Engineer', email: 'ada@example.com' },
            summary: 'I build reliable systems for people who depend on them every day.',
            experience: [
              {
                company: 'Acme Corp',
                position: 'Software Engineer',
                dates: '2020 – 2024',
                description: ['Built the billing platform', 'Led the move to TypeScript'],
              },
            ],
            projects: [{ name: 'Orbit', description: ['A tiny scheduler'] }],
            skills: { technical: ['TypeScript', 'PostgreSQL', 'React'] },
          },
        },
      }),
    });
    if (created.status !== 201) throw new Error(`create: ${created.status}`);
    const { id: portfolioId } = (await created.json()) as { id: number };

    // Wide enough for the live preview beside the resume editor.
    const page = await browser.newPage({ baseURL, viewport: { width: 1440, height: 900 } });
    // tsx compiles with keepNames: functions passed to page.evaluate call its `__name` helper.
    await page.addInitScript('globalThis.__name = (f) => f;');
    await page.goto('/404');
    await page.evaluate((t) => {
      if (window === window.top) localStorage.setItem('jwt', t);
    }, token);
    await page.goto(`/preview?id=${portfolioId}`);
    await page.getByRole('tab', { name: 'Resume' }).click();
    const field = page.getByLabel('Professional Title', { exact: true });
    await field.click();
    await page.keyboard.press('End');
    await page.locator('iframe[title="Portfolio preview"]').waitFor();

    /**
     * Arms a listener in the page, then returns when the frame's document shows `expected` and
     * the next frame has been painted: the ms from just before the keystroke.
     */
    const armFrameWait = (expected: string) =>
      page.evaluate((text) => {
        const frame = document.querySelector<HTMLIFrameElement>(
          'iframe[title="Portfolio preview"]',
        );
        const doc = frame?.contentDocument;
        if (!doc) throw new Error('no preview frame document');
        const w = window as unknown as { __bench?: Promise<number[]>; __benchStart?: number };
        w.__bench = new Promise<number[]>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no frame with "${text}"`)), 5000);
          const observer = new MutationObserver(() => {
            const shown = doc.documentElement.innerHTML.includes(text);
            if (!shown) return;
            observer.disconnect();
            clearTimeout(timer);
            const inDom = performance.now() - (w.__benchStart ?? 0);
            requestAnimationFrame(() =>
              resolve([performance.now() - (w.__benchStart ?? 0), inDom]),
            );
          });
          observer.observe(doc, { childList: true, subtree: true, characterData: true });
        });
        w.__benchStart = performance.now();
      }, expected);
    const frameWait = () =>
      page.evaluate(() => (window as unknown as { __bench: Promise<number[]> }).__bench);

    const latencies: number[] = [];
    const toDom: number[] = [];
    let title = 'Engineer';
    // Two warm-up keystrokes, then the measured ones.
    for (let i = 0; i < ROUNDS + 2; i++) {
      const char = String.fromCharCode(97 + (i % 26));
      title += char;
      await armFrameWait(`>${title}<`);
      await page.keyboard.type(char);
      const [shown = Number.NaN, set = Number.NaN] = await frameWait();
      if (i >= 2) {
        latencies.push(shown);
        toDom.push(set);
      }
    }

    const rafTimes = await page.evaluate(async (rounds: number): Promise<number[]> => {
      const times: number[] = [];
      for (let i = 0; i < rounds; i++) {
        const start = performance.now();
        await new Promise<void>((r) => requestAnimationFrame(() => r()));
        times.push(performance.now() - start);
      }
      return times;
    }, ROUNDS);

    const raf = median(rafTimes);
    const med = median(latencies);
    const p95 = percentile(latencies, 95);
    const reference = { name: 'no-op rAF round trip (median)', value: raf };
    return [
      {
        section: 'preview',
        name: `keystroke → frame painted with text, median of ${ROUNDS}`,
        value: med,
        unit: 'ms',
        reference,
        goal: `< ${GOAL_MS} ms`,
        met: med < GOAL_MS,
      },
      {
        section: 'preview',
        name: `keystroke → frame painted with text, p95 of ${ROUNDS}`,
        value: p95,
        unit: 'ms',
        reference,
        goal: `< ${GOAL_MS} ms`,
        met: p95 < GOAL_MS,
      },
      {
        // The split: the app's part (draft → render → patched document); the rest is the paint.
        section: 'preview',
        name: `keystroke → document patched (before paint), median of ${ROUNDS}`,
        value: median(toDom),
        unit: 'ms',
        reference,
      },
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}
