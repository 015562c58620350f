/**
 * The layout stage's own measure, on the generated documents whose HTML marks its blocks
 * (corpus/generator/layout-truth.ts). Each segment the stage reads is found in the true block
 * whose text holds it (segments too short to tell, or found in more than one block, are left
 * out), at an offset in that block. Two measures:
 * - block purity: the share of the stage's blocks (layout.ts `readingBlocks`) whose segments all
 *   come from one true block;
 * - reading order: the share of pairs of segments that follow each other in the truth (one flow:
 *   a block's text, then the next block of the same column) that the stage also reads one right
 *   after the other. Reading two columns row by row keeps each column's order but breaks
 *   almost every such pair.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { TruthBlock } from '../corpus/generator/layout-truth.ts';
import { extractDocument } from '../src/index.ts';
import { readingBlocks } from '../src/layout.ts';
import { nodePdfAssets } from '../src/pdf-assets.node.ts';

/** Segments shorter than this (letters and digits) are not looked for: too many blocks hold them. */
const MIN_KEY = 5;

const norm = (s: string): string =>
  s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

export interface LayoutScore {
  docs: number;
  blocks: number;
  pure: number;
  pairs: number;
  kept: number;
}

export const emptyScore = (): LayoutScore => ({ docs: 0, blocks: 0, pure: 0, pairs: 0, kept: 0 });

/** Score one document's reading against its truth. */
export async function scoreLayout(docFile: string, truth: TruthBlock[]): Promise<LayoutScore> {
  const doc = await extractDocument(new Uint8Array(readFileSync(docFile)), nodePdfAssets());
  const texts = truth.map((b) => norm(b.text));
  /** Where each block was last matched: a text that repeats in a block is taken in turn. */
  const cursor = texts.map(() => 0);
  interface Unit {
    block: number;
    at: number;
    seq: number;
  }
  const units: Unit[] = [];
  const score = emptyScore();
  score.docs = 1;
  for (const b of readingBlocks(doc.lines)) {
    const owners = new Set<number>();
    for (const l of b.lines)
      for (const s of l.segs) {
        const key = norm(s.text);
        if (key.length < MIN_KEY) continue;
        const holders = texts.flatMap((t, i) => (t.includes(key) ? [i] : []));
        if (holders.length !== 1) continue;
        const i = holders[0]!;
        const t = texts[i]!;
        let at = t.indexOf(key, cursor[i]);
        if (at < 0) at = t.indexOf(key);
        cursor[i] = at + key.length;
        owners.add(i);
        units.push({ block: i, at, seq: units.length });
      }
    if (!owners.size) continue;
    score.blocks++;
    if (owners.size === 1) score.pure++;
  }
  const flowOf = (u: Unit) => truth[u.block]!.flow;
  const truthOrder = [...units].sort(
    (a, b) =>
      flowOf(a).localeCompare(flowOf(b)) ||
      truth[a.block]!.order - truth[b.block]!.order ||
      a.at - b.at,
  );
  for (let k = 1; k < truthOrder.length; k++) {
    const a = truthOrder[k - 1]!;
    const b = truthOrder[k]!;
    if (flowOf(a) !== flowOf(b)) continue;
    score.pairs++;
    if (b.seq === a.seq + 1) score.kept++;
  }
  return score;
}

/** Score every document of a generated family that has layout truth. */
export async function scoreFamilyLayout(familyDir: string): Promise<LayoutScore> {
  const total = emptyScore();
  const truthDir = path.join(familyDir, 'layout');
  if (!existsSync(truthDir)) return total;
  for (const f of readdirSync(truthDir).sort()) {
    const name = f.replace(/\.layout\.json$/, '');
    const doc = path.join(familyDir, 'docs', `${name}.pdf`);
    if (!existsSync(doc)) continue;
    const truth = JSON.parse(readFileSync(path.join(truthDir, f), 'utf8')) as TruthBlock[];
    add(total, await scoreLayout(doc, truth));
  }
  return total;
}

export function add(into: LayoutScore, s: LayoutScore): void {
  into.docs += s.docs;
  into.blocks += s.blocks;
  into.pure += s.pure;
  into.pairs += s.pairs;
  into.kept += s.kept;
}

const pct = (n: number, d: number) => (d ? (n / d).toFixed(3) : '-');

export const describeLayout = (s: LayoutScore): string =>
  `purity=${pct(s.pure, s.blocks)} order=${pct(s.kept, s.pairs)} (${s.docs} documents, ${s.blocks} blocks, ${s.pairs} pairs)`;
