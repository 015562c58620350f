/**
 * Turning sources into files: Chromium (playwright-core, one browser for the whole run) prints
 * HTML to PDF; LibreOffice converts batches of HTML files to DOCX, DOC or PDF in one call per
 * batch; the `docx` library packs Word documents.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Packer, type Document } from 'docx';
import { createRequire } from 'node:module';
import { chromium, type Browser } from 'playwright-core';
import type { OutputKind, PdfPage } from './families.ts';
import { readLayoutTruth, type TruthBlock } from './layout-truth.ts';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const sofficePath = process.env.SOFFICE_PATH ?? '/usr/bin/soffice';
export const hasChromium = (): boolean => existsSync(chromiumPath);
export const hasSoffice = (): boolean => existsSync(sofficePath);
/** A font with Chinese glyphs (Debian: fonts-wqy-microhei); without one Chinese PDFs print blank. */
export const hasCjkFont = (): boolean =>
  (spawnSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' }).stdout ?? '').trim() !== '';

export interface PdfJob {
  html: string;
  footer?: string;
  /** Page size and margins (default A4, 14 mm margins). */
  page?: PdfPage;
  out: string;
  /** Where to write the layout truth of the printed page (layout-truth.ts), when it marks blocks. */
  layoutOut?: string;
}

export async function withBrowser<T>(fn: (b: Browser) => Promise<T>): Promise<T> {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    return await fn(browser);
  } finally {
    await browser.close();
  }
}

/** Print HTML documents to PDF, `concurrency` pages at a time. */
export async function printPdfs(browser: Browser, jobs: PdfJob[], concurrency = 2): Promise<void> {
  let next = 0;
  const worker = async () => {
    const page = await browser.newPage();
    try {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        await page.setContent(job.html, { waitUntil: 'load' });
        const pdf = await page.pdf({
          ...(job.page
            ? { width: job.page.width, height: job.page.height }
            : { format: 'A4' as const }),
          printBackground: true,
          margin: job.page?.margin ?? {
            top: '14mm',
            bottom: job.footer ? '18mm' : '14mm',
            left: '14mm',
            right: '14mm',
          },
          ...(job.footer
            ? {
                displayHeaderFooter: true,
                headerTemplate: '<span></span>',
                footerTemplate: job.footer,
              }
            : {}),
        });
        writeFileSync(job.out, pdf);
        if (job.layoutOut) {
          const truth = await page.evaluate<TruthBlock[]>(readLayoutTruth);
          if (truth.length) writeFileSync(job.layoutOut, `${JSON.stringify(truth, null, 1)}\n`);
        }
      }
    } finally {
      await page.close();
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
}

const loFilter: Record<
  Exclude<OutputKind, 'pdf-chromium' | 'pdf-typst' | 'docx-lib'>,
  { to: string; ext: string }
> = {
  'docx-lo': { to: 'docx:MS Word 2007 XML', ext: 'docx' },
  'doc-lo': { to: 'doc:MS Word 97', ext: 'doc' },
  'pdf-lo': { to: 'pdf:writer_pdf_Export', ext: 'pdf' },
};

export interface LoJob {
  kind: 'docx-lo' | 'doc-lo' | 'pdf-lo';
  html: string;
  out: string;
}

/** Convert HTML documents with LibreOffice, one soffice call per output kind. */
export function convertWithLibreOffice(
  jobs: LoJob[],
  profileDir = path.join(tmpdir(), 'lo-profile-gen'),
): void {
  const byKind = new Map<LoJob['kind'], LoJob[]>();
  for (const j of jobs) byKind.set(j.kind, [...(byKind.get(j.kind) ?? []), j]);
  for (const [kind, list] of byKind) {
    const work = path.join(tmpdir(), `folio-gen-lo-${process.pid}-${kind}`);
    rmSync(work, { recursive: true, force: true });
    mkdirSync(path.join(work, 'in'), { recursive: true });
    mkdirSync(path.join(work, 'out'), { recursive: true });
    const names = list.map((j, i) => {
      const name = `doc${String(i).padStart(4, '0')}`;
      writeFileSync(path.join(work, 'in', `${name}.html`), j.html);
      return name;
    });
    const { to, ext } = loFilter[kind];
    const res = spawnSync(
      sofficePath,
      [
        `-env:UserInstallation=file://${profileDir}`,
        '--headless',
        '--infilter=HTML (StarWriter)',
        '--convert-to',
        to,
        '--outdir',
        path.join(work, 'out'),
        ...names.map((n) => path.join(work, 'in', `${n}.html`)),
      ],
      { encoding: 'utf8', timeout: 600_000 },
    );
    const made = new Set(readdirSync(path.join(work, 'out')));
    names.forEach((n, i) => {
      const f = `${n}.${ext}`;
      if (!made.has(f))
        throw new Error(`LibreOffice did not write ${f}: ${res.stderr || res.stdout}`);
      copyFileSync(path.join(work, 'out', f), list[i]!.out);
    });
    rmSync(work, { recursive: true, force: true });
  }
}

export async function packDocx(doc: Document, out: string): Promise<void> {
  writeFileSync(out, await Packer.toBuffer(doc));
}

interface TypstCompiler {
  pdf(args: { mainFileContent: string }): Buffer;
}
let typst: TypstCompiler | null | undefined;

/** The npm Typst compiler (a prebuilt binary package), or null where it did not install. */
function typstCompiler(): TypstCompiler | null {
  if (typst !== undefined) return typst;
  try {
    const mod = createRequire(import.meta.url)('@myriaddreamin/typst-ts-node-compiler') as {
      NodeCompiler: { create(args: { fontArgs: { fontPaths: string[] }[] }): TypstCompiler };
    };
    typst = mod.NodeCompiler.create({ fontArgs: [{ fontPaths: ['/usr/share/fonts'] }] });
  } catch {
    typst = null;
  }
  return typst;
}
export const hasTypst = (): boolean => typstCompiler() !== null;

/** Compile a Typst source to PDF. */
export function compileTypst(source: string, out: string): void {
  const c = typstCompiler();
  if (!c)
    throw new Error('the Typst compiler (@myriaddreamin/typst-ts-node-compiler) is not installed');
  writeFileSync(out, c.pdf({ mainFileContent: source }));
}
