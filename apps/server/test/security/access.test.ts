import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portfolios, resumeOriginals, resumes, users } from '../../src/db/schema.ts';
import { bearer, register, type TestContext } from '../helpers.ts';
import { startFakePayPal, type FakePayPal } from '../paypal-fake.ts';
import { contextWithRouteTable, fieldNames, isApiRoute, type RouteEntry } from './route-table.ts';

/**
 * The access matrix of every /api route, walked from Fastify's own route table (so routes added
 * later are covered without editing this file): anonymous and forged/revoked sessions get 401 on
 * every `access: 'user'` route; every route that names a resource (path parameter, or a body or
 * query field ending in "id") must have an entry in `owned` below, which proves that another
 * user gets 404 (and changes nothing) where the owner succeeds. A route that names a resource
 * and has no entry fails this test.
 */

type Account = Awaited<ReturnType<typeof register>>;
interface Fixture {
  /** The owner's portfolio (fresh for each route). */
  portfolioId: number;
  owner: Account;
  other: Account;
  /** The other user's own portfolio. */
  otherPortfolioId: number;
}
interface Sample {
  url: string;
  payload?: object;
  /** Token to send instead of the caller's session (routes whose credential is in the URL). */
  token?: string | null;
}
interface OwnedCase {
  /** The request, as made by `who` (owner or other) against the owner's resource. */
  request(f: Fixture, who: 'owner' | 'other'): Promise<Sample> | Sample;
  /** The owner's status; 'any' = anything but 404 and 5xx (the outcome depends on outside state, e.g. DNS). */
  ownerStatus: number | 'any';
  /** What another user gets; 404 unless the route ignores the foreign id by design. */
  otherStatus?: number;
  /** Extra check after the other user's call. */
  afterOther?(f: Fixture): Promise<void>;
}

let ctx: TestContext & { routes: RouteEntry[] };
let paypal: FakePayPal;

const call = (method: string, sample: Sample, token: string | null | undefined) =>
  ctx.app.inject({
    method: method as 'GET',
    url: sample.url,
    headers: token === undefined ? {} : bearer(token),
    ...(sample.payload ? { payload: sample.payload } : {}),
  });

async function newPortfolio(token: string | null, name: string): Promise<number> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/portfolios',
    headers: bearer(token),
    payload: { name, content: { name: 'Ada Lovelace', title: 'Engineer' } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

async function previewToken(token: string | null, portfolioId: number): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/preview/token',
    headers: bearer(token),
    payload: { portfolio_id: portfolioId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ preview_token: string }>().preview_token;
}

/** An approved PayPal order of the owner. */
async function ownerOrder(f: Fixture): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/paypal/create-order',
    headers: bearer(f.owner.token),
    payload: { plan: 'pro', interval: 'month' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { orderID } = res.json<{ orderID: string }>();
  paypal.approve(orderID);
  return orderID;
}

