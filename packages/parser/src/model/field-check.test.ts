import type { ResumeData, UncertainField } from '@folio/core';
import { describe, expect, it } from 'vitest';
import { fixtureBytes, fixtureDocument, fixtureSkip } from '../../corpus/fixtures.node.ts';
import { parseResumeWithConfidence } from '../index.ts';
import { nodePdfAssets } from '../pdf-assets.node.ts';
import { FIELD_CHECK_BELOW, probabilityMarks } from '../review.ts';
import { checkCandidates, checkWeights, rightProbability } from './field-check.ts';

const probabilities = (
  data: ResumeData,
  sources: Record<string, unknown>,
  uncertain: UncertainField[] = [],
) => {
  const out: Record<string, number> = {};
  for (const c of checkCandidates({ data, uncertain, decided: {}, sources, linesRead: 0.9 }))
    out[c.path] = rightProbability(checkWeights!, c.features);
  return out;
};

describe('the probability that each field and entry is right', () => {
  it('has usable committed weights', () => {
    expect(checkWeights).not.toBeNull();
  });

  it('doubts an employer that reads as a job title, beside entries read whole', () => {
    const entry = (company: string, position: string, location: string, dates: string) => ({
      company,
      position,
      location,
      dates,
      description: ['Ran the night shift of twelve people', 'Cut picking errors by a third'],
    });
    const data: ResumeData = {
      contact: { name: 'Jordan Lee', email: 'jordan@example.com', location: 'Leeds, UK' },
      experience: [
        entry('Northfield Logistics Ltd', 'Warehouse Manager', 'Leeds, UK', '2019 – 2023'),
        // the role went into the company and the employer was lost
        entry('Senior Shift Supervisor', '', 'Leeds, UK', '2016 – 2019'),
        entry('Harbour Foods Group', 'Stock Controller', 'Hull, UK', '2013 – 2016'),
      ],
    };
    const found = Object.fromEntries(
      ['company', 'position', 'location', 'dates'].flatMap((f) =>
        [0, 1, 2].map((i) => [`experience/${i}/${f}`, { page: 1, box: [0, 0, 1, 1] }]),
      ),
    );
    // (the head's employer was left over: the parser says so at its decision point)
    const p = probabilities(data, found, [{ path: 'experience/1', reason: 'unassigned-parts' }]);
    expect(p['experience/1/company']).toBeLessThan(p['experience/0/company']!);
    expect(p['experience/1/company']).toBeLessThan(p['experience/2/company']!);
    // a missing role every other entry has is doubted more than a role that is there
    expect(p['experience/1/position']).toBeLessThan(p['experience/0/position']!);
    // and the entry gets a "Check this" mark (on it, or on its fields)
    const marked = probabilityMarks(p).map((m) => m.path);
    expect(marked.some((m) => m === 'experience/1' || m.startsWith('experience/1/'))).toBe(true);
    expect(marked.some((m) => m === 'experience/0' || m.startsWith('experience/0/'))).toBe(false);
  });

  it.skipIf(fixtureSkip('onecol-pdf'))(
    'gives every entry and head field of a read a probability, and marks those below the line',
    async () => {
      const { data, review } = await parseResumeWithConfidence(
        fixtureBytes(await fixtureDocument('onecol-pdf')),
        nodePdfAssets(),
      );
      const probs = review!.probabilities;
      expect(data.experience?.length).toBeGreaterThan(0);
      data.experience!.forEach((_, i) => {
        for (const f of ['', '/company', '/position', '/dates', '/location'])
          expect(probs[`experience/${i}${f}`], `experience/${i}${f}`).toBeGreaterThanOrEqual(0);
      });
      const marked = new Set(review!.uncertain.map((u) => u.path));
      for (const [path, p] of Object.entries(probs))
        if (p < FIELD_CHECK_BELOW) {
          const entry = /^(?:experience|education)\/\d+/.exec(path)?.[0];
          expect(marked.has(path) || (!!entry && marked.has(entry)), path).toBe(true);
        }
    },
  );
});
