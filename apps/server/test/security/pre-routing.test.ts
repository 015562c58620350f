import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishSite } from '../../../../scripts/lib/api.ts';
import { portAnswers, throwawayDatabase } from '../../../../scripts/lib/postgres.ts';
import { httpRequest, rawRequest } from '../../../../scripts/lib/raw-http.ts';
import {
  isAlive,
  listeningWorkersOf,
  portOf,
  startServer,
  until,
  workersOf,
  type ServerProcess,
} from '../../../../scripts/lib/server-process.ts';
import { embeddedDatabaseOnly } from '../database-pass.ts';
import { testDatabaseUrl } from '../helpers.ts';

embeddedDatabaseOnly(
  'its server processes run on PGlite, and it tries PostgreSQL itself in the first pass',
);

/*
 * What runs before Fastify (hosting's fast path on the Node server) met over raw sockets, the
 * way an outsider sends it, against a real server process: one malformed escape used to end the
 * process, and with WORKERS=2 two of them ended both workers and the supervisor.
 */

/** The bad requests that reached code before Fastify: malformed escapes in a site path. */
const malformed = ['/s/%E0/', '/s/%E0', '/s/%/', '/s/%ZZabc/index.html', '/s/%C0%AF/'];

describe('before routing, on one server process (PGlite)', () => {
  let server: ServerProcess;
  let label = '';
  beforeAll(async () => {
    server = await startServer({ WEB_DIST: '/nonexistent-web-dist' });
    ({ label } = await publishSite(server.baseURL, 'Ada Escape'));
    // Warm the site cache, so the fast path (not only Fastify's hook) meets the site's host.
    expect(
      (await rawRequest(portOf(server), httpRequest('GET', '/', `${label}.folio.localhost`)))
        .status,
    ).toBe(200);
  }, 180_000);
  afterAll(() => server?.stop());

  it('malformed percent-escapes in a site path answer 4xx on every host, and the server stays up', async () => {
    const hosts = ['localhost', `${label}.folio.localhost`, 'www.example.com'];
    for (const host of hosts) {
      for (const target of malformed) {
        for (const method of ['GET', 'HEAD']) {
          const answer = await rawRequest(portOf(server), httpRequest(method, target, host));
          expect(answer.status, `${method} ${target} on ${host}`).toBeGreaterThanOrEqual(200);
          expect(answer.status, `${method} ${target} on ${host}`).toBeLessThan(500);
        }
      }
    }
    expect((await fetch(`${server.baseURL}/healthz`)).status).toBe(200);
    expect(server.output()).not.toMatch(/URIError|uncaught/i);
  });

  it("the path form /s/{label}/ is the app host's only: another site's host or an own domain does not show it", async () => {
    const { label: other } = await publishSite(server.baseURL, 'Grace Other');
    const onApp = await rawRequest(portOf(server), httpRequest('GET', `/s/${other}/`, 'localhost'));
    expect(onApp.status).toBe(200);
    expect(onApp.text).toContain('Grace Other');
    // On a site's own host, the path names a page of that site, not another site.
    const onSite = await rawRequest(
      portOf(server),
      httpRequest('GET', `/s/${other}/`, `${label}.folio.localhost`),
    );
    expect(onSite.status).toBe(404);
    expect(onSite.text).not.toContain('Grace Other');
    // Any other host (an own domain, verified or not) is not the app: no one else's page there.
    const onOther = await rawRequest(
      portOf(server),
      httpRequest('GET', `/s/${other}/`, 'www.someone.example'),
    );
    expect(onOther.text).not.toContain('Grace Other');
  });
});

const postgresAnswers = !testDatabaseUrl && (await portAnswers(5432));

describe.skipIf(!postgresAnswers)('WORKERS=2 on PostgreSQL: the supervisor', () => {
  let server: ServerProcess;
  let db: Awaited<ReturnType<typeof throwawayDatabase>>;
  beforeAll(async () => {
    db = await throwawayDatabase();
    server = await startServer({
      DATABASE_URL: db.url,
      WORKERS: '2',
      WEB_DIST: '/nonexistent-web-dist',
    });
    await until(() => listeningWorkersOf(server).length === 2, 'two listening workers');
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it('survives malformed escapes in both workers', async () => {
    for (let i = 0; i < 6; i++) {
      const answer = await rawRequest(portOf(server), httpRequest('GET', '/s/%E0/', 'localhost'));
      expect(answer.status).toBeLessThan(500);
    }
    expect(workersOf(server.pid)).toHaveLength(2);
    expect((await fetch(`${server.baseURL}/healthz`)).status).toBe(200);
  });

  it('replaces a crashed worker, and stays up while every worker is down', async () => {
    const [first] = workersOf(server.pid);
    process.kill(first!, 'SIGKILL');
    await expect.poll(() => isAlive(first!), { timeout: 10_000 }).toBe(false);
    // The other worker answers meanwhile.
    expect((await fetch(`${server.baseURL}/healthz`)).status).toBe(200);
    await expect
      .poll(() => listeningWorkersOf(server).filter((p) => p !== first).length, {
        timeout: 60_000,
      })
      .toBe(2);

    // Both at once: nothing listens for a moment, but the supervisor waits and starts new ones.
    const both = workersOf(server.pid);
    for (const pid of both) process.kill(pid, 'SIGKILL');
    await expect.poll(() => both.some(isAlive), { timeout: 10_000 }).toBe(false);
    expect(isAlive(server.pid)).toBe(true);
    await expect
      .poll(
        async () => {
          try {
            return (await fetch(`${server.baseURL}/healthz`)).status;
          } catch {
            return 0;
          }
        },
        { timeout: 90_000, interval: 500 },
      )
      .toBe(200);
    expect(isAlive(server.pid)).toBe(true);
  }, 150_000);
});
