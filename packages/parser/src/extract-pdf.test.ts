import { describe, expect, it } from 'vitest';
import { extractDocument } from './index.ts';
import { nodePdfAssets } from './pdf-assets.node.ts';
import { buildPdf } from './testing.node.ts';
import { lineText } from './types.ts';

/** One page of Helvetica (WinAnsi) lines; `lines` are PDF string bodies (octal escapes kept). */
function winAnsiPdf(lines: string[]): Uint8Array {
  const content = [
    'BT',
    '/F1 11 Tf',
    '14 TL',
    '50 750 Td',
    ...lines.map((l) => `(${l}) '`),
    'ET',
  ].join('\n');
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ]);
}

describe('text of old TeX fonts', () => {
  it('joins an accent drawn as its own glyph with the letter after it', async () => {
    // "Universit¨at": the dieresis (WinAnsi \250) and the acute (\264) are glyphs of their own
    const doc = await extractDocument(
      winAnsiPdf(['Ada Park', 'Universit\\250at Wien', 'Caf\\264e Central']),
      nodePdfAssets(),
    );
    const text = doc.lines.map(lineText);
    expect(text).toContain('Universität Wien');
    expect(text).toContain('Café Central');
  });
});
