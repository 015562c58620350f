import { createHash } from 'node:crypto';
import { UPLOAD_QUOTA } from '@folio/core';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { blobs, siteVersions, uploads } from '../src/db/schema.ts';
import { sweepUnusedUploads } from '../src/features/uploads/cleanup-job.ts';
import { bearer, createTestContext, register, type TestContext } from './helpers.ts';

/** ADR 15: uploads had no per-account quota, and files nothing used were kept for ever. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

function multipart(bytes: Buffer) {
  const boundary = `----folio${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (token: string | null, bytes: Buffer) => {
  const body = multipart(bytes);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { ...body.headers, ...bearer(token) },
    payload: body.payload,
  });
};

/** A small PNG of its own colour: every `n` gives another stored file. */
const png = (n: number) =>
  sharp({
    create: {
      width: 8,
      height: 8,
      channels: 3,
      background: { r: (n * 37) % 256, g: (n * 91) % 256, b: (n * 53) % 256 },
    },
  })
    .png()
    .toBuffer();

const nameOf = (url: string) => url.replace('/uploads/', '');
const db = () => ctx.app.db;
const blobNames = async () =>
  (await db().select({ name: blobs.name }).from(blobs)).map((r) => r.name);

/** Files the account has already (stand-ins of earlier uploads), `size` bytes each as counted. */
async function seedUploads(userId: number, count: number, size = 100, uploadedAt?: Date) {
  for (let i = 0; i < count; i++) {
    const name = `${createHash('sha256').update(`${userId}-${i}-${Math.random()}`).digest('hex')}.webp`;
    await db()
      .insert(blobs)
      .values({ name, contentType: 'image/webp', size, bytes: Buffer.from('x') });
    await db()
      .insert(uploads)
      .values({ userId, name, size, ...(uploadedAt ? { uploadedAt } : {}) });
  }
}

const usage = async (userId: number) =>
  (await db().select({ name: uploads.name }).from(uploads).where(eq(uploads.userId, userId)))
    .length;

describe('per-account upload quota', () => {
  it(`an account keeps at most ${UPLOAD_QUOTA.files} images: the next is refused with a clear 403, nothing stored`, async () => {
    const user = await register(ctx.app);
    const first = await upload(user.token, await png(1));
    expect(first.statusCode, first.body).toBe(200);
    await seedUploads(user.id, UPLOAD_QUOTA.files - 2);

    const last = await upload(user.token, await png(2));
    expect(last.statusCode, last.body).toBe(200);
    expect(await usage(user.id)).toBe(UPLOAD_QUOTA.files);

    const before = await blobNames();
    const over = await upload(user.token, await png(3));
    expect(over.statusCode).toBe(403);
    expect(over.json()).toMatchObject({ error: 'UPLOAD_QUOTA' });
    expect(over.json<{ message: string }>().message).toMatch(
      /^Upload limit reached: an account keeps at most 50 images \(25 MB in all\)/,
    );
    expect(await blobNames()).toEqual(before);
    // an image the account has already is not counted twice
    const again = await upload(user.token, await png(1));
    expect(again.statusCode).toBe(200);
    expect(again.json<{ url: string }>().url).toBe(first.json<{ url: string }>().url);
    // and another account is not affected
    const other = await register(ctx.app);
    expect((await upload(other.token, await png(3))).statusCode).toBe(200);
  });

  it('an account keeps at most 25 MB of images', async () => {
    const user = await register(ctx.app);
    await seedUploads(user.id, 1, UPLOAD_QUOTA.bytes - 10); // no image is 10 bytes
    const res = await upload(user.token, await png(4));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'UPLOAD_QUOTA' });
    expect(await usage(user.id)).toBe(1);
  });

  it('uploads at the same time cannot pass the quota together', async () => {
    const user = await register(ctx.app);
    await seedUploads(user.id, UPLOAD_QUOTA.files - 1);
    const images = await Promise.all([10, 11, 12, 13].map(png));
    const results = await Promise.all(images.map((b) => upload(user.token, b)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 403, 403, 403]);
    expect(await usage(user.id)).toBe(UPLOAD_QUOTA.files);
  });
});

