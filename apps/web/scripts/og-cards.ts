/**
 * Link-preview images of the app's public pages (prerender.ts): a 1200×630 PNG per page, its
 * title and description on the brand's gradient, drawn with the self-hosted faces
 * (@folio/renderer's og-card.node: no browser, no system fonts), written into dist/ at build.
 */
import fs from 'node:fs';
import path from 'node:path';
import { cardPng } from '@folio/renderer/og-card.node';
import { brandPlaceholders } from '../src/lib/brand.ts';

const TAGLINE = 'Turn your resume into a portfolio website';

/** The brand's look (public/favicon.svg, public/og-image.svg): violet to magenta, an "F" mark. */
const decoration = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#5a3fed"/><stop offset="1" stop-color="#c026d3"/></linearGradient></defs><rect width="1200" height="630" fill="url(#g)"/><circle cx="1010" cy="110" r="240" fill="#fff" fill-opacity=".08"/><rect x="96" y="80" width="96" height="96" rx="24" fill="#fff"/><path d="M129 104h33v10.5h-21.6v9.9H159v10.5h-18.6V152H129z" fill="#5a3fed"/>`;

/**
 * The product's name is the server's setting (brand.ts), unknown at build: a text that names it
 * gives way to the tagline or is left out.
 */
const unbranded = (text: string) => (text.includes(brandPlaceholders.appName) ? '' : text.trim());

/** Writes the card of a page (`title`, `description`) to `file` under `dist`. */
export async function writeCard(
  dist: string,
  file: string,
  title: string,
  description: string,
): Promise<void> {
  const heading = unbranded(title) || TAGLINE;
  const png = await cardPng({
    background: '#5a3fed',
    decoration,
    x: 96,
    width: 1008,
    top: 200,
    bottom: 580,
    blocks: [
      {
        text: heading,
        face: 'figtree',
        weight: 800,
        size: 84,
        minSize: 64,
        maxLines: 2,
        color: '#ffffff',
        lineHeight: 1.12,
      },
      {
        text:
          unbranded(description) || (heading === TAGLINE ? 'In about 2 minutes. No coding.' : ''),
        face: 'figtree',
        weight: 450,
        size: 34,
        minSize: 30,
        maxLines: 3,
        color: '#ffffff',
        opacity: 0.88,
        gap: 28,
        lineHeight: 1.35,
      },
    ],
  });
  const out = path.join(dist, file);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, png);
}
