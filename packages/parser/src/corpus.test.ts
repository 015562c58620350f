import { resumeDataSchema } from '@folio/core';
import { describe, expect, it } from 'vitest';
import { extractDocument, parseResume } from './index.ts';
import { linkedInLayout } from './linkedin/layout.ts';
import { nodePdfAssets } from './pdf-assets.node.ts';
import {
  fixtureBytes,
  fixtureDocument,
  fixtureFamily,
  fixtureSkip,
  fixtureUnavailable,
  type FixtureName,
} from '../corpus/fixtures.node.ts';

// Generated documents (corpus/fixtures.node.ts) of development families, checked against the
// gold each was generated from. How well the parser reads the real corpus, field by field, is
// measured by `npm run eval:parser`, not here.
const parse = async (name: FixtureName) => {
  const doc = await fixtureDocument(name);
  return { doc, d: await parseResume(fixtureBytes(doc), nodePdfAssets()) };
};

describe('generated documents, against their gold', () => {
  it('one-column PDF with right-aligned dates', async () => {
    const { doc, d } = await parse('onecol-pdf');
    const gold = doc.gold;
    expect(resumeDataSchema.safeParse(d).success).toBe(true);
    expect(d.contact).toMatchObject({ name: gold.contact?.name, email: gold.contact?.email });
    expect(d.education?.[0]?.institution).toBe(gold.education?.[0]?.institution);
    expect(d.experience?.[0]).toMatchObject({
      company: gold.experience?.[0]?.company,
      position: gold.experience?.[0]?.position,
      dates: gold.experience?.[0]?.dates,
    });
    expect(d.experience?.[0]?.description).toEqual(gold.experience?.[0]?.description);
  }, 180_000);
  it('two-column sidebar PDF keeps columns apart', async () => {
    const { doc, d } = await parse('twocol-pdf');
    const gold = doc.gold;
    // the layout prints the name in capitals; the parser keeps what is printed
    expect(d.contact?.name?.toLowerCase()).toBe(gold.contact?.name?.toLowerCase());
    expect(d.contact?.email).toBe(gold.contact?.email);
    expect(d.experience?.[0]).toMatchObject({
      company: gold.experience?.[0]?.company,
      position: gold.experience?.[0]?.position,
    });
    // the sidebar's skills do not leak into the main column's entries
    expect(d.experience?.[0]?.description).toEqual(gold.experience?.[0]?.description);
    expect(d.skills?.technical).toEqual(
      expect.arrayContaining(gold.skills?.technical?.slice(0, 3) ?? []),
    );
  }, 180_000);
  it('DOCX through its structure', async () => {
    const { doc, d } = await parse('docx');
    const gold = doc.gold;
    expect(d.contact).toMatchObject({ name: gold.contact?.name, email: gold.contact?.email });
    expect(d.education?.map((e) => e.institution)).toEqual(
      gold.education?.map((e) => e.institution),
    );
    expect(d.experience?.[0]).toMatchObject({
      company: gold.experience?.[0]?.company,
      position: gold.experience?.[0]?.position,
      dates: gold.experience?.[0]?.dates,
    });
  }, 60_000);
  it.skipIf(fixtureSkip('doc'))(
    `Word 97 DOC ${fixtureSkip('doc') ?? ''}`,
    async () => {
      const { doc, d } = await parse('doc');
      const gold = doc.gold;
      expect(d.contact).toMatchObject({ name: gold.contact?.name, email: gold.contact?.email });
      expect(d.experience?.[0]).toMatchObject({
        company: gold.experience?.[0]?.company,
        position: gold.experience?.[0]?.position,
      });
    },
    180_000,
  );
  it('Chinese PDF (CMaps)', async () => {
    const { doc, d } = await parse('zh-pdf');
    expect(d.contact?.name).toBe(doc.gold.contact?.name);
    expect(d.contact?.email).toBe(doc.gold.contact?.email);
    expect(d.experience?.[0]?.company).toBe(doc.gold.experience?.[0]?.company);
  }, 180_000);
});

describe('the LinkedIn reader', () => {
  // The real corpus's figure (no document read as a LinkedIn export) is reported by the eval.
  // PDF families of several layouts (one column, sidebar, two columns, Europass, Chinese)
  const others = [
    'sb2nov-onecol',
    'designer-sidebar-right',
    'deedy-twocol',
    'moderncv-classic',
    'europass',
    'chinese-onecol',
  ].filter((f) => !fixtureUnavailable(f));
  it('takes no generated document of non-LinkedIn families', async () => {
    const taken: string[] = [];
    for (const f of others)
      for (const doc of await fixtureFamily(f)) {
        const d = await extractDocument(fixtureBytes(doc), nodePdfAssets());
        if (linkedInLayout(d)) taken.push(doc.filename);
      }
    expect(others.length).toBeGreaterThan(0);
    expect(taken).toEqual([]);
  }, 600_000);
});
