import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PreviewTokens } from '../src/features/preview/preview-tokens.ts';
import { bearer, createTestContext, register, type TestContext } from './helpers.ts';

const secret = 'preview-test-secret-that-is-long-enough-0123456789';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ JWT_SECRET: secret });
});
afterAll(() => ctx.close());

async function portfolio(token: string | null, name: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/portfolios',
    headers: bearer(token),
    payload: {
      name,
      template: 'modern',
      content: {
        data: { contact: { name: 'Ada Park', title: 'Engineer <b>bold</b>' } },
        settings: { sectionOrder: ['contact', 'summary'] },
      },
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number }>().id;
}

const tokenFor = (auth: string | null, id: number | string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/preview/token',
    headers: bearer(auth),
    payload: { portfolio_id: id },
  });

const view = (id: number, token: string) =>
  ctx.app.inject({
    url: `/api/preview/${id}?token=${encodeURIComponent(token)}&t=${Date.now()}`,
  });

describe('preview tokens and the preview page', () => {
  it('the owner gets a token; the page is the rendered saved content under a strict CSP', async () => {
    const owner = await register(ctx.app);
    const id = await portfolio(owner.token, 'Preview One');
    const res = await tokenFor(owner.token, id);
    expect(res.statusCode).toBe(200);
    const { preview_token } = res.json<{ preview_token: string }>();
    expect(preview_token.split('.')).toHaveLength(3);

    const page = await view(id, preview_token);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; font-src 'self'; script-src 'unsafe-inline'; frame-ancestors 'self'; form-action 'none'; sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox",
    );
    expect(page.body).toContain('Ada Park');
    expect(page.body).toContain('Engineer &lt;b&gt;bold&lt;/b&gt;');
    expect(page.body).toContain('noindex');

    // Saved changes show on the next load.
    const current = await ctx.app.inject({
      url: `/api/portfolios/${id}`,
      headers: bearer(owner.token),
    });
    const { content, version } = current.json<{ content: { data: object }; version: number }>();
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/portfolios/${id}`,
      headers: bearer(owner.token),
      payload: {
        content: { ...content, data: { contact: { name: 'Grace Renamed' } } },
        version,
      },
    });
    expect((await view(id, preview_token)).body).toContain('Grace Renamed');
  });

  it('only the owner gets one: someone else or a missing portfolio is 404, no user is 401', async () => {
    const owner = await register(ctx.app);
    const other = await register(ctx.app);
    const id = await portfolio(owner.token, 'Preview Two');
    expect((await tokenFor(other.token, id)).statusCode).toBe(404);
    expect((await tokenFor(owner.token, 999_999)).statusCode).toBe(404);
    expect((await tokenFor(null, id)).statusCode).toBe(401);
  });

  it('a token works for its own portfolio only', async () => {
    const owner = await register(ctx.app);
    const neighbour = await register(ctx.app);
    const a = await portfolio(owner.token, 'Preview A');
    const b = await portfolio(neighbour.token, 'Preview B');
    const token = (await tokenFor(owner.token, a)).json<{ preview_token: string }>().preview_token;
    expect((await view(a, token)).statusCode).toBe(200);
    expect((await view(b, token)).statusCode).toBe(404);
  });

  it('refuses expired, forged, tampered and session tokens, and a deleted portfolio', async () => {
    const owner = await register(ctx.app);
    const id = await portfolio(owner.token, 'Preview Three');
    const issuer = ctx.settings.APP_URL;
    // The owner's session, as the token route would bind it.
    const { sid: sessionId } = JSON.parse(
      Buffer.from(owner.token!.split('.')[1]!, 'base64url').toString(),
    ) as { sid: string };

    const elevenMinutesAgo = () => Date.now() - 11 * 60 * 1000;
    const expired = await new PreviewTokens(secret, issuer, elevenMinutesAgo).sign({
      userId: owner.id,
      portfolioId: id,
      sessionId,
    });
    const expiredRes = await view(id, expired);
    expect(expiredRes.statusCode).toBe(401);
    expect(expiredRes.json<{ message: string }>().message).toMatch(/invalid or has expired/);

    // Nine minutes old is still fine.
    const recent = await new PreviewTokens(secret, issuer, () => Date.now() - 9 * 60 * 1000).sign({
      userId: owner.id,
      portfolioId: id,
      sessionId,
    });
    expect((await view(id, recent)).statusCode).toBe(200);

    const forged = await new PreviewTokens('another-secret-entirely-0123456789abcdef', issuer).sign(
      { userId: owner.id, portfolioId: id, sessionId },
    );
    expect((await view(id, forged)).statusCode).toBe(401);

    const good = (await tokenFor(owner.token, id)).json<{ preview_token: string }>().preview_token;
    const [h, p, s] = good.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...claims, pid: id + 1 })).toString('base64url')}.${s}`;
    expect((await view(id + 1, tampered)).statusCode).toBe(401);

    // A session token is not a preview token.
    expect((await view(id, owner.token ?? '')).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: `/api/preview/${id}` })).statusCode).toBe(400);

    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/portfolios/${id}`,
      headers: bearer(owner.token),
    });
    expect((await view(id, good)).statusCode).toBe(404);
  });
});

describe('GET /api/portfolios/{id}/thumbnail (the dashboard miniature, ADR 38)', () => {
  const thumbnail = (auth: string | null, id: number | string) =>
    ctx.app.inject({ url: `/api/portfolios/${id}/thumbnail`, headers: bearer(auth) });

  it("is the owner's saved page without executable scripts; others and strangers get nothing", async () => {
    const owner = await register(ctx.app);
    const id = await portfolio(owner.token, 'Thumbnail One');
    const res = await thumbnail(owner.token, id);
    expect(res.statusCode).toBe(200);
    const { html } = res.json<{ html: string }>();
    expect(html).toContain('Ada Park');
    expect(html).toContain('Engineer &lt;b&gt;bold&lt;/b&gt;');
    const scripts = html.match(/<script\b[^>]*>/gi) ?? [];
    expect(scripts.every((tag) => tag.includes('application/ld+json'))).toBe(true);

    const other = await register(ctx.app);
    expect((await thumbnail(other.token, id)).statusCode).toBe(404);
    expect((await thumbnail(null, id)).statusCode).toBe(401);
    expect((await thumbnail(owner.token, 'x')).statusCode).toBe(400);
  });

  it('shows the sample persona while the resume is empty', async () => {
    const owner = await register(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/portfolios',
      headers: bearer(owner.token),
      payload: { name: 'Empty One', template: 'modern' },
    });
    const { id } = res.json<{ id: number }>();
    const { html } = (await thumbnail(owner.token, id)).json<{ html: string }>();
    expect(html).toContain('Jane Doe');
  });
});