/** The owner attaches an own host name to the fixture's portfolio. */
async function ownDomain(f: Fixture): Promise<void> {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: `/api/portfolios/${f.portfolioId}/own-domain`,
    headers: bearer(f.owner.token),
    payload: { host: `www.owner-${f.portfolioId}.example.com` },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const unchangedPortfolio = async (f: Fixture) => {
  const [row] = await ctx.app.db.select().from(portfolios).where(eq(portfolios.id, f.portfolioId));
  expect(row?.userId).toBe(f.owner.id);
  expect(row?.version).toBe(1);
};

/**
 * Routes that name a resource. Key: "METHOD url" exactly as Fastify has it.
 * Other features: add your route here with the request that names the owner's resource.
 */
const orders = new Map<number, string>();
const parses = new Map<number, number>();
/** A successful parse of the owner's (one per fixture), as a portfolio is made from. */
async function ownerResume(f: Fixture): Promise<number> {
  let id = parses.get(f.portfolioId);
  if (id === undefined) {
    const [row] = await ctx.app.db
      .insert(resumes)
      .values({ userId: f.owner.id, filename: 'cv.pdf', status: 'parsed', parsedData: {} })
      .returning({ id: resumes.id });
    id = row!.id;
    parses.set(f.portfolioId, id);
  }
  return id;
}
/** The owner's portfolio made from a parse whose original is kept (a tiny stand-in PDF). */
async function ownerOriginal(f: Fixture): Promise<void> {
  const [row] = await ctx.app.db
    .insert(resumes)
    .values({ userId: f.owner.id, filename: 'cv.pdf', status: 'used', parsedData: {} })
    .returning({ id: resumes.id });
  await ctx.app.db.insert(resumeOriginals).values({
    resumeId: row!.id,
    contentType: 'application/pdf',
    size: 8,
    bytes: Buffer.from('%PDF-1.4'),
  });
  await ctx.app.db
    .update(portfolios)
    .set({ resumeId: row!.id })
    .where(eq(portfolios.id, f.portfolioId));
}
const originalKept = async (f: Fixture) => {
  const [row] = await ctx.app.db
    .select({ id: resumeOriginals.resumeId })
    .from(resumeOriginals)
    .innerJoin(portfolios, eq(portfolios.resumeId, resumeOriginals.resumeId))
    .where(eq(portfolios.id, f.portfolioId));
  expect(row).toBeDefined();
};
const owned: Record<string, OwnedCase> = {
  'GET /api/portfolios/:id/original': {
    request: async (f, who) => {
      if (who === 'owner') await ownerOriginal(f);
      return { url: `/api/portfolios/${f.portfolioId}/original` };
    },
    ownerStatus: 200,
  },
  'GET /api/portfolios/:id/original/file': {
    request: async (f, who) => {
      if (who === 'owner') await ownerOriginal(f);
      return { url: `/api/portfolios/${f.portfolioId}/original/file` };
    },
    ownerStatus: 200,
  },
  'DELETE /api/portfolios/:id/original': {
    request: async (f, who) => {
      if (who === 'other') await ownerOriginal(f);
      return { url: `/api/portfolios/${f.portfolioId}/original` };
    },
    ownerStatus: 200,
    afterOther: originalKept,
  },
  'GET /api/portfolios/:id': {
    request: (f) => ({ url: `/api/portfolios/${f.portfolioId}` }),
    ownerStatus: 200,
  },
  'PATCH /api/portfolios/:id': {
    request: (f) => ({
      url: `/api/portfolios/${f.portfolioId}`,
      payload: { name: 'Taken over', content: { name: 'Mallory' } },
    }),
    ownerStatus: 200,
    afterOther: unchangedPortfolio,
  },
  'DELETE /api/portfolios/:id': {
    request: (f) => ({ url: `/api/portfolios/${f.portfolioId}` }),
    ownerStatus: 200,
    afterOther: unchangedPortfolio,
  },
  'POST /api/preview/token': {
    request: (f) => ({ url: '/api/preview/token', payload: { portfolio_id: f.portfolioId } }),
    ownerStatus: 200,
  },
  'GET /api/preview/:id': {
    // The credential is the preview token in the URL: the other user holds one for their own site.
    request: async (f, who) => {
      const token =
        who === 'owner'
          ? await previewToken(f.owner.token, f.portfolioId)
          : await previewToken(f.other.token, f.otherPortfolioId);
      return { url: `/api/preview/${f.portfolioId}?token=${token}`, token: null };
    },
    ownerStatus: 200,
  },
  'POST /api/portfolios': {
    // userId is accepted for compatibility and ignored: a portfolio is always the caller's. The
    // resumeId names a parse, whose credit the portfolio settles: only the parse's owner may.
    request: async (f, who) => ({
      url: '/api/portfolios',
      payload: {
        name: `Created by ${who} ${f.portfolioId}`,
        userId: f.owner.id,
        resumeId: await ownerResume(f),
      },
    }),
    ownerStatus: 201,
    afterOther: async (f) => {
      const rows = await ctx.app.db
        .select({ userId: portfolios.userId })
        .from(portfolios)
        .where(eq(portfolios.name, `Created by other ${f.portfolioId}`));
      expect(rows).toEqual([]);
      const [resume] = await ctx.app.db
        .select({ status: resumes.status })
        .from(resumes)
        .where(eq(resumes.id, await ownerResume(f)));
      expect(resume?.status).not.toBe('released');
    },
  },
  'POST /api/publish/:id': {
    request: (f) => ({ url: `/api/publish/${f.portfolioId}` }),
    ownerStatus: 202,
    afterOther: unchangedPortfolio,
  },
  'GET /api/portfolios/:id/site': {
    request: (f) => ({ url: `/api/portfolios/${f.portfolioId}/site` }),
    ownerStatus: 200,
  },
  'GET /api/portfolios/:id/thumbnail': {
    request: (f) => ({ url: `/api/portfolios/${f.portfolioId}/thumbnail` }),
    ownerStatus: 200,
  },
  'GET /api/portfolios/:id/analytics': {
    request: (f) => ({ url: `/api/portfolios/${f.portfolioId}/analytics` }),
    ownerStatus: 200,
  },
  'POST /api/domains/check': {
    request: (f) => ({
      url: '/api/domains/check',
      payload: { label: `free-label-${f.portfolioId}`, portfolioId: f.portfolioId },
    }),
    ownerStatus: 200,
  },
  'PUT /api/portfolios/:id/own-domain': {
    request: (f, who) => ({
      url: `/api/portfolios/${f.portfolioId}/own-domain`,
      payload: { host: `www.${who}-${f.portfolioId}.example.com` },
    }),
    ownerStatus: 200,
  },
  'POST /api/portfolios/:id/own-domain/verify': {
    request: async (f, who) => {
      if (who === 'owner') await ownDomain(f);
      return { url: `/api/portfolios/${f.portfolioId}/own-domain/verify` };
    },
    ownerStatus: 'any',
  },
  'POST /api/portfolios/:id/own-domain/check': {
    request: async (f, who) => {
      if (who === 'owner') await ownDomain(f);
      return { url: `/api/portfolios/${f.portfolioId}/own-domain/check` };
    },
    ownerStatus: 'any',
  },
  'DELETE /api/portfolios/:id/own-domain': {
    request: async (f, who) => {
      if (who === 'owner') await ownDomain(f);
      return { url: `/api/portfolios/${f.portfolioId}/own-domain` };
    },
    ownerStatus: 200,
  },
  'POST /api/paypal/complete-order': {
    request: async (f) => {
      let id = orders.get(f.portfolioId);
      if (!id) orders.set(f.portfolioId, (id = await ownerOrder(f)));
      return { url: '/api/paypal/complete-order', payload: { orderId: id } };
    },
    ownerStatus: 200,
    afterOther: async (f) => {
      const [row] = await ctx.app.db.select().from(users).where(eq(users.id, f.other.id));
      expect(row?.planExpiresAt?.getTime()).toBe(proUntil.getTime());
    },
  },
};

/** Routes with a path parameter that is not anyone's data. */
const notOwned: Record<string, string> = {
  'GET /api/templates/:id/sample': 'the public template catalogue',
};

/** Does the route name a resource (so that another user's id can be tried on it)? */
function namesResource(route: RouteEntry): boolean {
  if (route.url.includes(':')) return true;
  return [...fieldNames(route.body), ...fieldNames(route.querystring)].some((f) => /id$/i.test(f));
}

const apiRoutes = () => ctx.routes.filter((r) => isApiRoute(r.url));
const key = (r: RouteEntry) => `${r.method} ${r.url}`;
/** A concrete URL for a route pattern: every parameter becomes 1. */
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1').replace(/\*/g, 'x');

let owner: Account;
let other: Account;
let revokedToken: string;
const proUntil = new Date(Date.now() + 30 * 24 * 3600 * 1000);

beforeAll(async () => {
  paypal = await startFakePayPal();
  ctx = await contextWithRouteTable({
    PAYPAL_API_BASE: paypal.baseUrl,
    PAYPAL_CLIENT_ID: paypal.clientId,
    PAYPAL_CLIENT_SECRET: paypal.clientSecret,
  });
  owner = await register(ctx.app);
  other = await register(ctx.app);
  const victim = await register(ctx.app);
  revokedToken = victim.token!;
  const out = await ctx.app.inject({
    method: 'POST',
    url: '/api/logout',
    headers: bearer(revokedToken),
  });
  expect(out.statusCode).toBe(200);
  // Pro: room for several portfolios each; the pro order below extends it.
  await ctx.app.db.update(users).set({ plan: 'pro', planExpiresAt: proUntil });
});
afterAll(async () => {
  await ctx.close();
  await paypal.close();
});

describe('the route table', () => {
  it('is read from Fastify and holds the known routes', () => {
    const keys = apiRoutes().map(key);
    expect(keys).toContain('GET /api/portfolios/:id');
    expect(keys).toContain('POST /api/login');
    expect(keys.length).toBeGreaterThan(15);
  });

  it('every /api route declares who may call it', () => {
    const undeclared = apiRoutes().filter((r) => r.access !== 'public' && r.access !== 'user');
    expect(undeclared.map(key)).toEqual([]);
  });

  it('every route that names a resource has an owner/other case below', () => {
    const missing = apiRoutes()
      .filter((r) => r.access === 'user' || r.url.includes(':'))
      .filter(namesResource)
      .map(key)
      .filter((k) => !(k in owned) && !(k in notOwned));
    expect(missing, 'add these routes to `owned` in test/security/access.test.ts').toEqual([]);
  });

  it('a route without config.access stops the server from starting', async () => {
    const { default: Fastify } = await import('fastify');
    const { authPlugin } = await import('../../src/plugins/auth.ts');
    const app = Fastify();
    await app.register(authPlugin);
    await expect(
      app.register(async (api) => {
        await Promise.resolve();
        api.get('/api/forgotten', () => 'hello');
      }),
    ).rejects.toThrow(/GET \/api\/forgotten does not declare config.access/);
    await app.close();
  });
});

describe('anonymous and dead sessions', () => {
  it('every access:user route answers 401 to no token, a forged one and a revoked one', async () => {
    const userRoutes = apiRoutes().filter((r) => r.access === 'user');
    expect(userRoutes.length).toBeGreaterThan(5);
    const forged = `${owner.token!.slice(0, -4)}AAAA`;
    for (const route of userRoutes) {
      const sample = { url: concrete(route.url), payload: route.method === 'GET' ? undefined : {} };
      for (const token of [undefined, forged, revokedToken, 'not-a-jwt']) {
        const res = await call(route.method, sample, token);
        expect(res.statusCode, `${key(route)} with ${String(token).slice(0, 12)}`).toBe(401);
        expect(res.json()).toMatchObject({ error: 'UNAUTHENTICATED' });
      }
    }
  });

  it('public routes answer anonymous callers without a server error', async () => {
    for (const route of apiRoutes().filter((r) => r.access === 'public')) {
      const sample = { url: concrete(route.url), payload: route.method === 'GET' ? undefined : {} };
      const res = await call(route.method, sample, undefined);
      expect(res.statusCode, key(route)).toBeLessThan(500);
    }
  });
});

describe("someone else's data", () => {
  it('is 404 for another user and changes nothing; the owner gets through', async () => {
    const checked: string[] = [];
    let n = 0;
    for (const route of apiRoutes()) {
      const c = owned[key(route)];
      if (!c) continue;
      n += 1;
      const f: Fixture = {
        owner,
        other,
        portfolioId: await newPortfolio(owner.token, `Owner site ${n}`),
        otherPortfolioId: await newPortfolio(other.token, `Other site ${n}`),
      };
      const asOther = await c.request(f, 'other');
      const res = await call(
        route.method,
        asOther,
        asOther.token === undefined ? other.token : asOther.token,
      );
      expect(res.statusCode, `${key(route)} as another user: ${res.body}`).toBe(
        c.otherStatus ?? 404,
      );
      if ((c.otherStatus ?? 404) === 404) expect(res.body).not.toContain('Ada Lovelace');
      await c.afterOther?.(f);

      const asOwner = await c.request(f, 'owner');
      const ok = await call(
        route.method,
        asOwner,
        asOwner.token === undefined ? owner.token : asOwner.token,
      );
      if (c.ownerStatus === 'any') {
        expect(ok.statusCode, `${key(route)} as the owner: ${ok.body}`).not.toBe(404);
        expect(ok.statusCode, `${key(route)} as the owner: ${ok.body}`).toBeLessThan(500);
      } else {
        expect(ok.statusCode, `${key(route)} as the owner: ${ok.body}`).toBe(c.ownerStatus);
      }
      checked.push(key(route));
      // Free plans hold a few portfolios: clear both users' sites before the next route.
      await ctx.app.db.delete(portfolios);
    }
    expect(checked.length).toBe(Object.keys(owned).length);
  });
});
