import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CONTENT_BYTES } from '@folio/core';
import { portfolios, uploads, users } from '../src/db/schema.ts';
import { sweepUnusedUploads } from '../src/features/uploads/cleanup-job.ts';
import { moveInlineImages } from '../src/features/uploads/legacy-images.ts';
import { bearer, createTestContext, register, type TestContext } from './helpers.ts';

/**
 * Portfolios saved before the size caps (ADR 15) (inline `data:` images, long text) stay
 * readable: their images move to uploads at start-up, and what is still over a cap is shown,
 * previewed and published as stored; only a save asks for it to be shortened.
 */

/** A PNG of noise (does not compress), as a data URL. */
async function noisePng(side: number, seed: number): Promise<string> {
  const pixels = Buffer.alloc(side * side * 3);
  let x = seed;
  for (let i = 0; i < pixels.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    pixels[i] = x >>> 24;
  }
  const png = await sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** Decodes to zeros: no image. Over the image cap (350,000 characters) on its own. */
const brokenImage = `data:image/png;base64,${'A'.repeat(400_000)}`;
const longSummary = 'Thirty thousand characters of summary. '.repeat(770).slice(0, 30_000);

let ctx: TestContext;
let token: string | null;
let ownerId: number;
let big: number; // inline images, over 512 KB
let longText: number; // a 30,000-character summary
let oldShape: number; // the old simple shape, stored as a JSON string, with an inline image
let photo: string;
let project: string;
let bigRow: { version: number; updatedAt: Date };

async function insert(name: string, domain: string, content: unknown) {
  const [row] = await ctx.app.db
    .insert(portfolios)
    .values({ userId: ownerId, name, domain, content })
    .returning();
  return row!;
}

beforeAll(async () => {
  ctx = await createTestContext({ JOB_POLL_MS: '100' });
  const owner = await register(ctx.app);
  token = owner.token;
  ownerId = owner.id;
  // Several portfolios, all editable (the free plan's one would leave the others read-only).
  await ctx.app.db
    .update(users)
    .set({ plan: 'business', planExpiresAt: new Date(Date.now() + 30 * 86_400_000) })
    .where(eq(users.id, ownerId));
  photo = await noisePng(320, 1); // ~400,000 characters: over the image cap by itself
  project = await noisePng(160, 2);
  const bigContent = {
    data: {
      contact: { name: 'Ada Legacy', title: 'Engineer' },
      summary: 'Saved long ago.',
      projects: [1, 2, 3].map((n) => ({ name: `Project ${n}`, image: project })),
    },
    styles: { global: {}, sections: { contact: { iconUrl: project } } },
    settings: { ogImage: photo, faviconUrl: project, resumeUploadUrl: brokenImage },
  };
  expect(JSON.stringify(bigContent).length).toBeGreaterThan(MAX_CONTENT_BYTES);
  const row = await insert('Inline Images', 'inline-images', bigContent);
  big = row.id;
  bigRow = { version: row.version, updatedAt: row.updatedAt };
  longText = (
    await insert('Long Summary', 'long-summary', {
      data: { contact: { name: 'Bea Wordy', title: 'Writer' }, summary: longSummary },
    })
  ).id;
  oldShape = (
    await insert(
      'Old Shape',
      'old-shape',
      JSON.stringify({
        name: 'Cy Old',
        title: 'Maker',
        projects: [{ title: 'Kit', image: photo }],
      }),
    )
  ).id;
  // The server starts on this database as it would after an upgrade.
  await ctx.app.close();
  const { buildApp } = await import('../src/app.ts');
  ctx.app = await buildApp(ctx.settings, ctx.database, { logger: false });
  await ctx.app.ready();
}, 60_000);
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

interface Shown {
  version: number;
  updatedAt: string;
  content: {
    data: { summary?: string; projects?: { name?: string; image?: string }[] };
    styles: { sections: Record<string, { iconUrl?: string | null }> };
    settings: {
      ogImage?: string | null;
      faviconUrl?: string | null;
      resumeUploadUrl?: string | null;
    };
  };
}

/** Waits until the start-up move has rewritten the portfolio (its version went up). */
async function moved(id: number, fromVersion: number): Promise<Shown> {
  for (let i = 0; i < 400; i++) {
    const res = await call('GET', `/api/portfolios/${id}`);
    expect(res.statusCode).toBe(200);
    const shown = res.json<Shown>();
    if (shown.version > fromVersion) return shown;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`portfolio ${id} was never rewritten`);
}

const uploadAddress = /^\/uploads\/[0-9a-f]{64}\.webp$/;

describe('portfolios saved before the size caps', () => {
  it('open: GET answers 200 with the content as stored, over a cap or not', async () => {
    const res = await call('GET', `/api/portfolios/${longText}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<Shown>().content.data.summary).toBe(longSummary);

    // Whether or not the images have moved yet, the big one opens too.
    const bigOne = await call('GET', `/api/portfolios/${big}`);
    expect(bigOne.statusCode).toBe(200);
    expect(bigOne.json<Shown>().content.data.projects?.map((p) => p.name)).toEqual([
      'Project 1',
      'Project 2',
      'Project 3',
    ]);
  });

  it('inline images move to uploads at start-up, counted for the owner; the rest is intact', async () => {
    const shown = await moved(big, bigRow.version);
    expect(shown.version).toBe(bigRow.version + 1);
    // Nothing the user sees as "changed": no unpublished edits, list order kept.
    expect(shown.updatedAt).toBe(bigRow.updatedAt.toISOString());
    const { data, styles, settings } = shown.content;
    expect(settings.ogImage).toMatch(uploadAddress);
    expect(settings.faviconUrl).toMatch(uploadAddress);
    expect(styles.sections.contact?.iconUrl).toBe(settings.faviconUrl); // same image, one file
    expect(data.projects?.map((p) => p.image)).toEqual([1, 2, 3].map(() => settings.faviconUrl));
    expect(data.projects?.map((p) => p.name)).toEqual(['Project 1', 'Project 2', 'Project 3']);
    expect(data.summary).toBe('Saved long ago.');
    // Not an image: left as it was, and still shown.
    expect(settings.resumeUploadUrl).toBe(brokenImage);

    for (const address of [settings.ogImage!, settings.faviconUrl!]) {
      const file = await ctx.app.inject({ url: address });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.format).toBe('webp');
    }
    const original = await sharp(Buffer.from(photo.split(',')[1]!, 'base64')).metadata();
    const stored = await sharp(
      (await ctx.app.inject({ url: settings.ogImage! })).rawPayload,
    ).metadata();
    expect([stored.width, stored.height]).toEqual([original.width, original.height]);

    const old = await moved(oldShape, 1);
    expect(old.content.data.projects?.[0]?.image).toBe(settings.ogImage);

    // Counted for the owner, so the clean-up of unused uploads keeps them, even days later.
    const counted = await ctx.app.db
      .select({ name: uploads.name })
      .from(uploads)
      .where(eq(uploads.userId, ownerId));
    expect(counted.map((u) => `/uploads/${u.name}`).sort()).toEqual(
      [settings.ogImage!, settings.faviconUrl!].sort(),
    );
    // Run again (the next start-up): nothing left to move, nothing rewritten.
    expect(await moveInlineImages(ctx.app.db, ctx.app.blobs)).toEqual({
      portfolios: 0,
      moved: 0,
      left: 1,
    });
    expect((await call('GET', `/api/portfolios/${big}`)).json<Shown>().version).toBe(shown.version);

    await sweepUnusedUploads(ctx.app.db, new Date(Date.now() + 3 * 86_400_000));
    for (const address of [settings.ogImage!, settings.faviconUrl!]) {
      expect((await ctx.app.inject({ url: address })).statusCode).toBe(200);
    }
  });

  it('a save that keeps the over-cap text is refused with the field; a shorter one is saved', async () => {
    const res = await call('GET', `/api/portfolios/${longText}`);
    expect(res.statusCode).toBe(200);
    const { content, version } = res.json<Shown>();

    const kept = await call('PATCH', `/api/portfolios/${longText}`, { content, version });
    expect(kept.statusCode).toBe(400);
    expect(kept.json<{ message: string }>().message).toBe(
      'Invalid content: data.summary Too long: at most 20,000 characters',
    );
    // Nothing was lost: the stored content is unchanged.
    const again = await call('GET', `/api/portfolios/${longText}`);
    expect(again.json<Shown>().content.data.summary).toBe(longSummary);

    // Renaming does not touch the content and is not refused because of it.
    const renamed = await call('PATCH', `/api/portfolios/${longText}`, {
      name: 'Long Summary 2',
      version,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<Shown>().content.data.summary).toBe(longSummary);

    const shorter = {
      ...content,
      data: { ...content.data, summary: longSummary.slice(0, 20_000) },
    };
    const saved = await call('PATCH', `/api/portfolios/${longText}`, {
      content: shorter,
      version: renamed.json<Shown>().version,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<Shown>().content.data.summary).toBe(longSummary.slice(0, 20_000));
  });

  it('preview and publish show stored over-cap content as stored', async () => {
    const [row] = await ctx.app.db
      .insert(portfolios)
      .values({
        userId: ownerId,
        name: 'Long Published',
        domain: 'long-published',
        content: { data: { contact: { name: 'Di Long', title: 'Poet' }, summary: longSummary } },
      })
      .returning();
    const id = row!.id;

    const tokenRes = await call('POST', '/api/preview/token', { portfolio_id: id });
    expect(tokenRes.statusCode).toBe(200);
    const { preview_token } = tokenRes.json<{ preview_token: string }>();
    const page = await ctx.app.inject({
      url: `/api/preview/${id}?token=${encodeURIComponent(preview_token)}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Di Long');
    expect(page.body).toContain(longSummary.slice(-200));

    expect((await call('POST', `/api/publish/${id}`)).statusCode).toBeLessThan(300);
    let status = '';
    for (let i = 0; i < 400 && status !== 'live' && status !== 'failed'; i++) {
      if (i) await new Promise((r) => setTimeout(r, 50));
      status = (await call('GET', `/api/portfolios/${id}/site`)).json<{ status: string }>().status;
    }
    expect(status).toBe('live');
    const site = await ctx.app.inject({
      url: '/',
      headers: { host: 'long-published.folio.localhost' },
    });
    expect(site.statusCode).toBe(200);
    expect(site.body).toContain(longSummary.slice(-200));
  });

  it("'Download my data' gives the over-cap portfolio's resume as stored", async () => {
    const [row] = await ctx.app.db
      .insert(portfolios)
      .values({
        userId: ownerId,
        name: 'Long Export',
        domain: 'long-export',
        content: { data: { contact: { name: 'Ed Long' }, summary: longSummary } },
      })
      .returning();
    const res = await call('GET', '/api/account/export');
    expect(res.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(res.rawPayload);
    const file = zip.file(new RegExp(`^portfolios/${row!.id}-[^/]+/resume\\.json$`))[0];
    expect(file).toBeDefined();
    const resume = JSON.parse(await file!.async('string')) as { basics?: { summary?: string } };
    expect(resume.basics?.summary).toBe(longSummary);
  });
});
