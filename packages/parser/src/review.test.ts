import { REVIEW_WARNING_BELOW, reviewSchema, valueAtPath } from '@folio/core';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { fixtureBytes, fixtureDocument, fixtureSkip } from '../corpus/fixtures.node.ts';
import { parseResumeWithConfidence, readDocument } from './index.ts';
import { nodePdfAssets } from './pdf-assets.node.ts';
import type { ExtractedDoc, Line } from './types.ts';

type Box = [number, number, number, number];

/** Boxes of the page's text items whose text holds `text`, by pdf.js itself (top-left origin). */
async function glyphBoxes(bytes: Uint8Array, pageNo: number, text: string): Promise<Box[]> {
  const task = pdfjs.getDocument({ data: bytes.slice(), ...nodePdfAssets(), verbosity: 0 });
  const doc = await task.promise;
  const page = await doc.getPage(pageNo);
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const boxes: Box[] = [];
  for (const it of content.items) {
    if (!('str' in it) || !it.str.trim()) continue;
    // by letters and digits only: a name may be printed letter-spaced ("D I O G O")
    const letters = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
    if (!letters(it.str) || !letters(text).includes(letters(it.str))) continue;
    const [, , , , e, f] = pdfjs.Util.transform(viewport.transform, it.transform) as number[];
    boxes.push([e!, f! - it.height, e! + it.width, f!]);
  }
  await task.destroy();
  return boxes;
}

const inside = (outer: Box, x: number, y: number) =>
  x >= outer[0] - 1 && x <= outer[2] + 1 && y >= outer[1] - 1 && y <= outer[3] + 1;

describe('where each value came from', () => {
  for (const name of ['onecol-pdf', 'twocol-pdf'] as const)
    it.skipIf(fixtureSkip(name))(
      `puts ${name}'s company and name boxes on their glyphs`,
      async () => {
        const fixture = await fixtureDocument(name);
        const bytes = fixtureBytes(fixture);
        const { data, review } = await parseResumeWithConfidence(bytes, nodePdfAssets());
        expect(reviewSchema.parse(review)).toEqual(review);
        for (const path of ['experience/0/company', 'contact/name']) {
          const value = valueAtPath(data, path) as string;
          const source = review!.sources[path];
          expect(source, path).toMatchObject({ page: expect.any(Number) });
          if (!source || !('box' in source)) continue;
          const glyphs = await glyphBoxes(bytes, source.page, value);
          expect(glyphs.length, path).toBeGreaterThan(0);
          // the value's glyphs (their centres) are inside its box, on its page
          const hit = glyphs.filter((g) =>
            inside(source.box, (g[0] + g[2]) / 2, (g[1] + g[3]) / 2),
          );
          expect(hit.length, path).toBeGreaterThan(0);
          // and the box is about one line high, not the whole entry
          expect(source.box[3] - source.box[1]).toBeLessThan(40);
        }
      },
    );

  it.skipIf(fixtureSkip('docx'))(
    "gives a Word file's values the paragraph they are in",
    async () => {
      const { data, review, text } = await parseResumeWithConfidence(
        fixtureBytes(await fixtureDocument('docx')),
        nodePdfAssets(),
      );
      const paragraphs = text.split('\n');
      const paths = ['contact/name', 'experience/0/company', 'experience/0/position'];
      for (const path of paths) {
        const source = review!.sources[path];
        expect(source, path).toMatchObject({ paragraph: expect.any(Number) });
        if (!source || !('paragraph' in source)) continue;
        expect(paragraphs[source.paragraph]).toContain(valueAtPath(data, path));
      }
    },
  );
});

const line = (text: string, i: number, size = 10): Line => ({
  segs: [{ text, x: 50, x2: 50 + text.length * 5, size, bold: false }],
  page: 1,
  y: 60 + i * 14,
  gap: 0.2,
  bullet: false,
  colX: 50,
  colW: 500,
});

describe('the confidence of a read', () => {
  it.skipIf(fixtureSkip('onecol-pdf'))('is high for a generated one-column CV', async () => {
    const { review } = await parseResumeWithConfidence(
      fixtureBytes(await fixtureDocument('onecol-pdf')),
      nodePdfAssets(),
    );
    expect(review!.confidence).toBeGreaterThanOrEqual(REVIEW_WARNING_BELOW);
  });

  it('is below the warning line for a poor read, with its empty sections marked', () => {
    // a document whose parts carry no headings and no layout: most of it cannot be placed
    const words = 'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu'.split(' ');
    const texts = [
      'Jordan Lee',
      ...Array.from(
        { length: 40 },
        (_, i) => `${words[i % 12]} ${words[(i * 5) % 12]} ${i} ${words[(i * 7) % 12]}`,
      ),
    ];
    const doc: ExtractedDoc = { kind: 'pdf', lines: texts.map((t, i) => line(t, i)), links: [] };
    const { review } = readDocument(doc);
    expect(review!.confidence).toBeLessThan(REVIEW_WARNING_BELOW);
    expect(review!.uncertain.map((u) => u.path)).toEqual(
      expect.arrayContaining(['experience', 'education']),
    );
  });
});
