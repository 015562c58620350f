import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { splitSections } from '../sections.ts';
import type { Line } from '../types.ts';
import {
  collapseSpacing,
  DENSE,
  documentFeatures,
  HASH_BUCKETS,
  textFeatures,
} from './features.ts';
import { lineRoles, lineRoleWeights, weightsUsable } from './line-role.ts';

let y = 0;
function line(text: string, opts: { size?: number; bold?: boolean; gap?: number } = {}): Line {
  y += 14;
  return {
    segs: [
      {
        text,
        x: 40,
        x2: 40 + text.length * 5,
        size: opts.size ?? 10,
        bold: opts.bold ?? false,
      },
    ],
    page: 1,
    y,
    gap: opts.gap ?? 1.2,
    bullet: false,
    colX: 40,
    colW: 520,
  };
}

/** A small resume whose headings are letter-spaced capitals, as designer templates print them. */
const spacedResume = (): Line[] => [
  line('Jana Novak', { size: 20, bold: true, gap: 0 }),
  line('jana.novak@example.org · +44 20 7946 0000'),
  line('E X P E R I E N C E', { size: 11, bold: true, gap: 2.5 }),
  line('Data Analyst, Northwind Ltd', { bold: true }),
  line('Built the weekly sales dashboard used by forty regional managers.'),
  line('Cut report preparation time from two days to three hours.'),
  line('E D U C A T I O N', { size: 11, bold: true, gap: 2.5 }),
  line('BSc Statistics, University of Leeds', { bold: true }),
  line('S K I L L S', { size: 11, bold: true, gap: 2.5 }),
  line('SQL, Python, Tableau'),
];

describe('feature extraction', () => {
  it('undoes letter-spacing and keeps the word break of a wider gap', () => {
    expect(collapseSpacing('E D U C A T I O N')).toBe('EDUCATION');
    expect(collapseSpacing('E x p e r i e n c e')).toBe('Experience');
    expect(collapseSpacing('W O R K  E X P E R I E N C E')).toBe('WORK EXPERIENCE');
    expect(collapseSpacing('Built a dashboard for sales')).toBe('Built a dashboard for sales');
  });

  it('gives every line the same fixed-length features, the same on every run', () => {
    const a = documentFeatures(spacedResume());
    const b = documentFeatures(spacedResume());
    expect(a).toHaveLength(10);
    for (const f of a) {
      expect(f.dense).toHaveLength(DENSE);
      expect(f.sparse.every((k) => k >= 0 && k < HASH_BUCKETS)).toBe(true);
    }
    expect(a.map((f) => [...f.dense])).toEqual(b.map((f) => [...f.dense]));
    expect(a.map((f) => f.sparse)).toEqual(b.map((f) => f.sparse));
    expect(a[2]?.text).toBe('EXPERIENCE');
    // the same heading word, letter-spaced or not, hashes to the same text features
    expect(textFeatures(collapseSpacing('E D U C A T I O N'))).toEqual(textFeatures('Education'));
  });
});

describe('the committed line-role weights', () => {
  it('load, match the feature code and stay within the 2 MB budget', () => {
    expect(weightsUsable(lineRoleWeights)).toBe(true);
    const file = fileURLToPath(new URL('./line-role.json', import.meta.url));
    expect(statSync(file).size).toBeLessThan(2 * 1024 * 1024);
  });

  it('read letter-spaced headings as headings of their kind and sentences as content', () => {
    const roles = lineRoles(spacedResume());
    expect(roles.map((r) => r.heading >= 0.5)).toEqual([
      false,
      false,
      true,
      false,
      false,
      false,
      true,
      false,
      true,
      false,
    ]);
    expect([roles[2]?.kind, roles[6]?.kind, roles[8]?.kind]).toEqual([
      'experience',
      'education',
      'skills',
    ]);
    // deterministic: the same probabilities on every call
    expect(lineRoles(spacedResume()).map((r) => r.heading)).toEqual(roles.map((r) => r.heading));
  });
});

describe('sections with the learned model', () => {
  it('start at letter-spaced headings the rules alone read as contact lines', () => {
    const learned = splitSections(spacedResume(), { model: true });
    expect(learned.sections.map((s) => s.kind)).toEqual(['experience', 'education', 'skills']);
    expect(learned.header).toHaveLength(2);
    const rules = splitSections(spacedResume(), { model: false });
    expect(rules.sections).toHaveLength(0);
  });
});

describe('the probability of each learned decision', () => {
  it('is kept on the sections the model decided, for "Check this" markers', () => {
    const { sections } = splitSections(spacedResume(), { model: true });
    for (const s of sections) {
      expect(s.confidence).toBeGreaterThan(0.5);
      expect(s.confidence).toBeLessThanOrEqual(1);
    }
    const plain = spacedResume().map((l) => ({
      ...l,
      segs: l.segs.map((s) => ({ ...s, text: s.text.replace(/ (?=\S( |$))/g, '') })),
    }));
    // headings the vocabulary names ("EXPERIENCE") are the rules' decision: no probability
    const rules = splitSections(plain, { model: true }).sections;
    expect(rules.map((s) => s.kind)).toEqual(['experience', 'education', 'skills']);
    expect(rules.every((s) => s.confidence === undefined)).toBe(true);
  });
});
