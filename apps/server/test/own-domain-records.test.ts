/**
 * Own domains (ADR 20): the publish page shows the TXT record that proves the domain is yours
 * and the record(s) pointing it at the sites (CNAME to SITES_HOST for a subdomain, A / AAAA to
 * SITES_IPV4 / SITES_IPV6 for an apex), and the check says of each one: found, missing, or wrong,
 * never what else DNS answered (docs/security.md, review of 2026-11-28). Only public host names are accepted.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { publishMessages, type SiteState } from '@folio/core';
import { sites, users } from '../src/db/schema.ts';
import { bearer, createTestContext, register, type TestContext } from './helpers.ts';

/** What the fake DNS answers, by record type and name. */
const dns = { TXT: new Map<string, string[][]>(), CNAME: new Map<string, string[]>() };
const A = new Map<string, string[]>();
const AAAA = new Map<string, string[]>();
/** Every name looked up, in order. */
const asked: string[] = [];
const answer = <T>(map: Map<string, T>, name: string) => {
  asked.push(name);
  const hit = map.get(name);
  return hit
    ? Promise.resolve(hit)
    : Promise.reject(Object.assign(new Error('ENODATA'), { code: 'ENODATA' }));
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    SITES_HOST: 'sites.folio.test',
    SITES_IPV4: '203.0.113.10',
    SITES_IPV6: '2001:db8::10',
  });
  await ctx.app.close();
  const { buildApp } = await import('../src/app.ts');
  ctx.app = await buildApp(ctx.settings, ctx.database, {
    logger: false,
    dnsResolver: {
      resolveTxt: (name) => answer(dns.TXT, name),
      resolveCname: (name) => answer(dns.CNAME, name),
      resolve4: (name) => answer(A, name),
      resolve6: (name) => answer(AAAA, name),
    },
  });
  await ctx.app.ready();
});
afterAll(() => ctx.close());

async function proPortfolio(name: string) {
  const user = await register(ctx.app);
  await ctx.app.db
    .update(users)
    .set({ plan: 'pro', planExpiresAt: new Date(Date.now() + 30 * 86_400_000) })
    .where(eq(users.id, user.id));
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/portfolios',
    headers: bearer(user.token),
    payload: { name, content: { name, title: 'Engineer', about: 'Hi.' } },
  });
  return { token: user.token!, id: created.json<{ id: number }>().id, userId: user.id };
}

