/**
 * Screenshots of the screens a user spends time on, for review notes:
 * the dashboard, the resume editor (Preview & Customize, Resume tab) and Customize, at 1280×800
 * and 390×844, with the longest real resume of the corpus imported through the upload page.
 *
 *   node --import tsx scripts/screenshots.ts OUT_DIR [--resume FILE] [--before]
 *
 * It starts the real server of this checkout (`scripts/lib/server-process.ts`: the built web app,
 * so run `npm run build` first; a fresh embedded database), signs up a user, imports the resume
 * (the longest gold file's document unless `--resume` names one), then writes
 * `{dashboard,editor,customize}-{1280,390}.png` into OUT_DIR and stops the server.
 *
 * Another checkout (e.g. a git worktree of an older commit, installed and built) is shot by
 * copying this file into its `scripts/` and running it there, with `--resume` naming the same
 * document and `--before` for trees from before the import review: there the upload goes
 * straight to the templates and the parser package has no corpus entry point.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from './lib/chromium.ts';
import { startServer } from './lib/server-process.ts';

const viewports = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

interface Options {
  outDir: string;
  resume: string | null;
  before: boolean;
}

function parseArgs(argv: string[]): Options {
  const args = [...argv];
  const options: Options = { outDir: '', resume: null, before: false };
  while (args.length > 0) {
    const arg = args.shift()!;
    if (arg === '--before') options.before = true;
    else if (arg === '--resume') options.resume = path.resolve(args.shift() ?? '');
    else if (!options.outDir && !arg.startsWith('--')) options.outDir = path.resolve(arg);
    else throw new Error(`unknown argument ${arg}`);
  }
  if (!options.outDir)
    throw new Error('usage: scripts/screenshots.ts OUT_DIR [--resume FILE] [--before]');
  return options;
}

/**
 * The document of the longest gold resume (most text) of the real corpus; when its documents are
 * not on this machine (they are never committed), the longest generated academic CV, as the
 * sideways-scroll test picks it.
 */
async function longestResume(): Promise<string> {
  const { corpusDocsDir, corpusDocsNote, corpusGoldDir, hasCorpusDocs } =
    await import('@folio/parser/corpus');
  if (!hasCorpusDocs()) {
    console.log(corpusDocsNote('importing a long generated resume instead.'));
    const { fixtureFamily } = await import('@folio/parser/fixtures');
    const docs = await fixtureFamily('academic-cv');
    const size = (d: (typeof docs)[number]) => JSON.stringify(d.gold).length;
    return docs.reduce((a, b) => (size(b) > size(a) ? b : a)).file;
  }
  const size = (f: string) => fs.statSync(path.join(corpusGoldDir, f)).size;
  const longest = fs
    .readdirSync(corpusGoldDir)
    .filter((f) => f.endsWith('.gold.json'))
    .reduce((a, b) => (size(b) > size(a) ? b : a));
  const base = longest.replace(/\.gold\.json$/, '.');
  const doc = fs.readdirSync(corpusDocsDir).find((f) => f.startsWith(base));
  if (!doc) throw new Error(`no document for ${longest}`);
  return path.join(corpusDocsDir, doc);
}

async function signUp(baseURL: string): Promise<string> {
  const id = Date.now().toString(36);
  const res = await fetch(`${baseURL}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: `shots${id}`,
      email: `shots${id}@example.com`,
      name: 'Jane Tester',
      password: 'secret-pass-1',
    }),
  });
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${await res.text()}`);
  const { token } = (await res.json()) as { token: string | null };
  if (!token) throw new Error('register gave no session (is e-mail verification required?)');
  return token;
}

async function signedInPage(
  browser: Browser,
  baseURL: string,
  token: string,
  viewport: (typeof viewports)[number],
) {
  const context = await browser.newContext({ baseURL, viewport, deviceScaleFactor: 1 });
  await context.addInitScript((jwt: string) => {
    if (window === window.top) localStorage.setItem('jwt', jwt);
  }, token);
  return context.newPage();
}

/** Imports `file` through the upload page; returns the new portfolio's id. */
async function importResume(page: Page, file: string, options: Options): Promise<number> {
  await page.goto('/resume-upload');
  await page.getByLabel('Portfolio Name').fill('Longest Real Resume');
  await page.getByLabel('Resume file', { exact: true }).setInputFiles(file);
  // Choosing the file uploads it; builds from before that needed the button.
  if (options.before) await page.getByRole('button', { name: 'Upload and Parse Resume' }).click();
  // Before the import review the upload went straight to the templates.
  const next = options.before ? /\/template-select\?id=\d+$/ : /\/review\?id=\d+$/;
  await page.waitForURL(next, { timeout: 120_000 });
  const id = Number(new URL(page.url()).searchParams.get('id'));
  if (!options.before) {
    await page.getByRole('button', { name: 'Continue to templates' }).click();
    await page.waitForURL(/\/template-select\?id=\d+$/);
  }
  return id;
}

/** Waits until the portfolio's preview frame, if the screen has one showing, has drawn the name. */
async function previewDrawn(page: Page, name: string, within: string) {
  const frame = page.locator(`${within} iframe`).first();
  if (!(await frame.isVisible().catch(() => false))) return;
  await frame
    .contentFrame()
    .getByText(name, { exact: true })
    .first()
    .waitFor({ timeout: 30_000 })
    .catch(() => console.warn(`  ${page.url()}: the preview did not show "${name}"`));
}

async function shoot(page: Page, outDir: string, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  const file = path.join(outDir, `${name}-${width}.png`);
  // Let fonts, images and transitions settle on what is now on screen.
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: file, animations: 'disabled' });
  console.log(`  ${path.relative(process.cwd(), file)}`);
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const resume = options.resume ?? (await longestResume());
  fs.mkdirSync(options.outDir, { recursive: true });
  console.log(`resume: ${resume}`);

  const server = await startServer();
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const token = await signUp(server.baseURL);
    const setup = await signedInPage(browser, server.baseURL, token, viewports[0]);
    const id = await importResume(setup, path.resolve(resume), options);
    const portfolio = await setup.request.get(`/api/portfolios/${id}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const { content } = (await portfolio.json()) as {
      content: { data: { contact?: { name?: string } } };
    };
    const name = content.data.contact?.name ?? '';
    await setup.context().close();

    for (const viewport of viewports) {
      console.log(`${viewport.width}×${viewport.height}`);
      const page = await signedInPage(browser, server.baseURL, token, viewport);

      await page.goto('/dashboard');
      await page.getByTestId('portfolio-card').first().waitFor();
      await previewDrawn(page, name, '[data-testid="portfolio-card"]');
      await shoot(page, options.outDir, 'dashboard');

      await page.goto(`/preview?id=${id}`);
      await page.getByRole('tab', { name: 'Resume', exact: true }).click();
      await page.getByRole('tabpanel', { name: 'Resume' }).waitFor();
      await page.getByLabel('Full Name').first().waitFor();
      await previewDrawn(page, name, 'main');
      await shoot(page, options.outDir, 'editor');

      await page.getByRole('tab', { name: 'Customize', exact: true }).click();
      await page.getByRole('tabpanel', { name: 'Customize' }).waitFor();
      await previewDrawn(page, name, 'main');
      await shoot(page, options.outDir, 'customize');
      await page.context().close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
