/**
 * Uploaded photos and favicons on a published site (product.md, Addresses; ADR 20): served from
 * the site's own address in every form (`{label}.SITES_DOMAIN`, `/s/{label}/`, an own domain),
 * cached forever, allowed by the site's CSP ('self'), part of the published version (a later
 * upload does not change the live page), and og:image absolute on the site's host and answering.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { bearer, createTestContext, register, type TestContext } from './helpers.ts';

const txt = new Map<string, string[][]>();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ JOB_POLL_MS: '100' });
  await ctx.app.close();
  const { buildApp } = await import('../src/app.ts');
  ctx.app = await buildApp(ctx.settings, ctx.database, {
    logger: false,
    dnsResolver: {
      resolveTxt: (host) =>
        txt.has(host)
          ? Promise.resolve(txt.get(host)!)
          : Promise.reject(Object.assign(new Error('ENODATA'), { code: 'ENODATA' })),
    },
  });
  await ctx.app.ready();
});
afterAll(() => ctx.close());

const image = (r: number, g: number, b: number) =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

async function upload(token: string, bytes: Buffer): Promise<string> {
  const boundary = `----folio${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(token) },
    payload,
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ url: string }>().url;
}

const get = (host: string, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { host, 'accept-encoding': 'identity' } });

async function waitLive(id: number, token: string) {
  for (let i = 0; i < 200; i++) {
    const res = await ctx.app.inject({
      url: `/api/portfolios/${id}/site`,
      headers: bearer(token),
    });
    if (res.json<{ status: string }>().status === 'live') return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('never live');
}

it('photo, favicon and og:image answer on the subdomain, /s/{label}/ and an own domain', async () => {
  const user = await register(ctx.app);
  const token = user.token!;
  await ctx.app.db
    .update(users)
    .set({ plan: 'pro', planExpiresAt: new Date(Date.now() + 30 * 86_400_000) })
    .where(eq(users.id, user.id));
  const photo = await upload(token, await image(200, 40, 40));
  const favicon = await upload(token, await image(40, 200, 40));
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/portfolios',
    headers: bearer(token),
    payload: {
      name: 'Pia Picture',
      content: {
        data: { contact: { name: 'Pia Picture', title: 'Photographer' }, summary: 'Light.' },
        settings: { ogImage: photo, faviconUrl: favicon },
      },
    },
  });
  expect(created.statusCode).toBe(201);
  const id = created.json<{ id: number }>().id;
  // An own domain, verified (TXT record), to meet the third address form.
  const own = await ctx.app.inject({
    method: 'PUT',
    url: `/api/portfolios/${id}/own-domain`,
    headers: bearer(token),
    payload: { host: 'www.pia-picture.dev' },
  });
  const { txtName, txtValue } = own.json<{ ownDomain: { txtName: string; txtValue: string } }>()
    .ownDomain;
  txt.set(txtName, [[txtValue]]);
  const verified = await ctx.app.inject({
    method: 'POST',
    url: `/api/portfolios/${id}/own-domain/verify`,
    headers: bearer(token),
  });
  expect(verified.statusCode).toBe(200);
  await ctx.app.inject({ method: 'POST', url: `/api/publish/${id}`, headers: bearer(token) });
  await waitLive(id, token);

  const photoName = photo.slice('/uploads/'.length);
  const faviconName = favicon.slice('/uploads/'.length);
  const forms = [
    { host: 'pia-picture.folio.localhost', page: '/', base: '/' },
    { host: 'localhost', page: '/s/pia-picture/', base: '/s/pia-picture/' },
    { host: 'www.pia-picture.dev', page: '/', base: '/' },
  ];
  for (const { host, page, base } of forms) {
    const res = await get(host, page);
    expect(res.statusCode, host).toBe(200);
    // Relative to the page, so the same version works in every form.
    expect(res.body).toContain(`src="uploads/${photoName}"`);
    expect(res.body).toContain(`rel="icon" href="uploads/${faviconName}"`);
    expect(res.headers['content-security-policy']).toMatch(/img-src 'self' /);
    for (const name of [photoName, faviconName]) {
      const file = await get(host, `${base}uploads/${name}`);
      expect(file.statusCode, `${host} ${name}`).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await sharp(file.rawPayload).metadata()).width).toBe(64);
    }
  }
  // og:image: absolute, on the site's canonical host (the verified own domain), and answering.
  const home = await get('pia-picture.folio.localhost', '/');
  const og = /<meta property="og:image" content="([^"]+)"/.exec(home.body)?.[1];
  expect(og).toBe(`https://www.pia-picture.dev/uploads/${photoName}`);
  const ogUrl = new URL(og!);
  expect((await get(ogUrl.host, ogUrl.pathname)).statusCode).toBe(200);

  // A later upload, saved in the draft, does not reach the live site until it is republished.
  const later = await upload(token, await image(40, 40, 200));
  const draft = await ctx.app.inject({ url: `/api/portfolios/${id}`, headers: bearer(token) });
  const { content, version } = draft.json<{
    content: { settings: Record<string, unknown> };
    version: number;
  }>();
  const saved = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/portfolios/${id}`,
    headers: bearer(token),
    payload: {
      version,
      content: { ...content, settings: { ...content.settings, ogImage: later } },
    },
  });
  expect(saved.statusCode).toBe(200);
  const live = await get('pia-picture.folio.localhost', '/');
  expect(live.body).toContain(`src="uploads/${photoName}"`);
  expect((await get('pia-picture.folio.localhost', `/uploads/${photoName}`)).statusCode).toBe(200);
  // Only the images the live version shows are served on the site's address.
  const laterName = later.slice('/uploads/'.length);
  expect((await get('pia-picture.folio.localhost', `/uploads/${laterName}`)).statusCode).toBe(404);
});
