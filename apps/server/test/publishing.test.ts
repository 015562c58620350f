import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { contactMessages, siteVersions, sites, users } from '../src/db/schema.ts';
import { runHostingExpiry } from '../src/features/hosting/expiry-job.ts';
import { bearer, createTestContext, readOutbox, register, type TestContext } from './helpers.ts';

type SiteState = {
  status: string;
  url: string | null;
  label: string | null;
  error: string | null;
  hostingExpired: boolean;
  ownDomain: { host: string; txtName: string; txtValue: string; verified: boolean } | null;
};

/** TXT records the fake resolver answers with, by name. */
const txt = new Map<string, string[][]>();

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ JOB_POLL_MS: '100' });
  // The DNS resolver is injected through the app's options; rebuild with a fake one.
  await ctx.app.close();
  const { buildApp } = await import('../src/app.ts');
  const app = await buildApp(ctx.settings, ctx.database, {
    logger: false,
    dnsResolver: {
      resolveTxt: (host) => {
        const hit = txt.get(host);
        if (!hit) return Promise.reject(Object.assign(new Error('ENODATA'), { code: 'ENODATA' }));
        return Promise.resolve(hit);
      },
    },
  });
  await app.ready();
  ctx.app = app;
});
afterAll(() => ctx.close());

async function call(method: string, url: string, token: string | null, payload?: unknown) {
  return ctx.app.inject({
    method: method as 'GET',
    url,
    headers: token === null ? {} : bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function newPortfolio(token: string | null, name: string, person = name) {
  const res = await call('POST', '/api/portfolios', token, {
    name,
    content: { name: person, title: 'Engineer', about: 'Builds reliable things.' },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number }>().id;
}

async function waitFor(id: number, token: string | null, status: string): Promise<SiteState> {
  for (let i = 0; i < 200; i++) {
    const res = await call('GET', `/api/portfolios/${id}/site`, token);
    const state = res.json<SiteState>();
    if (state.status === status) return state;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`portfolio ${id} never became ${status}`);
}

const site = (label: string, headers: Record<string, string> = {}, url = '/') =>
  ctx.app.inject({ method: 'GET', url, headers: { host: `${label}.folio.localhost`, ...headers } });

async function makePro(userId: number) {
  await ctx.app.db
    .update(users)
    .set({ plan: 'pro', planExpiresAt: new Date(Date.now() + 30 * 86_400_000) })
    .where(eq(users.id, userId));
}

describe('publishing', () => {
  it('publishes through a job: publishing → live, served at its subdomain and /s/{label}/', async () => {
    const user = await register(ctx.app);
    const id = await newPortfolio(user.token, 'Grace Hopper');
    const res = await call('POST', `/api/publish/${id}`, user.token);
    expect(res.statusCode).toBe(202);
    expect(res.json<{ message: string }>().message).toMatch(/Hang tight/);
    const state = await waitFor(id, user.token, 'live');
    expect(state.label).toBe('grace-hopper');
    expect(state.url).toBe('http://grace-hopper.folio.localhost/');

    const page = await site('grace-hopper', { 'accept-encoding': 'identity' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Grace Hopper');
    expect(page.headers['cache-control']).toMatch(/must-revalidate/);
    // Inline style allowed by its hash; this template has no script (security/hosting-browser).
    expect(page.headers['content-security-policy']).toMatch(/style-src 'sha256-[^']+';/);
    expect(page.headers['content-security-policy']).toContain("script-src 'none'");
    const etag = String(page.headers.etag);
    expect(etag).toMatch(/^".+"$/);

    const again = await site('grace-hopper', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const br = await site('grace-hopper', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(page.body);
    const gz = await site('grace-hopper', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(page.body);

    const pathForm = await ctx.app.inject({ method: 'GET', url: '/s/grace-hopper/' });
    expect(pathForm.statusCode).toBe(200);
    expect(pathForm.body).toContain('Grace Hopper');
    const noSlash = await ctx.app.inject({ method: 'GET', url: '/s/grace-hopper' });
    expect(noSlash.statusCode).toBe(301);
    expect(noSlash.headers.location).toBe('/s/grace-hopper/');

    const list = await call('GET', '/api/portfolios', user.token);
    const row = list
      .json<{ id: number; published: boolean; status: string; liveUrl: string }[]>()
      .find((p) => p.id === id)!;
    expect(row).toMatchObject({ published: true, status: 'live', liveUrl: state.url });
  });

  it('answers unknown sites and pages with friendly 404 pages', async () => {
    const missing = await site('nobody-here');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/text\/html/);
    expect(missing.body).toContain('There is no site here');
    const pathMissing = await ctx.app.inject({ method: 'GET', url: '/s/nobody-here/' });
    expect(pathMissing.statusCode).toBe(404);
    expect(pathMissing.body).toContain('There is no site here');
  });

  it('Update & Republish swaps to the new version at once; the old one stays until then', async () => {
    const user = await register(ctx.app);
    const id = await newPortfolio(user.token, 'Republish Me', 'First Version');
    await call('POST', `/api/publish/${id}`, user.token);
    await waitFor(id, user.token, 'live');
    expect((await site('republish-me')).body).toContain('First Version');

    const edit = await call('PATCH', `/api/portfolios/${id}`, user.token, {
      content: { name: 'Second Version', title: 'Engineer', about: 'Builds reliable things.' },
    });
    expect(edit.statusCode).toBe(200);
    // Editing does not change the live site until it is published again.
    const before = await site('republish-me');
    expect(before.body).toContain('First Version');
    const state = await call('GET', `/api/portfolios/${id}/site`, user.token);
    expect(state.json<{ changedSincePublish: boolean }>().changedSincePublish).toBe(true);

    const republish = await call('PATCH', `/api/portfolios/${id}`, user.token, { published: true });
    expect(republish.statusCode).toBe(200);
    await waitFor(id, user.token, 'live');
    const after = await site('republish-me');
    expect(after.body).toContain('Second Version');
    expect(after.body).not.toContain('First Version');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const versions = await ctx.app.db
      .select({ id: siteVersions.id })
      .from(siteVersions)
      .where(eq(siteVersions.portfolioId, id));
    expect(versions).toHaveLength(2);
  });

  it('serves versions compressed when published, and older ones compressed on load', async () => {
    const user = await register(ctx.app);
    const id = await newPortfolio(user.token, 'Packed Site');
    await call('POST', `/api/publish/${id}`, user.token);
    await waitFor(id, user.token, 'live');
    const [stored] = await ctx.app.db
      .select({ html: siteVersions.html, br: siteVersions.br, gzip: siteVersions.gzip })
      .from(siteVersions)
      .where(eq(siteVersions.portfolioId, id));
    expect(brotliDecompressSync(stored!.br!).toString()).toBe(stored!.html);
    expect(gunzipSync(stored!.gzip!).toString()).toBe(stored!.html);
    const br = await site('packed-site', { 'accept-encoding': 'br' });
    expect(br.rawPayload.equals(stored!.br!)).toBe(true);

    // A version from before bodies were stored: the cache compresses it when it loads it.
    await ctx.app.db
      .update(siteVersions)
      .set({ br: null, gzip: null })
      .where(eq(siteVersions.portfolioId, id));
    ctx.app.sites.invalidate({ portfolioId: id });
    const reloaded = await site('packed-site', { 'accept-encoding': 'gzip, br' });
    expect(reloaded.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(reloaded.rawPayload).toString()).toBe(stored!.html);
  });

  it('unpublishing takes the site down', async () => {
    const user = await register(ctx.app);
    const id = await newPortfolio(user.token, 'Short Lived');
    await call('POST', `/api/publish/${id}`, user.token);
    await waitFor(id, user.token, 'live');
    const res = await call('PATCH', `/api/portfolios/${id}`, user.token, { published: false });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ published: boolean }>().published).toBe(false);
    expect((await site('short-lived')).statusCode).toBe(404);
  });

  it('refuses publishing for someone else, a missing portfolio, or without a session', async () => {
    const owner = await register(ctx.app);
    const other = await register(ctx.app);
    const id = await newPortfolio(owner.token, 'Private Thing');
    expect((await call('POST', `/api/publish/${id}`, null)).statusCode).toBe(401);
    const theirs = await call('POST', `/api/publish/${id}`, other.token);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json<{ detail: string }>().detail).toBe('Portfolio not found');
    expect((await call('POST', `/api/publish/999999`, owner.token)).statusCode).toBe(404);
    expect((await call('POST', `/api/publish/abc`, owner.token)).statusCode).toBe(400);
    expect((await call('GET', `/api/portfolios/${id}/site`, other.token)).statusCode).toBe(404);
  });

  it('keeps custom subdomains for Pro and above, with the product messages', async () => {
    const user = await register(ctx.app);
    const id = await newPortfolio(user.token, 'Label Tests');
    const patch = (body: object) => call('PATCH', `/api/portfolios/${id}`, user.token, body);

    const free = await patch({ domain: 'label-tests', customDomain: 'my-name' });
    expect(free.statusCode).toBe(403);
    expect(free.json<{ detail: string }>().detail).toBe(
      'Custom subdomains are available on the Pro plan and above.',
    );

    await makePro(user.id);
    const cases: [string, string][] = [
      ['ab', 'Domain must be at least 3 characters'],
      ['a'.repeat(31), 'Domain must be at most 30 characters'],
      ['bad_label', 'Domain can only contain letters, numbers, and hyphens'],
      ['-edge', 'Domain cannot start or end with a hyphen'],
      ['admin', 'This domain is reserved'],
      ['grace-hopper', 'This domain is already taken'],
    ];
    for (const [label, message] of cases) {
      const res = await patch({ domain: 'label-tests', customDomain: label });
      expect(res.json<{ detail: string }>().detail, label).toBe(message);
      expect(res.statusCode, label).toBe(label === 'grace-hopper' ? 409 : 400);
    }
    const readOnly = await patch({ domain: 'something-else', customDomain: 'fine-label' });
    expect(readOnly.statusCode).toBe(400);
    expect(readOnly.json<{ detail: string }>().detail).toBe(
      'The automatic subdomain cannot be changed.',
    );

    const ok = await patch({ domain: 'label-tests', customDomain: 'Ada-Site' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<{ customDomain: string }>().customDomain).toBe('ada-site'); // forced lowercase

    const check = await call('POST', '/api/domains/check', user.token, { label: 'ada-site' });
    expect(check.json()).toMatchObject({
      available: false,
      message: 'This domain is already taken',
    });
    const mine = await call('POST', '/api/domains/check', user.token, {
      label: 'ada-site',
      portfolioId: id,
    });
    expect(mine.json()).toMatchObject({ available: true, message: null });
    const reserved = await call('POST', '/api/domains/check', user.token, { label: 'WWW' });
    expect(reserved.json()).toMatchObject({ available: false, message: 'This domain is reserved' });
  });

  it('a live site moves to its new address at once; the old one answers 301 there', async () => {
    const user = await register(ctx.app);
    await makePro(user.id);
    const id = await newPortfolio(user.token, 'Moving House');
    await call('POST', `/api/publish/${id}`, user.token);
    await waitFor(id, user.token, 'live');
    expect((await site('moving-house')).statusCode).toBe(200);
    // A draft edit after publishing: the move must not put it online.
    const draft = await call('GET', `/api/portfolios/${id}`, user.token);
    const { content, version } = draft.json<{ content: { data: object }; version: number }>();
    const edited = await call('PATCH', `/api/portfolios/${id}`, user.token, {
      version,
      content: { ...content, data: { ...content.data, summary: 'Draft words not yet live.' } },
    });
    expect(edited.statusCode).toBe(200);

    const unconfirmed = await call('PATCH', `/api/portfolios/${id}`, user.token, {
      domain: 'moving-house',
      customDomain: 'new-house',
    });
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json<{ detail: string }>().detail).toMatch(/Confirm the change/);
    expect((await site('moving-house')).statusCode).toBe(200);

    const confirmed = await call('PATCH', `/api/portfolios/${id}`, user.token, {
      domain: 'moving-house',
      customDomain: 'new-house',
      confirm: true,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      published: true,
      customDomain: 'new-house',
      status: 'live',
      liveUrl: 'http://new-house.folio.localhost/',
      unpublishedChanges: true,
    });
    // No republish: the new address serves the live version (not the draft), built for it.
    const moved = await site('new-house', { 'accept-encoding': 'identity' });
    expect(moved.statusCode).toBe(200);
    expect(moved.body).toContain('Moving House');
    expect(moved.body).not.toContain('Draft words not yet live.');
    expect(moved.body).toContain('href="http://new-house.folio.localhost/"');
    const old = await site('moving-house', {}, '/index.html?ref=card');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('http://new-house.folio.localhost/index.html?ref=card');
    const oldPath = await ctx.app.inject({ method: 'GET', url: '/s/moving-house/' });
    expect(oldPath.statusCode).toBe(301);
    expect(oldPath.headers.location).toBe('/s/new-house/');
    const state = (await call('GET', `/api/portfolios/${id}/site`, user.token)).json<SiteState>();
    expect(state).toMatchObject({ status: 'live', url: 'http://new-house.folio.localhost/' });

    // Moving again: both former addresses lead to the newest one.
    const again = await call('PATCH', `/api/portfolios/${id}`, user.token, {
      customDomain: 'third-house',
      confirm: true,
    });
    expect(again.statusCode).toBe(200);
    expect((await site('third-house')).statusCode).toBe(200);
    expect((await site('new-house')).headers.location).toBe('http://third-house.folio.localhost/');
    expect((await site('moving-house')).headers.location).toBe(
      'http://third-house.folio.localhost/',
    );

    // Someone else takes a released label once the hold is over: it no longer redirects.
    await ctx.app.db.execute(
      sql`update released_labels set released_at = now() - interval '31 days' where label = 'new-house'`,
    );
    ctx.app.sites.invalidate({ label: 'new-house' });
    expect((await site('new-house')).statusCode).toBe(404);
  });

  it('a label released by a moved site stops redirecting when someone else takes it', async () => {
    const owner = await register(ctx.app);
    await makePro(owner.id);
    const id = await newPortfolio(owner.token, 'Short Stay');
    await call('PATCH', `/api/portfolios/${id}`, owner.token, { customDomain: 'short-stay-x' });
    await call('POST', `/api/publish/${id}`, owner.token);
    await waitFor(id, owner.token, 'live');
    await call('PATCH', `/api/portfolios/${id}`, owner.token, {
      customDomain: null,
      confirm: true,
    });
    expect((await site('short-stay-x')).headers.location).toBe(
      'http://short-stay.folio.localhost/',
    );
    // The owner's other portfolio takes the label (others must wait for the hold to end).
    const other = await newPortfolio(owner.token, 'Second One');
    const taken = await call('PATCH', `/api/portfolios/${other}`, owner.token, {
      customDomain: 'short-stay-x',
    });
    expect(taken.statusCode).toBe(200);
    expect((await site('short-stay-x')).statusCode).toBe(404);
  });

  it('a former Pro user clears the custom subdomain and publishes at the automatic one', async () => {
    const user = await register(ctx.app);
    await makePro(user.id);
    const id = await newPortfolio(user.token, 'Lapsed Lena');
    const patch = (body: object) => call('PATCH', `/api/portfolios/${id}`, user.token, body);
    expect((await patch({ customDomain: 'lena-pro' })).statusCode).toBe(200);
    await call('POST', `/api/publish/${id}`, user.token);
    await waitFor(id, user.token, 'live');
    // The paid period ends: the account is on Free with the custom label still set.
    await ctx.app.db
      .update(users)
      .set({ planExpiresAt: new Date(Date.now() - 86_400_000) })
      .where(eq(users.id, user.id));
    // The site stays where it is live and can be republished there (kept, not taken away)...
    expect((await call('POST', `/api/publish/${id}`, user.token)).statusCode).toBe(202);
    await waitFor(id, user.token, 'live');
    // ...but a new custom label needs the plan.
    const other = await patch({ customDomain: 'lena-other', confirm: true });
    expect(other.statusCode).toBe(403);
    expect(other.json<{ detail: string }>().detail).toBe(
      'Custom subdomains are available on the Pro plan and above.',
    );
    // Clearing works on every plan: the site moves to the automatic address at once.
    const cleared = await patch({ customDomain: null, confirm: true });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({
      customDomain: null,
      status: 'live',
      liveUrl: 'http://lapsed-lena.folio.localhost/',
    });
    expect((await site('lapsed-lena')).statusCode).toBe(200);
    expect((await site('lena-pro')).headers.location).toBe('http://lapsed-lena.folio.localhost/');
    // And publishing at the automatic address works on Free.
    expect((await call('POST', `/api/publish/${id}`, user.token)).statusCode).toBe(202);
    expect((await waitFor(id, user.token, 'live')).url).toBe('http://lapsed-lena.folio.localhost/');
  });

  it('a custom subdomain set on a paid plan that never went live blocks publishing until cleared', async () => {
    const user = await register(ctx.app);
    await makePro(user.id);
    const id = await newPortfolio(user.token, 'Never Live');
    expect(
      (await call('PATCH', `/api/portfolios/${id}`, user.token, { customDomain: 'never-pro' }))
        .statusCode,
    ).toBe(200);
    await ctx.app.db
      .update(users)
      .set({ planExpiresAt: new Date(Date.now() - 86_400_000) })
      .where(eq(users.id, user.id));
    const refused = await call('POST', `/api/publish/${id}`, user.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ detail: string }>().detail).toMatch(/Clear the custom subdomain/);
    const cleared = await call('PATCH', `/api/portfolios/${id}`, user.token, { customDomain: '' });
    expect(cleared.statusCode).toBe(200);
    expect((await call('POST', `/api/publish/${id}`, user.token)).statusCode).toBe(202);
    expect((await waitFor(id, user.token, 'live')).url).toBe('http://never-live.folio.localhost/');
  });

  it('serves a verified own domain (Pro) and answers the TLS proxy', async () => {
    const user = await register(ctx.app);
    const id = await newPortfolio(user.token, 'Own Domain Site');
    const free = await call('PUT', `/api/portfolios/${id}/own-domain`, user.token, {
      host: 'www.janedoe.dev',
    });
    expect(free.statusCode).toBe(403);
    await makePro(user.id);
    const bad = await call('PUT', `/api/portfolios/${id}/own-domain`, user.token, {
      host: 'not a host',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ detail: string }>().detail).toBe('Enter a host name like www.example.com');
    const set = await call('PUT', `/api/portfolios/${id}/own-domain`, user.token, {
      host: 'WWW.JaneDoe.dev',
    });
    expect(set.statusCode).toBe(200);
    const own = set.json<SiteState>().ownDomain!;
    expect(own).toMatchObject({ host: 'www.janedoe.dev', verified: false });
    expect(own.txtName).toBe('_folio-verify.www.janedoe.dev');

    await call('POST', `/api/publish/${id}`, user.token);
    await waitFor(id, user.token, 'live');
    const unverifiedHost = await ctx.app.inject({
      method: 'GET',
      url: '/',
      headers: { host: 'www.janedoe.dev' },
    });
    expect(unverifiedHost.body).not.toContain('Own Domain Site');

    const notYet = await call('POST', `/api/portfolios/${id}/own-domain/verify`, user.token);
    expect(notYet.statusCode).toBe(400);
    expect(notYet.json<{ detail: string }>().detail).toMatch(/TXT record was not found/);
    const tlsBefore = await ctx.app.inject({
      method: 'GET',
      url: '/internal/tls-allowed?domain=www.janedoe.dev',
    });
    expect(tlsBefore.statusCode).toBe(404);

    txt.set(own.txtName, [['unrelated'], [own.txtValue]]);
    const verified = await call('POST', `/api/portfolios/${id}/own-domain/verify`, user.token);
    expect(verified.statusCode).toBe(200);
    expect(verified.json<SiteState>().ownDomain?.verified).toBe(true);
    const served = await ctx.app.inject({
      method: 'GET',
      url: '/',
      headers: { host: 'www.janedoe.dev' },
    });
    expect(served.statusCode).toBe(200);
    expect(served.body).toContain('Own Domain Site');

    const tls = (domain: string) =>
      ctx.app.inject({ method: 'GET', url: `/internal/tls-allowed?domain=${domain}` });
    expect((await tls('www.janedoe.dev')).statusCode).toBe(200);
    expect((await tls('own-domain-site.folio.localhost')).statusCode).toBe(200);
    expect((await tls('unknown.folio.localhost')).statusCode).toBe(404);
    expect((await tls('evil.example.com')).statusCode).toBe(404);

    const other = await register(ctx.app);
    await makePro(other.id);
    const otherId = await newPortfolio(other.token, 'Copycat');
    const taken = await call('PUT', `/api/portfolios/${otherId}/own-domain`, other.token, {
      host: 'www.janedoe.dev',
    });
    expect(taken.statusCode).toBe(409);

    const removed = await call('DELETE', `/api/portfolios/${id}/own-domain`, user.token);
    expect(removed.json<SiteState>().ownDomain).toBeNull();
    expect((await tls('www.janedoe.dev')).statusCode).toBe(404);
  });

  it('stores site contact messages and mails the owner', async () => {
    const user = await register(ctx.app);
    // Mailed only to a verified address (security/hosting-hardening.test.ts: no mail relay).
    await ctx.app.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.id, user.id));
    const created = await call('POST', '/api/portfolios', user.token, {
      name: 'Contact Me',
      content: { data: { contact: { name: 'Contact Me' } }, settings: { showContactForm: true } },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: number }>().id;
    await call('POST', `/api/publish/${id}`, user.token);
    await waitFor(id, user.token, 'live');
    const html = (await site('contact-me')).body;
    expect(html).toContain('action="/s/contact-me/contact"');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/s/contact-me/contact',
      headers: {
        host: 'contact-me.folio.localhost',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({
        name: 'Visitor',
        email: 'visitor@example.com',
        subject: 'Hello',
        message: 'Loved your work.',
      }).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Message sent successfully!');
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/s/contact-me/contact',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      payload: { name: 'Visitor', email: 'nope', subject: 'x', message: 'y' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe('Please enter a valid email address');
    const rows = await ctx.app.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.portfolioId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Visitor', subject: 'Hello' });
    for (
      let i = 0;
      i < 50 && !readOutbox(ctx.dataDir).some((m) => m.file.includes('site-contact'));
      i++
    ) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const mail = readOutbox(ctx.dataDir).find((m) => m.file.includes(`site-contact-${user.email}`));
    expect(mail?.raw).toContain('Loved your work.');
  });

  it('counts visitors without cookies; analytics for Pro, refused for Free', async () => {
    const user = await register(ctx.app);
    const id = await newPortfolio(user.token, 'Counted Site');
    await call('POST', `/api/publish/${id}`, user.token);
    await waitFor(id, user.token, 'live');
    const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';
    const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126 Safari/537.36';
    const first = await site('counted-site', {
      'user-agent': phone,
      referer: 'https://www.linkedin.com/feed/',
    });
    expect(first.headers['set-cookie']).toBeUndefined();
    await site('counted-site', { 'user-agent': desktop });
    // Another visitor with the same browser (one visitor counts once: security/hosting-analytics).
    await site('counted-site', { 'user-agent': desktop, 'x-forwarded-for': '198.51.100.2' });
    await site('counted-site', { 'user-agent': 'Googlebot/2.1' });
    await ctx.app.sites.flushViews();

    const refused = await call('GET', `/api/portfolios/${id}/analytics`, user.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ detail: string }>().detail).toBe(
      'Visitor analytics are available on the Pro plan and above.',
    );
    await makePro(user.id);
    const res = await call('GET', `/api/portfolios/${id}/analytics`, user.token);
    expect(res.statusCode).toBe(200);
    const stats = res.json<{
      total: number;
      days: { views: number }[];
      referrers: { host: string; views: number }[];
      devices: { device: string; views: number }[];
    }>();
    expect(stats.total).toBe(3);
    expect(stats.days).toHaveLength(30);
    expect(stats.days.at(-1)?.views).toBe(3);
    expect(stats.referrers).toEqual([{ host: 'www.linkedin.com', views: 1 }]);
    expect(stats.devices).toEqual([
      { device: 'desktop', views: 2 },
      { device: 'mobile', views: 1 },
    ]);
  });

  it('POST /api/track-page records app page views and validates the page', async () => {
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/track-page',
      payload: { page: 'dashboard' },
    });
    expect(ok.statusCode).toBe(204);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/track-page',
      payload: { page: '<script>' },
    });
    expect(bad.statusCode).toBe(400);
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/track-page', payload: {} });
    expect(missing.statusCode).toBe(400);
    await ctx.app.sites.flushViews();
    const rows = await ctx.app.db.execute(
      sql`select views from app_page_views where page = 'dashboard'`,
    );
    expect(Number((rows as { rows: { views: number }[] }).rows[0]?.views)).toBeGreaterThanOrEqual(
      1,
    );
  });

  it('shows the expired page once free hosting has ended, and refuses to republish', async () => {
    const user = await register(ctx.app);
    const id = await newPortfolio(user.token, 'Expiring Site');
    await call('POST', `/api/publish/${id}`, user.token);
    await waitFor(id, user.token, 'live');
    const longAgo = new Date(Date.now() - 100 * 86_400_000);
    await ctx.app.db
      .update(sites)
      .set({ firstPublishedAt: longAgo })
      .where(eq(sites.portfolioId, id));
    const result = await runHostingExpiry(ctx.app.db, {
      mailer: ctx.app.mailer,
      appUrl: ctx.settings.APP_URL,
      appName: 'Folio',
      invalidate: ctx.app.sites.invalidate,
    });
    expect(result.updated).toBeGreaterThanOrEqual(1);
    const page = await site('expiring-site');
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('Hosting for this portfolio has expired');
    const again = await call('POST', `/api/publish/${id}`, user.token);
    expect(again.statusCode).toBe(403);
    expect(again.json<{ detail: string }>().detail).toMatch(/Hosting for this site has expired/);

    // Upgrading brings it back: Pro hosting lasts while subscribed + 3 months.
    await makePro(user.id);
    await runHostingExpiry(ctx.app.db, {
      mailer: ctx.app.mailer,
      appUrl: ctx.settings.APP_URL,
      appName: 'Folio',
      invalidate: ctx.app.sites.invalidate,
    });
    expect((await site('expiring-site')).statusCode).toBe(200);
  });

  it('mails the owner once before hosting ends', async () => {
    const user = await register(ctx.app);
    const id = await newPortfolio(user.token, 'Soon Gone');
    await call('POST', `/api/publish/${id}`, user.token);
    await waitFor(id, user.token, 'live');
    const almost = new Date(Date.now() - 85 * 86_400_000);
    await ctx.app.db
      .update(sites)
      .set({ firstPublishedAt: almost })
      .where(eq(sites.portfolioId, id));
    const opts = {
      mailer: ctx.app.mailer,
      appUrl: ctx.settings.APP_URL,
      appName: 'Folio',
      invalidate: ctx.app.sites.invalidate,
    };
    const first = await runHostingExpiry(ctx.app.db, opts);
    const second = await runHostingExpiry(ctx.app.db, opts);
    expect(first.noticed).toBe(1);
    expect(second.noticed).toBe(0);
    const list = await call('GET', '/api/portfolios', user.token);
    const row = list.json<{ id: number; hostingExpiresAt: string }[]>().find((p) => p.id === id)!;
    expect(new Date(row.hostingExpiresAt).getTime()).toBeGreaterThan(Date.now());
    expect(
      readOutbox(ctx.dataDir).some((m) => m.file.includes(`hosting-expiry-${user.email}`)),
    ).toBe(true);
    expect((await site('soon-gone')).statusCode).toBe(200);
  });

  it('deleting the account removes its published sites', async () => {
    const user = await register(ctx.app);
    const id = await newPortfolio(user.token, 'Deleted Owner');
    await call('POST', `/api/publish/${id}`, user.token);
    await waitFor(id, user.token, 'live');
    expect((await site('deleted-owner')).statusCode).toBe(200);
    await ctx.app.db.delete(users).where(eq(users.id, user.id));
    ctx.app.sites.invalidate({ portfolioId: id });
    expect((await site('deleted-owner')).statusCode).toBe(404);
  });

  it('deleting a published portfolio takes its site down at once', async () => {
    const user = await register(ctx.app);
    const id = await newPortfolio(user.token, 'Deleted Portfolio');
    await call('POST', `/api/publish/${id}`, user.token);
    await waitFor(id, user.token, 'live');
    expect((await site('deleted-portfolio')).statusCode).toBe(200);
    expect((await call('DELETE', `/api/portfolios/${id}`, user.token)).statusCode).toBe(200);
    expect((await site('deleted-portfolio')).statusCode).toBe(404);
  });
});
