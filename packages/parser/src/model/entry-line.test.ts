import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { structure } from '../structure.ts';
import type { Line } from '../types.ts';
import {
  ENTRY_DENSE,
  entryLineFeatures,
  entryLineWeights,
  entryWeightsUsable,
  itemStarts,
} from './entry-line.ts';

let y = 0;
function line(text: string, x: number, opts: { bold?: boolean; gap?: number } = {}): Line {
  y += 13;
  return {
    segs: [{ text, x, x2: x + text.length * 4.6, size: 9, bold: opts.bold ?? false }],
    page: 1,
    y,
    gap: opts.gap ?? 1.3,
    bullet: false,
    colX: 220,
    colW: 340,
  };
}

/**
 * A Friggeri-style experience section: a date and role, the employer, then the role's items as
 * plain lines with no list glyph (one of them wrapped onto a second line).
 */
const section = (): Line[] => [
  line('04/2023-05/2026 Senior Associate', 237, { gap: 1.9 }),
  line('Barrow Stein Partners Lda., Coimbra, Portugal', 311),
  line('Prepared legal memoranda and research on case law', 311),
  line('Advised clients on commercial contracts and data', 311),
  line('protection', 311),
  line('Trained business teams on GDPR compliance', 311),
  line('07/2020-12/2022 Associate', 237, { gap: 1.9 }),
  line('Whitmore & Hale LLP, Lisboa', 311),
  line('Drafted and negotiated share purchase agreements', 311),
  line('Conducted legal due diligence for M&A transactions', 311),
];

describe('the entry-line model', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('loads, matches the feature code and stays small', () => {
    expect(entryWeightsUsable(entryLineWeights)).toBe(true);
    const file = fileURLToPath(new URL('./entry-line.json', import.meta.url));
    expect(statSync(file).size).toBeLessThan(512 * 1024);
    const f = entryLineFeatures(section());
    expect(f.every((x) => x.dense.length === ENTRY_DENSE)).toBe(true);
    expect(entryLineFeatures(section()).map((x) => [...x.dense])).toEqual(
      f.map((x) => [...x.dense]),
    );
  });

  it('reads description lines without a list glyph as items, and no head line or wrap as one', () => {
    expect(itemStarts(section())).toEqual([
      false,
      false,
      true,
      true,
      false,
      true,
      false,
      false,
      true,
      true,
    ]);
  });

  it('gives each role its own items instead of reading them as employers', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line('Gonçalo Sousa', 46, { gap: 10 }),
        line('goncalo@example.pt', 46),
        line('Work Experience', 220, { bold: true, gap: 10 }),
        ...section(),
      ],
    });
    expect(parsed.experience?.map((e) => [e.position, e.company, e.description?.length])).toEqual([
      ['Senior Associate', 'Barrow Stein Partners Lda.', 3],
      ['Associate', 'Whitmore & Hale LLP', 2],
    ]);
    expect(parsed.experience?.[0]?.description?.[1]).toBe(
      'Advised clients on commercial contracts and data protection',
    );
  });

  it('is left out with PARSER_MODEL=off (the ablation)', () => {
    vi.stubEnv('PARSER_MODEL', 'off');
    expect(itemStarts(section()).some(Boolean)).toBe(false);
  });
});
