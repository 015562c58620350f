import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, register, type TestContext } from './helpers.ts';

let ctx: TestContext;
let token: string | null;
beforeAll(async () => {
  ctx = await createTestContext();
  token = (await register(ctx.app)).token;
});
afterAll(() => ctx.close());

/** A multipart/form-data body with one file part. */
function multipart(bytes: Buffer, filename: string, type: string, field = 'file') {
  const boundary = `----folio${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(bytes: Buffer, filename = 'image.png', type = 'image/png', auth = token) {
  const body = multipart(bytes, filename, type);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { ...body.headers, ...bearer(auth) },
    payload: body.payload,
  });
}

/** The stored bytes, as served at the returned address. */
const stored = async (url: string) => {
  const res = await ctx.app.inject({ url });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
};

const photo = (width: number, height: number) =>
  sharp({
    create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } },
  });

/** CRC-32 (PNG chunk checksum). */
function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

/** An ICO file around the given images (each PNG or DIB bytes), directory first. */
function icoFile(images: { data: Buffer; width: number; height: number; bpp?: number }[]) {
  const head = Buffer.alloc(6 + 16 * images.length);
  head.writeUInt16LE(0, 0);
  head.writeUInt16LE(1, 2);
  head.writeUInt16LE(images.length, 4);
  let offset = head.length;
  images.forEach((img, i) => {
    const at = 6 + 16 * i;
    head.writeUInt8(img.width % 256, at);
    head.writeUInt8(img.height % 256, at + 1);
    head.writeUInt16LE(1, at + 4);
    head.writeUInt16LE(img.bpp ?? 32, at + 6);
    head.writeUInt32LE(img.data.length, at + 8);
    head.writeUInt32LE(offset, at + 12);
    offset += img.data.length;
  });
  return Buffer.concat([head, ...images.map((i) => i.data)]);
}

/** A BMP (DIB) icon image of RGBA pixels (rows top first), 32-bit or 8-bit with a palette. */
function dibIcon(rgba: number[][], bpp: 32 | 8) {
  const width = 2;
  const height = 2;
  const palette = bpp === 8 ? rgba.map(([r, g, b]) => [b!, g!, r!, 0]) : [];
  const xorStride = Math.floor((bpp * width + 31) / 32) * 4;
  const andStride = 4;
  const header = Buffer.alloc(40);
  header.writeUInt32LE(40, 0);
  header.writeInt32LE(width, 4);
  header.writeInt32LE(height * 2, 8);
  header.writeUInt16LE(1, 12);
  header.writeUInt16LE(bpp, 14);
  header.writeUInt32LE(palette.length, 32);
  const xor = Buffer.alloc(xorStride * height);
  const and = Buffer.alloc(andStride * height);
  for (let y = 0; y < height; y++) {
    const row = (height - 1 - y) * xorStride; // bottom-up
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const [r, g, b, a] = rgba[i]!;
      if (bpp === 32) Buffer.from([b!, g!, r!, a!]).copy(xor, row + x * 4);
      else xor[row + x] = i;
      const m = (height - 1 - y) * andStride;
      if (a === 0) and[m] = and[m]! | (0x80 >> x);
    }
  }
  const data = Buffer.concat([header, Buffer.from(palette.flat()), xor, and]);
  return { data, width, height, bpp };
}

/** The one image inside an ICO file we stored (a PNG). */
function icoImage(ico: Buffer): Buffer {
  expect(ico.readUInt16LE(4)).toBe(1);
  const size = ico.readUInt32LE(14);
  const offset = ico.readUInt32LE(18);
  expect(offset + size).toBe(ico.length); // nothing after the image
  const image = ico.subarray(offset, offset + size);
  expect(image.subarray(1, 4).toString()).toBe('PNG');
  return image;
}

const pixels = (bytes: Buffer) => sharp(bytes).ensureAlpha().raw().toBuffer();

describe('POST /api/upload', () => {
  it('stores a PNG as WebP by content hash, serves it with a long cache and nosniff', async () => {
    const png = await photo(64, 48).png().toBuffer();
    const res = await upload(png);
    expect(res.statusCode).toBe(200);
    const { url } = res.json<{ url: string }>();
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{64}\.webp$/);
    expect((await stored(url)).length).toBeGreaterThan(0);

    // the same picture again: the same address
    expect((await upload(png)).json<{ url: string }>().url).toBe(url);

    const served = await ctx.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 64, 48]);
  });

  it('re-encodes a JPEG: EXIF (camera, GPS) is gone, large images scaled to 1600 px', async () => {
    const jpeg = await photo(2400, 1200)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-owner', Artist: 'Someone Private' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload(jpeg, 'me.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(200);
    const bytes = await stored(res.json<{ url: string }>().url);
    const meta = await sharp(bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([1600, 800]);
    expect(bytes.includes('secret-owner')).toBe(false);
  });

  it('rebuilds an ICO favicon from its pixels and serves it as image/x-icon', async () => {
    const png = await photo(16, 16).png().toBuffer();
    const ico = icoFile([{ data: png, width: 16, height: 16 }]);
    const res = await upload(ico, 'favicon.ico', 'image/x-icon');
    expect(res.statusCode).toBe(200);
    const { url } = res.json<{ url: string }>();
    expect(url).toMatch(/\.ico$/);
    const served = await ctx.app.inject({ url });
    expect(served.headers['content-type']).toBe('image/x-icon');
    const image = icoImage(served.rawPayload);
    expect(await pixels(image)).toEqual(await pixels(png));
  });

  it('reads BMP icons (32-bit with alpha, 8-bit with a palette and mask) into the same pixels', async () => {
    // 2×2: red, green / blue, transparent (top row first)
    const rgba = [
      [255, 0, 0, 255],
      [0, 255, 0, 255],
      [0, 0, 255, 255],
      [0, 0, 0, 0],
    ];
    const expected = await sharp(Buffer.from(rgba.flat()), {
      raw: { width: 2, height: 2, channels: 4 },
    })
      .raw()
      .toBuffer();
    for (const bpp of [32, 8] as const) {
      const res = await upload(icoFile([dibIcon(rgba, bpp)]), 'favicon.ico', 'image/x-icon');
      expect(res.statusCode, `${bpp} bpp: ${res.body}`).toBe(200);
      const stored = await ctx.app.inject({ url: res.json<{ url: string }>().url });
      const got = await sharp(icoImage(stored.rawPayload)).ensureAlpha().raw().toBuffer();
      // transparent pixels may carry any colour: compare alpha there, everything elsewhere
      expect([...got.subarray(0, 12)], `${bpp} bpp`).toEqual([...expected.subarray(0, 12)]);
      expect(got[15], `${bpp} bpp`).toBe(0);
    }
  });

  it('refuses SVG and anything that is not an image, whatever the name says', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const res = await upload(svg, 'logo.png', 'image/png');
    expect(res.statusCode).toBe(415);
    expect(res.json<{ message: string }>().message).toMatch(/SVG images are not accepted/);

    const html = await upload(Buffer.from('<html><body>hi</body></html>'), 'a.png', 'image/png');
    expect(html.statusCode).toBe(415);
    expect(html.json<{ message: string }>().message).toMatch(/PNG, JPEG, WebP, GIF and AVIF/);

    const pdf = await upload(Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), 'a.gif');
    expect(pdf.statusCode).toBe(415);
  });

  it('a polyglot (PNG followed by HTML and script) is re-encoded into pixels only', async () => {
    const png = await photo(32, 32).png().toBuffer();
    const payload = '<html><script>alert(document.cookie)</script></html>';
    const res = await upload(Buffer.concat([png, Buffer.from(payload)]), 'x.png');
    if (res.statusCode === 200) {
      const bytes = await stored(res.json<{ url: string }>().url);
      expect(bytes.includes('<script')).toBe(false);
      expect(bytes.includes('<html')).toBe(false);
      expect((await sharp(bytes).metadata()).format).toBe('webp');
    } else {
      expect(res.statusCode).toBe(415);
    }
  });

  it('refuses files over 5 MB with the product message', async () => {
    const big = Buffer.concat([
      await photo(8, 8).png().toBuffer(),
      Buffer.alloc(5 * 1024 * 1024 + 10, 1),
    ]);
    const res = await upload(big, 'big.png');
    expect(res.statusCode).toBe(413);
    expect(res.json<{ message: string }>().message).toBe(
      'File too large. Maximum allowed size is 5MB.',
    );
  });

  it('refuses a decompression bomb (tiny PNG declaring 20000×20000) without decoding it', async () => {
    const png = await photo(4, 4).png().toBuffer();
    // IHDR data sits at bytes 16..28; its CRC covers type + data (bytes 12..28).
    png.writeUInt32BE(20000, 16);
    png.writeUInt32BE(20000, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
    expect(png.length).toBeLessThan(200);
    const res = await upload(png, 'bomb.png');
    expect(res.statusCode).toBe(413);
    expect(res.json<{ message: string }>().message).toMatch(/dimensions are too large/);
    // and the server still answers
    const ok = await upload(await photo(10, 10).png().toBuffer());
    expect(ok.statusCode).toBe(200);
  });

  it('needs a signed-in user and a file', async () => {
    const png = await photo(8, 8).png().toBuffer();
    expect((await upload(png, 'a.png', 'image/png', null)).statusCode).toBe(401);
    const noFile = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: bearer(token),
      payload: { file: 'x' },
    });
    expect(noFile.statusCode).toBe(400);
  });
});

describe('GET /uploads/:file', () => {
  it('serves only stored names', async () => {
    for (const url of [
      '/uploads/notahash.webp',
      `/uploads/${'a'.repeat(64)}.webp`,
      `/uploads/${'a'.repeat(64)}.html`,
      '/uploads/..%2Fjwt-secret',
    ]) {
      expect((await ctx.app.inject({ url })).statusCode, url).toBe(404);
    }
  });
});
