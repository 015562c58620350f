import { resumeDataSchema } from '@folio/core';
import { describe, expect, it } from 'vitest';
import { parseResumeWithConfidence } from '../../src/index.ts';
import { planLinkedInExports, zipOf } from './linkedin-zip.ts';

/** Every language of the bank twice over, and the three lengths. */
const docs = planLinkedInExports('folio-linkedin-zip', 24);

describe('the generated LinkedIn data export family', () => {
  it('is deterministic and its gold is valid resume data', () => {
    expect(planLinkedInExports('folio-linkedin-zip', 3)).toEqual(docs.slice(0, 3));
    for (const d of docs) resumeDataSchema.parse(d.gold);
  });

  it('covers what a realistic export has', () => {
    const names = docs.map((d) => d.gold.contact?.name ?? '');
    expect(names.some((n) => [...n].some((c) => c.charCodeAt(0) > 0x7f))).toBe(true); // non-ASCII names
    expect(new Set(docs.map((d) => d.lang)).size).toBe(8);
    // several roles at one company in every export with two roles or more
    for (const d of docs) {
      const companies = (d.gold.experience ?? []).map((e) => e.company);
      if (companies.length >= 2) expect(new Set(companies).size).toBeLessThan(companies.length);
    }
    // optional files missing at random
    expect(docs.some((d) => !Object.keys(d.files).some((f) => f.endsWith('Skills.csv')))).toBe(
      true,
    );
    expect(
      docs.some((d) => !Object.keys(d.files).some((f) => f.endsWith('Email Addresses.csv'))),
    ).toBe(true);
  });

  it.each(docs.map((d) => [d.name, d] as const))(
    '%s imports exactly as its gold',
    async (_n, d) => {
      const read = await parseResumeWithConfidence(await zipOf(d.files));
      expect(read.data).toEqual(d.gold);
      expect(read.uncertain).toEqual([]);
    },
  );
});
