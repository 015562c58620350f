/**
 * Self-hosted web fonts on published sites (ADR 24): the font files a page names answer on the
 * address the page is served at (`{label}.SITES_DOMAIN`, `/s/{label}/`, an own domain) as
 * font/woff2, cached forever and usable from any origin (sandboxed pages have an opaque one), and
 * every policy a rendered page is served under allows them ('self').
 */
import { eq } from 'drizzle-orm';
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

const get = (host: string, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { host, 'accept-encoding': 'identity' } });

async function waitLive(id: number, token: string) {
  for (let i = 0; i < 200; i++) {
    const res = await ctx.app.inject({ url: `/api/portfolios/${id}/site`, headers: bearer(token) });
    if (res.json<{ status: string }>().status === 'live') return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('never live');
}

/** The font files a page's @font-face rules name, and the one it preloads. */
function fontsOf(html: string) {
  const faces = [...html.matchAll(/@font-face\{[^}]*src:url\(([^)]+)\)/g)].map((m) => m[1]!);
  const preload = /<link rel="preload" href="([^"]+)" as="font"/.exec(html)?.[1];
  return { faces, preload };
}

/** The sources a policy allows for one directive. */
function directive(csp: string | undefined, name: string): string[] {
  const found = (csp ?? '').split(/;\s*/).find((d) => d.startsWith(`${name} `));
  return found ? found.split(/\s+/).slice(1) : [];
}

it('a published page’s fonts answer as woff2, cached forever, on the subdomain, /s/{label}/ and an own domain', async () => {
  const user = await register(ctx.app);
  const token = user.token!;
  await ctx.app.db
    .update(users)
    .set({ plan: 'pro', planExpiresAt: new Date(Date.now() + 30 * 86_400_000) })
    .where(eq(users.id, user.id));
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/portfolios',
    headers: bearer(token),
    payload: {
      name: 'Fia Fontaine',
      template: 'splitscreen',
      content: {
        data: { contact: { name: 'Fia Fontaine', title: 'Type designer' }, summary: 'Letters.' },
      },
    },
  });
  expect(created.statusCode).toBe(201);
  const id = created.json<{ id: number }>().id;
  const own = await ctx.app.inject({
    method: 'PUT',
    url: `/api/portfolios/${id}/own-domain`,
    headers: bearer(token),
    payload: { host: 'www.fia-fontaine.dev' },
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

  for (const { host, page } of [
    { host: 'fia-fontaine.folio.localhost', page: '/' },
    { host: 'localhost', page: '/s/fia-fontaine/' },
    { host: 'www.fia-fontaine.dev', page: '/' },
  ]) {
    const res = await get(host, page);
    expect(res.statusCode, host).toBe(200);
    expect(directive(res.headers['content-security-policy'] as string, 'font-src')).toContain(
      "'self'",
    );
    const { faces, preload } = fontsOf(res.body);
    // Splitscreen: the body face and the display face, Latin and Latin Extended each.
    expect(faces, host).toHaveLength(4);
    expect(faces).toContain(preload);
    for (const url of faces) {
      // The page names its fonts by an absolute path: on the page's own host in every form.
      const file = await get(host, new URL(url, `http://${host}${page}`).pathname);
      expect(file.statusCode, `${host} ${url}`).toBe(200);
      expect(file.headers['content-type']).toBe('font/woff2');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(file.headers['access-control-allow-origin']).toBe('*');
      expect(file.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
    }
  }
  // A name that is no font file is not found, on a site host and on the app.
  expect(
    (await get('fia-fontaine.folio.localhost', '/fonts/nope.0123456789.woff2')).statusCode,
  ).toBe(404);
  expect((await get('localhost', '/fonts/nope.woff2')).statusCode).toBe(404);
});

it('the previews of the app allow the fonts too: the preview page and the template samples', async () => {
  const sample = await get('localhost', '/api/templates/modern/sample');
  expect(sample.statusCode).toBe(200);
  expect(directive(sample.headers['content-security-policy'] as string, 'font-src')).toEqual([
    "'self'",
  ]);
  const { preload } = fontsOf(sample.body);
  const font = await get('localhost', preload!);
  expect(font.statusCode).toBe(200);
  expect(font.headers['content-type']).toBe('font/woff2');

  const user = await register(ctx.app);
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/portfolios',
    headers: bearer(user.token),
    payload: { name: 'Pre View', content: { data: { contact: { name: 'Pre View' } } } },
  });
  const id = created.json<{ id: number }>().id;
  const token = await ctx.app.inject({
    method: 'POST',
    url: '/api/preview/token',
    headers: bearer(user.token),
    payload: { portfolio_id: id },
  });
  const preview = await get(
    'localhost',
    `/api/preview/${id}?token=${encodeURIComponent(token.json<{ preview_token: string }>().preview_token)}`,
  );
  expect(preview.statusCode).toBe(200);
  expect(directive(preview.headers['content-security-policy'] as string, 'font-src')).toEqual([
    "'self'",
  ]);
  expect(fontsOf(preview.body).faces.length).toBeGreaterThan(0);
});