const call = (method: 'PUT' | 'POST' | 'GET', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const records = (res: { json: <T>() => T }) =>
  res.json<SiteState>().ownDomain!.records.map((r) => [r.type, r.name, r.value, r.state]);

it('a subdomain: the TXT record and a CNAME to SITES_HOST, each checked', async () => {
  const { token, id } = await proPortfolio('Cname Person');
  const set = await call('PUT', `/api/portfolios/${id}/own-domain`, token, {
    host: 'www.cname-person.dev',
  });
  expect(set.statusCode).toBe(200);
  const own = set.json<SiteState>().ownDomain!;
  expect(records(set)).toEqual([
    ['TXT', '_folio-verify.www.cname-person.dev', own.txtValue, 'unchecked'],
    ['CNAME', 'www.cname-person.dev', 'sites.folio.test', 'unchecked'],
  ]);

  const check = () => call('POST', `/api/portfolios/${id}/own-domain/check`, token);
  const none = await check();
  expect(none.statusCode).toBe(200);
  expect(records(none).map((r) => r[3])).toEqual(['missing', 'missing']);
  expect(none.json<SiteState>().ownDomain!.verified).toBe(false);

  dns.TXT.set(own.txtName, [['folio-verify=someone-else']]);
  dns.CNAME.set('www.cname-person.dev', ['old-host.example.net.']);
  const wrong = await check();
  // Of TXT records only whether the expected one is there is said (a CNAME may lead its name to
  // any other, an internal one included).
  expect(records(wrong).map((r) => r[3])).toEqual(['missing', 'wrong']);
  // Whether the expected record is there, never what else is: the answer repeats no DNS data.
  expect(wrong.body).not.toContain('old-host');
  expect(wrong.body).not.toContain('someone-else');

  dns.TXT.set(own.txtName, [['folio-verify=someone-else'], [own.txtValue]]);
  dns.CNAME.set('www.cname-person.dev', ['Sites.Folio.Test.']);
  const ok = await check();
  expect(records(ok).map((r) => r[3])).toEqual(['found', 'found']);
  expect(ok.json<SiteState>().ownDomain!.verified).toBe(true);
  // Checked again once verified: the states still come back.
  dns.CNAME.delete('www.cname-person.dev');
  expect(records(await check()).map((r) => r[3])).toEqual(['found', 'missing']);
});

it('an apex domain: A and AAAA records to SITES_IPV4 / SITES_IPV6', async () => {
  const { token, id } = await proPortfolio('Apex Person');
  const set = await call('PUT', `/api/portfolios/${id}/own-domain`, token, {
    host: 'apex-person.dev',
  });
  const own = set.json<SiteState>().ownDomain!;
  expect(records(set).slice(1)).toEqual([
    ['A', 'apex-person.dev', '203.0.113.10', 'unchecked'],
    ['AAAA', 'apex-person.dev', '2001:db8::10', 'unchecked'],
  ]);
  dns.TXT.set(own.txtName, [[own.txtValue]]);
  A.set('apex-person.dev', ['198.51.100.7']);
  const res = await call('POST', `/api/portfolios/${id}/own-domain/check`, token);
  expect(records(res).map((r) => r[3])).toEqual(['found', 'wrong', 'missing']);
  A.set('apex-person.dev', ['203.0.113.10']);
  AAAA.set('apex-person.dev', ['2001:db8::10']);
  const ok = await call('POST', `/api/portfolios/${id}/own-domain/check`, token);
  expect(records(ok).map((r) => r[3])).toEqual(['found', 'found', 'found']);
});

it('refuses names that are not public, and never looks them up', async () => {
  const { token, id, userId } = await proPortfolio('Internal Person');
  for (const host of ['db.corp.internal', 'printer.local', 'x.localhost', 'nas.lan', 'a.test']) {
    const res = await call('PUT', `/api/portfolios/${id}/own-domain`, token, { host });
    expect(res.statusCode, host).toBe(400);
    expect(res.json<{ detail: string }>().detail, host).toBe(publishMessages.ownDomainNotPublic);
  }
  for (const host of ['intranet', '10.20.30.40', '[::1]']) {
    const res = await call('PUT', `/api/portfolios/${id}/own-domain`, token, { host });
    expect(res.statusCode, host).toBe(400);
  }
  // A claim stored before the rule (or written by hand) is refused too, before any lookup.
  await ctx.app.db
    .insert(sites)
    .values({
      portfolioId: id,
      userId,
      ownDomain: 'db.corp.internal',
      ownDomainToken: 'token',
      ownDomainClaimedAt: new Date(),
    })
    .onConflictDoUpdate({
      target: sites.portfolioId,
      set: { ownDomain: 'db.corp.internal', ownDomainToken: 'token' },
    });
  A.set('db.corp.internal', ['10.20.30.40']);
  asked.length = 0;
  const check = await call('POST', `/api/portfolios/${id}/own-domain/check`, token);
  expect(check.statusCode).toBe(400);
  expect(check.json<{ detail: string }>().detail).toBe(publishMessages.ownDomainNotPublic);
  expect(check.body).not.toContain('10.20.30.40');
  expect(asked).toEqual([]);
});

it('a public name answering private addresses: the record counts as missing, unrepeated', async () => {
  const { token, id } = await proPortfolio('Private Answers');
  const set = await call('PUT', `/api/portfolios/${id}/own-domain`, token, {
    host: 'private-answers.dev',
  });
  expect(set.statusCode).toBe(200);
  const own = set.json<SiteState>().ownDomain!;
  dns.TXT.set(own.txtName, [[own.txtValue]]);
  A.set('private-answers.dev', ['10.20.30.40', '127.0.0.1']);
  AAAA.set('private-answers.dev', ['fd12:3456::1']);
  const res = await call('POST', `/api/portfolios/${id}/own-domain/check`, token);
  expect(records(res).map((r) => r[3])).toEqual(['found', 'missing', 'missing']);
  for (const address of ['10.20.30.40', '127.0.0.1', 'fd12:3456::1']) {
    expect(res.body).not.toContain(address);
  }

  // A subdomain with no CNAME whose A records are private: no CNAME either.
  const sub = await call('PUT', `/api/portfolios/${id}/own-domain`, token, {
    host: 'www.private-answers.dev',
  });
  A.set('www.private-answers.dev', ['192.168.1.20']);
  const subCheck = await call('POST', `/api/portfolios/${id}/own-domain/check`, token);
  expect(sub.statusCode).toBe(200);
  expect(records(subCheck).map((r) => r[3])).toEqual(['missing', 'missing']);
  expect(subCheck.body).not.toContain('192.168.1.20');
});

it('refuses a bad SITES_IPV4 at boot with the reason', async () => {
  const { loadSettings } = await import('../src/settings.ts');
  expect(() => loadSettings({ SITES_IPV4: '203.0.113.10, not-an-ip' })).toThrow(
    /SITES_IPV4: comma-separated IPv4 addresses/,
  );
});
