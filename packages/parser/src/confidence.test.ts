import { valueAtPath } from '@folio/core';
import { describe, expect, it } from 'vitest';
import { CHECK_BELOW, flag, recordConfidence } from './confidence.ts';
import { parseResumeWithConfidence } from './index.ts';
import { nodePdfAssets } from './pdf-assets.node.ts';
import { fixtureBytes, fixtureFamily } from '../corpus/fixtures.node.ts';

describe('the confidence recorder', () => {
  it('turns doubts about entries and fields into paths into the result', () => {
    const { result, uncertain } = recordConfidence(() => {
      const first = { company: 'A', position: 'B' };
      const second = { company: 'C', location: 'D' };
      const dropped = { company: 'E' };
      flag(second, 'location', 'looks-like-organisation');
      flag(first, undefined, 'unassigned-parts');
      flag(dropped, 'company', 'role-or-company'); // never reaches the result
      flag('contact', 'name', 0.2);
      return { contact: { name: 'X' }, experience: [first, second] };
    });
    expect(result.experience).toHaveLength(2);
    expect(uncertain).toEqual([
      { path: 'experience/1/location', reason: 'looks-like-organisation' },
      { path: 'experience/0', reason: 'unassigned-parts' },
      { path: 'contact/name', reason: 'low-confidence' },
    ]);
  });

  it('marks a learned decision only below the threshold', () => {
    const { uncertain } = recordConfidence(() => {
      flag('summary', undefined, CHECK_BELOW - 0.01);
      flag('contact/email', undefined, CHECK_BELOW);
      flag('contact/phone', undefined, 0.99);
      flag('contact/title', undefined, Number.NaN);
      return { summary: 'S', contact: { email: 'e', phone: 'p', title: 't' } };
    });
    expect(uncertain).toEqual([{ path: 'summary', reason: 'low-confidence' }]);
  });

  it('records nothing outside a run, and a run inside a run keeps its own', () => {
    const loose = { company: 'A' };
    flag(loose, 'company', 'role-or-company');
    const outer = recordConfidence(() => {
      const inner = recordConfidence(() => {
        const e = { company: 'B' };
        flag(e, 'company', 'filled-from-above');
        return { experience: [e] };
      });
      expect(inner.uncertain).toEqual([
        { path: 'experience/0/company', reason: 'filled-from-above' },
      ]);
      return { experience: [loose] };
    });
    expect(outer.uncertain).toEqual([]);
  });
});

describe('a parse reports what to check', () => {
  // Generated resumes of development families (corpus/fixtures.node.ts); each test takes the
  // first whose parse shows what it is about.
  const parseAll = async (family: string) =>
    Promise.all(
      (await fixtureFamily(family)).map(async (doc) => ({
        doc,
        r: await parseResumeWithConfidence(fixtureBytes(doc), nodePdfAssets()),
      })),
    );

  it('marks a value carried down from the entry above, and an entry head with parts left over', async () => {
    const all = await parseAll('sb2nov-onecol');
    const carriedDown = all.find(({ r }) =>
      r.uncertain.some((u) => u.reason === 'filled-from-above'),
    );
    const leftOver = all.find(({ r }) => r.uncertain.some((u) => u.reason === 'unassigned-parts'));
    expect(carriedDown, 'a generated PDF with a value filled from above').toBeTruthy();
    expect(leftOver, 'a generated PDF with head parts left over').toBeTruthy();
    // a value is only carried down onto a later entry
    const carried = carriedDown!.r.uncertain.find((u) => u.reason === 'filled-from-above')!;
    expect(carried.path).toMatch(/^(experience|education)\/[1-9]\d*\//);
    for (const { r, doc } of [carriedDown!, leftOver!]) {
      // every marker names something in the result, once
      for (const u of r.uncertain) expect(valueAtPath(r.data, u.path)).toBeTruthy();
      expect(new Set(r.uncertain.map((u) => u.path)).size).toBe(r.uncertain.length);
      expect(r.data.contact?.name).toBe(doc.gold.contact?.name);
      expect(r.text).toContain(r.data.contact?.name ?? '-');
    }
  }, 180_000);

  it('marks nothing on a resume it reads with certainty', async () => {
    const all = await parseAll('docx-heading-styles');
    const sure = all.find(({ r }) => r.uncertain.length === 0);
    expect(sure, 'a generated DOCX read with certainty').toBeTruthy();
    const { r, doc } = sure!;
    expect(r.data.experience?.length).toBeGreaterThan(0);
    expect(r.data.experience?.[0]?.company).toBe(doc.gold.experience?.[0]?.company);
  }, 60_000);
});
