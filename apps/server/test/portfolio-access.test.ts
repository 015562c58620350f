import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_TOO_LARGE_MESSAGE } from '@folio/core';
import { bearer, createTestContext, register, type TestContext } from './helpers.ts';

/**
 * The owner matrix of every portfolio route: anonymous → 401, someone else's portfolio → 404
 * (never 403: no existence leak), the owner → 2xx.
 */

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof register>>;
let other: Awaited<ReturnType<typeof register>>;
let ownerPortfolio: number;
let otherPortfolio: number;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token: string | null | undefined, payload?: object) =>
  ctx.app.inject({
    method,
    url,
    headers: token === undefined ? {} : bearer(token),
    ...(payload ? { payload } : {}),
  });

async function create(token: string | null, name: string): Promise<number> {
  const res = await call('POST', '/api/portfolios', token, {
    name,
    content: { name: 'Ada Lovelace', title: 'Engineer', about: 'Writes the first programs.' },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number }>().id;
}

const versionOf = async (token: string | null, id: number) =>
  (await call('GET', `/api/portfolios/${id}`, token)).json<{ version: number }>().version;

function multipart(bytes: Buffer, filename: string, type: string) {
  const boundary = `----folio${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (
  token: string | null | undefined,
  bytes: Buffer,
  name = 'a.png',
  type = 'image/png',
) => {
  const body = multipart(bytes, name, type);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { ...body.headers, ...(token === undefined ? {} : bearer(token)) },
    payload: body.payload,
  });
};

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 10, g: 90, b: 200 } } })
    .png()
    .toBuffer();

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await register(ctx.app);
  other = await register(ctx.app);
  ownerPortfolio = await create(owner.token, 'Owner Site');
  otherPortfolio = await create(other.token, 'Other Site');
});
afterAll(() => ctx.close());

describe('anonymous callers are refused on every portfolio route (401)', () => {
  const anonymous: [Method, () => string, object?][] = [
    ['GET', () => '/api/portfolios'],
    ['GET', () => `/api/portfolios/${ownerPortfolio}`],
    ['PATCH', () => `/api/portfolios/${ownerPortfolio}`, { name: 'Hijacked' }],
    ['DELETE', () => `/api/portfolios/${ownerPortfolio}`],
    ['POST', () => '/api/portfolios/check-name', { name: 'Owner Site' }],
    ['POST', () => '/api/portfolios', { name: 'Anonymous Site' }],
    ['POST', () => '/api/preview/token', { portfolio_id: 1 }],
  ];
  it.each(anonymous.map(([m, u, p]) => [m, u, p] as const))('%s', async (method, url, payload) => {
    for (const token of [undefined, null, 'not-a-token']) {
      const res = await call(method, url(), token, payload);
      expect(res.statusCode, `${method} ${url()} with ${String(token)}`).toBe(401);
    }
  });

  it('GET /api/preview/:id without a valid token', async () => {
    expect((await call('GET', `/api/preview/${ownerPortfolio}`, undefined)).statusCode).toBe(400);
    const bad = await call('GET', `/api/preview/${ownerPortfolio}?token=nope`, undefined);
    expect(bad.statusCode).toBe(401);
  });

  it('POST /api/upload', async () => {
    expect((await upload(undefined, await png())).statusCode).toBe(401);
    expect((await upload(null, await png())).statusCode).toBe(401);
  });

  it('nothing changed', async () => {
    const res = await call('GET', `/api/portfolios/${ownerPortfolio}`, owner.token);
    expect(res.json<{ name: string }>().name).toBe('Owner Site');
  });
});

describe("another user gets 404 on someone else's portfolio", () => {
  it('GET, PATCH, DELETE /api/portfolios/:id', async () => {
    const url = `/api/portfolios/${ownerPortfolio}`;
    const version = await versionOf(owner.token, ownerPortfolio);
    expect((await call('GET', url, other.token)).statusCode).toBe(404);
    expect((await call('PATCH', url, other.token, { name: 'Mine now', version })).statusCode).toBe(
      404,
    );
    expect(
      (await call('PATCH', url, other.token, { content: { name: 'Mine now' } })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', url, other.token)).statusCode).toBe(404);
    // A portfolio that does not exist answers the same.
    expect((await call('GET', '/api/portfolios/999999', other.token)).statusCode).toBe(404);

    const still = await call('GET', url, owner.token);
    expect(still.statusCode).toBe(200);
    expect(still.json<{ name: string; version: number }>()).toMatchObject({
      name: 'Owner Site',
      version,
    });
  });

  it('the list shows only the caller’s own portfolios', async () => {
    const mine = (await call('GET', '/api/portfolios', owner.token)).json<{ id: number }[]>();
    const theirs = (await call('GET', '/api/portfolios', other.token)).json<{ id: number }[]>();
    expect(mine.map((p) => p.id)).toEqual([ownerPortfolio]);
    expect(theirs.map((p) => p.id)).toEqual([otherPortfolio]);
  });

  it('check-name looks at the caller’s own names only', async () => {
    const res = await call('POST', '/api/portfolios/check-name', other.token, {
      name: 'owner site',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ exists: false });
  });

  it('POST /api/portfolios ignores a userId in the body', async () => {
    // A free plan holds one portfolio: a fresh user.
    const planter = await register(ctx.app);
    const res = await call('POST', '/api/portfolios', planter.token, {
      name: 'Planted',
      userId: owner.id,
    });
    expect(res.statusCode).toBe(201);
    const id = res.json<{ id: number }>().id;
    expect((await call('GET', `/api/portfolios/${id}`, owner.token)).statusCode).toBe(404);
    expect(
      (await call('GET', `/api/portfolios/${id}`, planter.token)).json<{ userId: number }>().userId,
    ).toBe(planter.id);
  });

  it('preview token and preview page', async () => {
    const token = await call('POST', '/api/preview/token', other.token, {
      portfolio_id: ownerPortfolio,
    });
    expect(token.statusCode).toBe(404);
    // Their own token does not open the owner's portfolio.
    const own = (
      await call('POST', '/api/preview/token', other.token, { portfolio_id: otherPortfolio })
    ).json<{ preview_token: string }>().preview_token;
    const page = await call(
      'GET',
      `/api/preview/${ownerPortfolio}?token=${encodeURIComponent(own)}`,
      undefined,
    );
    expect(page.statusCode).toBe(404);
  });
});

describe('the owner', () => {
  it('reads, lists, checks names, updates, previews and deletes (2xx)', async () => {
    // A free plan holds one portfolio: a fresh owner.
    const owner = await register(ctx.app);
    const id = await create(owner.token, 'Owner Second');
    const url = `/api/portfolios/${id}`;
    const got = await call('GET', url, owner.token);
    expect(got.statusCode).toBe(200);
    expect(
      got.json<{ content: { data: { contact: { name: string } } } }>().content.data.contact.name,
    ).toBe('Ada Lovelace');
    expect((await call('GET', '/api/portfolios', owner.token)).statusCode).toBe(200);
    const check = await call('POST', '/api/portfolios/check-name', owner.token, {
      name: 'OWNER SECOND',
    });
    expect(check.json()).toEqual({ exists: true });

    const version = got.json<{ version: number }>().version;
    const patched = await call('PATCH', url, owner.token, { name: 'Owner Renamed', version });
    expect(patched.statusCode).toBe(200);
    expect(patched.json<{ version: number }>().version).toBeGreaterThan(version);

    const token = await call('POST', '/api/preview/token', owner.token, { portfolio_id: id });
    expect(token.statusCode).toBe(200);
    const page = await call(
      'GET',
      `/api/preview/${id}?token=${encodeURIComponent(token.json<{ preview_token: string }>().preview_token)}`,
      undefined,
    );
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Ada Lovelace');

    expect((await call('DELETE', url, owner.token)).statusCode).toBe(200);
    expect((await call('GET', url, owner.token)).statusCode).toBe(404);
  });

  it('a PATCH with a stale version is refused (409) and changes nothing', async () => {
    const url = `/api/portfolios/${ownerPortfolio}`;
    const version = await versionOf(owner.token, ownerPortfolio);
    const first = await call('PATCH', url, owner.token, {
      content: { name: 'First Tab', title: 'Engineer', about: 'Saved from the first tab.' },
      version,
    });
    expect(first.statusCode).toBe(200);
    const stale = await call('PATCH', url, owner.token, {
      content: { name: 'Second Tab', title: 'Engineer', about: 'Saved from the second tab.' },
      version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ error: string }>().error).toBe('STALE_VERSION');
    const now = (await call('GET', url, owner.token)).json<{
      content: { data: { contact: { name: string } } };
    }>();
    expect(now.content.data.contact.name).toBe('First Tab');
  });

  it('uploads an image (200) but not an oversize file or a non-image', async () => {
    const ok = await upload(owner.token, await png());
    expect(ok.statusCode).toBe(200);
    expect(ok.json<{ url: string }>().url).toMatch(/^\/uploads\//);

    const big = await upload(owner.token, Buffer.alloc(5 * 1024 * 1024 + 10, 1));
    expect(big.statusCode).toBe(413);
    expect(big.json<{ message: string }>().message).toBe(IMAGE_TOO_LARGE_MESSAGE);

    const text = await upload(owner.token, Buffer.from('hello, not an image'), 'a.png');
    expect(text.statusCode).toBe(415);
    expect(text.json<{ message: string }>().message).toMatch(
      /Only PNG, JPEG, WebP, GIF and AVIF images/,
    );
    const pdf = await upload(owner.token, Buffer.from('%PDF-1.4\n%…'), 'a.pdf', 'application/pdf');
    expect(pdf.statusCode).toBe(415);
  });
});
