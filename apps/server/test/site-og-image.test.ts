/**
 * Link-preview images of published sites: a 1200×630 PNG drawn in the template's look
 * when publishing, stored with the version and served from the site (og:image, twitter:image,
 * `summary_large_image`); an owner's own image is kept. Unknown paths on a site answer 404.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { bearer, createTestContext, register, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ JOB_POLL_MS: '100' });
});
afterAll(() => ctx.close());

const request = (method: 'GET' | 'HEAD', host: string, url: string) =>
  ctx.app.inject({ method, url, headers: { host, 'accept-encoding': 'identity' } });

async function publishSite(name: string, title: string, template: string) {
  const { token, id: userId } = await register(ctx.app);
  // Every template: some are the paid plans'.
  await ctx.app.db
    .update(users)
    .set({ plan: 'pro', planExpiresAt: new Date(Date.now() + 30 * 86_400_000) })
    .where(eq(users.id, userId));
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/portfolios',
    headers: bearer(token),
    payload: { name, template, content: { data: { contact: { name, title } } } },
  });
  expect(created.statusCode).toBe(201);
  const id = created.json<{ id: number }>().id;
  await ctx.app.inject({ method: 'POST', url: `/api/publish/${id}`, headers: bearer(token) });
  for (let i = 0; i < 200; i++) {
    const res = await ctx.app.inject({ url: `/api/portfolios/${id}/site`, headers: bearer(token) });
    const site = res.json<{ status: string; url: string }>();
    if (site.status === 'live') return new URL(site.url);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('never live');
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]+)"`).exec(html)?.[1];

it('a published site has a 1200×630 PNG card as og:image and twitter:image, cached for good', async () => {
  const url = await publishSite('Olga Preview', 'Lighthouse keeper', 'terminal');
  const page = await request('GET', url.host, '/');
  expect(page.statusCode).toBe(200);
  expect(metaOf(page.body, 'twitter:card')).toBe('summary_large_image');
  const og = metaOf(page.body, 'og:image');
  expect(og).toMatch(
    /^http:\/\/olga-preview\.folio\.localhost(:\d+)?\/og-image\.[0-9a-f]{12}\.png$/,
  );
  expect(metaOf(page.body, 'twitter:image')).toBe(og);

  const image = new URL(og!);
  const png = await request('GET', image.host, image.pathname);
  expect(png.statusCode).toBe(200);
  expect(png.headers['content-type']).toBe('image/png');
  expect(png.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(pngSize(png.rawPayload)).toEqual({ width: 1200, height: 630 });

  const head = await request('HEAD', image.host, image.pathname);
  expect(head.statusCode).toBe(200);
  expect(head.headers['content-type']).toBe('image/png');
  expect(head.body).toBe('');

  // The same image in the path form of the address.
  const pathForm = await request('GET', 'localhost', `/s/olga-preview${image.pathname}`);
  expect(pathForm.statusCode).toBe(200);
  expect(pathForm.rawPayload.equals(png.rawPayload)).toBe(true);
});

it('cards differ by template and person; another name is another file', async () => {
  const a = await publishSite('Ana Modern', 'Designer', 'modern');
  const b = await publishSite('Ben Galactic', 'Astronomer', 'galactic');
  const ogA = metaOf((await request('GET', a.host, '/')).body, 'og:image')!;
  const ogB = metaOf((await request('GET', b.host, '/')).body, 'og:image')!;
  expect(new URL(ogA).pathname).not.toBe(new URL(ogB).pathname);
  // A site does not serve another site's card.
  expect((await request('GET', a.host, new URL(ogB).pathname)).statusCode).toBe(404);
});

it('unknown paths on a site host answer 404 with a page, for GET and HEAD', async () => {
  const url = await publishSite('Nora Nowhere', 'Cartographer', 'modern');
  for (const method of ['GET', 'HEAD'] as const) {
    const res = await request(method, url.host, '/no-such-page');
    expect(res.statusCode, method).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
    if (method === 'GET') expect(res.body).toContain('Page not found');
    const stale = await request(method, url.host, '/og-image.000000000000.png');
    expect(stale.statusCode, method).toBe(404);
  }
});