describe('clean-up of unused uploads', () => {
  it('removes, a day after upload, what no portfolio or published version uses; keeps the rest', async () => {
    const a = await register(ctx.app);
    const b = await register(ctx.app);
    const url = async (token: string | null, n: number) => {
      const res = await upload(token, await png(n));
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ url: string }>().url;
    };
    const inContent = await url(a.token, 100);
    const unused = await url(a.token, 101);
    const inVersion = await url(a.token, 102);
    const otherUsesIt = await url(b.token, 103); // B uploaded it; only A's portfolio shows it
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/portfolios',
      headers: bearer(a.token),
      payload: {
        name: 'Uses Images',
        content: { settings: { ogImage: inContent, faviconUrl: otherUsesIt } },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const portfolioId = created.json<{ id: number }>().id;
    // a published version (kept besides the live one) that shows an image the draft dropped
    await db()
      .insert(siteVersions)
      .values({ portfolioId, html: `<img src="${inVersion}">`, etag: '"x"', nonce: 'n' });
    // a file from before quotas (no account counts it) that nothing uses, stored two days ago
    const [old] = await db()
      .insert(blobs)
      .values({
        name: `${'b'.repeat(64)}.webp`,
        contentType: 'image/webp',
        size: 1,
        bytes: Buffer.from('x'),
        createdAt: new Date(Date.now() - 2 * 86_400_000),
      })
      .returning({ name: blobs.name });

    // Now: nothing uploaded today goes; the old unused file does.
    expect(await sweepUnusedUploads(db(), new Date())).toEqual({ released: 0, deleted: 1 });
    expect(await blobNames()).not.toContain(old!.name);
    const served = async (u: string) => (await ctx.app.inject({ url: u })).statusCode;
    expect(await served(unused)).toBe(200);

    // Two days on: the unused upload is gone, everything in use stays.
    const later = new Date(Date.now() + 2 * 86_400_000);
    const result = await sweepUnusedUploads(db(), later);
    expect(await served(unused)).toBe(404);
    for (const u of [inContent, inVersion, otherUsesIt]) expect(await served(u), u).toBe(200);
    // A no longer counts the unused one; B no longer counts the one only A uses
    const counted = async (userId: number) =>
      (await db().select({ name: uploads.name }).from(uploads).where(eq(uploads.userId, userId)))
        .map((r) => r.name)
        .sort();
    expect(await counted(a.id)).toEqual([nameOf(inContent), nameOf(inVersion)].sort());
    expect(await counted(b.id)).toEqual([]);
    expect(result.deleted).toBeGreaterThanOrEqual(1);
    // Run twice: nothing more to do
    expect(await sweepUnusedUploads(db(), later)).toEqual({ released: 0, deleted: 0 });
  });

  it('an upload repeated just now is kept, though its file was first stored long ago', async () => {
    const user = await register(ctx.app);
    const image = await png(200);
    const first = await upload(user.token, image);
    const name = nameOf(first.json<{ url: string }>().url);
    const longAgo = new Date(Date.now() - 3 * 86_400_000);
    await db().update(blobs).set({ createdAt: longAgo }).where(eq(blobs.name, name));
    await db().update(uploads).set({ uploadedAt: longAgo }).where(eq(uploads.name, name));
    expect((await upload(user.token, image)).statusCode).toBe(200);
    await sweepUnusedUploads(db(), new Date());
    expect(await blobNames()).toContain(name);
    expect(await usage(user.id)).toBe(1); // still counted: its day starts again
  });

  it('runs as a scheduled job of the server', async () => {
    const name = `${'c'.repeat(64)}.webp`;
    await db()
      .insert(blobs)
      .values({
        name,
        contentType: 'image/webp',
        size: 1,
        bytes: Buffer.from('x'),
        createdAt: new Date(Date.now() - 2 * 86_400_000),
      });
    // A second server process on the same database runs its jobs once it is ready.
    const second = await buildApp(ctx.settings, ctx.database, { logger: false });
    try {
      await second.ready();
      const gone = async () =>
        (await db().select({ name: blobs.name }).from(blobs).where(eq(blobs.name, name))).length ===
        0;
      while (!(await gone())) await new Promise((r) => setImmediate(r));
      expect(await gone()).toBe(true);
    } finally {
      await second.close();
    }
  });
});
