/** Link-preview cards (og-card.node.ts): real PNGs in the template's colours, the name drawn. */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CARD_HEIGHT, CARD_WIDTH, siteCard, siteCardPng } from './og-card.node.ts';
import { templateDefinitions } from './templates/index.ts';

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

async function pixels(png: Buffer) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    info,
    at: (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ],
    /** How many pixels of a region are within 8 of `color` on every channel. */
    count(x0: number, y0: number, x1: number, y1: number, color: number[]) {
      let n = 0;
      for (let y = y0; y < y1; y++)
        for (let x = x0; x < x1; x++) {
          const p = (y * info.width + x) * 3;
          if (color.every((c, i) => Math.abs(data[p + i]! - c) <= 8)) n++;
        }
      return n;
    },
  };
}

describe('site cards', () => {
  for (const template of ['modern', 'terminal', 'splitscreen'] as const) {
    it(`${template}: 1200×630, its background, the name in its text colour and the title in its accent`, async () => {
      const p = templateDefinitions[template].palette;
      const png = await siteCardPng({
        content: { data: { contact: { name: 'Jane Doe', title: 'Product Designer' } } },
        template,
        address: 'jane.folio.page',
      });
      const img = await pixels(png);
      expect([img.info.width, img.info.height]).toEqual([CARD_WIDTH, CARD_HEIGHT]);
      expect(img.at(40, 320)).toEqual(rgb(p.bg));
      // The name fills a good part of the upper text area; the title shows in the accent colour.
      expect(img.count(96, 200, 900, 380, rgb(p.text))).toBeGreaterThan(5000);
      expect(img.count(96, 360, 900, 480, rgb(p.accent))).toBeGreaterThan(1000);
    });
  }

  it('a long name is set smaller and wrapped, never past the card; no name falls back', () => {
    const card = siteCard({
      content: {
        data: {
          contact: { name: 'Maximiliana Alexandrovna Konstantinopoulou-Wolfeschlegelstein' },
        },
      },
      template: 'modern',
    });
    expect(card.blocks[0]!.text).toContain('Maximiliana');
    expect(siteCard({ content: {}, template: 'modern' }).blocks[0]!.text).toBe('Portfolio');
  });

  it('the owner’s font choice wins over the template’s face', () => {
    const card = siteCard({
      content: {
        styles: { global: { fontFamily: 'Monospace' } },
        data: { contact: { name: 'A' } },
      },
      template: 'splitscreen',
    });
    expect(card.blocks[0]!.face).toBe('geist-mono');
  });
});
