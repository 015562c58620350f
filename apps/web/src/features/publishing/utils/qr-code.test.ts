import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { pngScale, QR_MARGIN, qrFileName, qrMatrix, qrPath, qrPixels, qrSvg } from './qr-code.ts';

const url = 'https://jane-doe.folio.example/';

/** Reads a QR code from RGBA pixels the way a phone's camera app would (jsQR). */
const decode = (px: { data: Uint8ClampedArray; width: number; height: number }) =>
  jsQR(px.data, px.width, px.height)?.data ?? null;

/** Paints the SVG path's rectangles (`M x y h w v1 h-w z`, module units) onto pixels. */
function rasterizePath(d: string, side: number, scale: number) {
  const width = side * scale;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const m of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    const [x, y, w] = [Number(m[1]), Number(m[2]), Number(m[3])];
    for (let py = y * scale; py < (y + 1) * scale; py++) {
      for (let px = x * scale; px < (x + w) * scale; px++) {
        const i = (py * width + px) * 4;
        data[i] = data[i + 1] = data[i + 2] = 0;
      }
    }
  }
  return { data, width, height: width };
}

describe('QR code of a site address', () => {
  it('the PNG pixels decode to the address', () => {
    const qr = qrMatrix(url);
    expect(decode(qrPixels(qr, 4))).toBe(url);
  });

  it('the SVG path decodes to the address, and the file is a titled SVG', () => {
    const qr = qrMatrix(url);
    const side = qr.size + 2 * QR_MARGIN;
    expect(decode(rasterizePath(qrPath(qr), side, 4))).toBe(url);
    const svg = qrSvg(qr, `QR code for ${url}`);
    expect(svg).toMatch(/^<\?xml[^>]*>\n<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain(`viewBox="0 0 ${side} ${side}"`);
    expect(svg).toContain(`<title>QR code for ${url}</title>`);
    expect(svg).toContain(`d="${qrPath(qr)}"`);
  });

  it('a long own-domain address with a path and query still decodes', () => {
    const long = 'https://www.a-rather-long-personal-domain-name.example/s/jane-doe/?ref=qr&x=1';
    expect(decode(qrPixels(qrMatrix(long), 3))).toBe(long);
  });

  it('keeps the quiet zone white and makes a print-sized PNG', () => {
    const qr = qrMatrix(url);
    const scale = pngScale(qr);
    const px = qrPixels(qr, scale);
    expect(px.width).toBeGreaterThanOrEqual(1000);
    expect(px.width).toBeLessThan(1100);
    // The first QR_MARGIN * scale rows are white.
    expect(px.data.subarray(0, QR_MARGIN * scale * px.width * 4).every((v) => v === 255)).toBe(
      true,
    );
    // The top-left finder pattern starts right after the quiet zone.
    const corner = (QR_MARGIN * scale * px.width + QR_MARGIN * scale) * 4;
    expect([...px.data.subarray(corner, corner + 4)]).toEqual([0, 0, 0, 255]);
  });

  it('escapes the title and names files after the label', () => {
    expect(qrSvg(qrMatrix('x'), 'a<b & "c"')).toContain('<title>a&#60;b &#38; &#34;c&#34;</title>');
    expect(qrFileName('jane-doe', 'png')).toBe('jane-doe-qr-code.png');
    expect(qrFileName(null, 'svg')).toBe('portfolio-qr-code.svg');
  });
});
