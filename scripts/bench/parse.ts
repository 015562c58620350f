import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { extractDocument, parseResume } from '@folio/parser';
import { splitBlocks } from '../../packages/parser/src/entries.ts';
import { experienceHead } from '../../packages/parser/src/fields.ts';
import { itemStarts } from '../../packages/parser/src/model/entry-line.ts';
import { positionOdds } from '../../packages/parser/src/model/head-part.ts';
import { lineRoles } from '../../packages/parser/src/model/line-role.ts';
import { splitSections } from '../../packages/parser/src/sections.ts';
import { nodePdfAssets } from '../../packages/parser/src/pdf-assets.node.ts';
import { closeWorkers, parseInWorker } from '../../packages/parser/src/worker.node.ts';
import { benchDocuments } from './documents.ts';
import { median, timeMs, type BenchRow } from './types.ts';

function pageCount(file: string): number {
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 1);
}

/** Parse time per document and per page, against pdftotext (poppler) on the same PDFs. */
export async function parseBench(): Promise<BenchRow[]> {
  const hasPdftotext = spawnSync('pdftotext', ['-v']).status === 0;
  const docs = await benchDocuments();
  const files = docs.map((d) => d.name);
  const fileOf = new Map(docs.map((d) => [d.name, d.file]));
  const ours: number[] = [];
  const perPage: number[] = [];
  const theirs: number[] = [];
  const onePage: number[] = [];
  const onePageRef: number[] = [];
  const model: number[] = [];
  const opts = nodePdfAssets();
  for (const name of files) {
    const file = fileOf.get(name)!;
    const bytes = new Uint8Array(fs.readFileSync(file));
    const ms = await timeMs(() => parseResume(bytes, opts));
    ours.push(ms);
    // the learned models alone, on the lines the parser extracted: line roles over the
    // document, entry lines over each section, head parts over each experience head
    const doc = await extractDocument(bytes, opts);
    const sections = splitSections(doc.lines).sections;
    const heads = sections
      .filter((s) => s.kind === 'experience')
      .flatMap((s) => splitBlocks(s.lines).map((b) => ({ b, head: experienceHead(b) })));
    model.push(
      await timeMs(() => {
        lineRoles(doc.lines);
        for (const s of sections) itemStarts(s.lines);
        for (const { b, head } of heads) positionOdds(b, head.cands, head.h.location);
      }),
    );
    if (!name.endsWith('.pdf') || !hasPdftotext) continue;
    const pages = pageCount(file);
    perPage.push(ms / pages);
    const ref = await timeMs(() =>
      execFileSync('pdftotext', ['-layout', file, '-'], { stdio: ['ignore', 'pipe', 'ignore'] }),
    );
    theirs.push(ref);
    if (pages === 1) {
      onePage.push(ms);
      onePageRef.push(ref);
    }
  }
  const rows: BenchRow[] = [
    {
      section: 'parse',
      name: `median per document (${files.length} docs)`,
      value: median(ours),
      unit: 'ms',
    },
    {
      section: 'parse',
      name: 'learned models (line roles, entry lines, head parts) per document',
      value: median(model),
      unit: 'ms',
      reference: { name: 'whole parse', value: median(ours) },
      goal: '< 5 ms',
      met: median(model) < 5,
    },
  ];
  if (theirs.length) {
    const pdfMs = median(ours.filter((_, i) => files[i]!.endsWith('.pdf')));
    rows.push(
      {
        section: 'parse',
        name: `median per PDF (${theirs.length})`,
        value: pdfMs,
        unit: 'ms',
        reference: { name: 'pdftotext', value: median(theirs) },
        goal: '≤ 3× pdftotext',
        met: pdfMs <= 3 * median(theirs),
      },
      { section: 'parse', name: 'median per PDF page', value: median(perPage), unit: 'ms' },
    );
    if (onePage.length) {
      const v = median(onePage);
      const ref = median(onePageRef);
      rows.push({
        section: 'parse',
        name: `one-page resume (${onePage.length} docs)`,
        value: v,
        unit: 'ms',
        reference: { name: 'pdftotext', value: ref },
        goal: '< 100 ms and ≤ 3× pdftotext',
        met: v < 100 && v <= 3 * ref,
      });
    }
  }
  rows.push(await workerRow(docs, opts));
  return rows;
}

/**
 * A PDF parsed in a worker process (as the server does) against the same PDF in this process. With
 * the worker's 256 MB heap limit alone, V8 gave it a ~1 MB young generation and every parse ran
 * full collections: 2.7–7× slower (ADR 32).
 */
async function workerRow(
  docs: { name: string; file: string }[],
  opts: ReturnType<typeof nodePdfAssets>,
) {
  const pdfs = docs.filter((d) => d.name.endsWith('.pdf')).slice(0, 10);
  const here: number[] = [];
  const there: number[] = [];
  for (const { file } of pdfs) {
    const bytes = new Uint8Array(fs.readFileSync(file));
    here.push(await timeMs(() => parseResume(bytes, opts)));
    there.push(await timeMs(() => parseInWorker(bytes)));
  }
  await closeWorkers();
  const value = median(there);
  const reference = median(here);
  return {
    section: 'parse',
    name: `in a worker process, median of ${pdfs.length} PDFs`,
    value,
    unit: 'ms',
    reference: { name: 'in this process', value: reference },
    goal: '≤ 2× in this process',
    met: value <= 2 * reference,
  } satisfies BenchRow;
}
