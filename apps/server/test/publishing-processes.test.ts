/**
 * Publishing across real server processes on one PostgreSQL: a process killed (SIGKILL) in the
 * middle of a publish job, and two processes sharing the queue. Skipped, with a note, when no
 * PostgreSQL answers (like scripts/test-postgres.mjs).
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../../../scripts/lib/server-process.ts';

const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

async function postgresAnswers(): Promise<boolean> {
  const { hostname, port } = new URL(adminUrl);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 5432) });
    socket.setTimeout(1500);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(false));
  });
}

const available = await postgresAnswers();
if (!available) {
  console.log(`PostgreSQL does not answer at ${adminUrl}: multi-process publishing tests skipped.`);
}

let dbName = '';
let dbUrl = '';
let db: pg.Client;
const servers: ServerProcess[] = [];

async function start(extra: Record<string, string> = {}) {
  const server = await startServer({
    DATABASE_URL: dbUrl,
    JOB_LEASE_SECONDS: '2',
    JOB_POLL_MS: '100',
    LOG_LEVEL: 'warn',
    // Processes behind one address share the session key (else each signs its own).
    JWT_SECRET: 'multi-process-test-secret-0123456789abcdef',
    APP_URL: 'http://folio.test:5000',
    ...extra,
  });
  servers.push(server);
  return server;
}

async function api<T>(
  server: ServerProcess,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
) {
  const res = await fetch(`${server.baseURL}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

let counter = 0;
async function userWithPortfolios(server: ServerProcess, names: string[]) {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  const { token, user } = await api<{ token: string; user: { id: number } }>(
    server,
    'POST',
    '/api/register',
    undefined,
    {
      username: `proc${id}`,
      email: `proc${id}@example.com`,
      name: 'Proc',
      password: 'correct horse',
    },
  );
  await db.query(`update users set plan = 'lifetime' where id = $1`, [user.id]);
  const ids: number[] = [];
  for (const name of names) {
    const { id: pid } = await api<{ id: number }>(server, 'POST', '/api/portfolios', token, {
      name,
      content: { name, title: 'Engineer', about: 'Builds reliable things.' },
    });
    ids.push(pid);
  }
  return { token, ids };
}

async function until<T>(
  what: string,
  fn: () => Promise<T | null | undefined | false>,
  ms = 60_000,
) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const liveVersion = async (portfolioId: number) =>
  (
    await db.query<{ current_version_id: number | null; status: string }>(
      'select current_version_id, status from sites where portfolio_id = $1',
      [portfolioId],
    )
  ).rows[0];

describe.skipIf(!available)('publishing across server processes (PostgreSQL)', () => {
  beforeAll(async () => {
    dbName = `folio_proc_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    dbUrl = url.toString();
    // The first server creates the schema (migrations) before this client looks at it.
    await start();
    db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await db?.end();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }, 60_000);

  it('a server killed during a publish: after a restart the job completes and the site is whole', async () => {
    const first = servers[0]!;
    const { token, ids } = await userWithPortfolios(first, ['Crash Test']);
    const id = ids[0]!;
    await api(first, 'POST', `/api/publish/${id}`, token);
    const v1 = await until('first version', async () => {
      const s = await liveVersion(id);
      return s?.status === 'live' ? s.current_version_id : null;
    });
    await api(first, 'PATCH', `/api/portfolios/${id}`, token, {
      content: { name: 'Crash Test', title: 'Version Two', about: 'Republished after a crash.' },
    });

    // Hold the versions table so the job, once claimed, stops half-way (it has rendered the page
    // and waits to write it): the moment we kill the process.
    const blocker = new pg.Client({ connectionString: dbUrl });
    await blocker.connect();
    await blocker.query('begin');
    await blocker.query('lock table site_versions in share mode');
    await api(first, 'POST', `/api/publish/${id}`, token);
    await until('the job to be mid-way', async () => {
      const waiting = await db.query(
        `select 1 from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`,
        [dbName],
      );
      return waiting.rowCount! > 0;
    });
    const running = await db.query<{ id: number; attempts: number }>(
      `select id, attempts from jobs where status = 'running'`,
    );
    expect(running.rows).toHaveLength(1);
    const jobId = running.rows[0]!.id;

    await first.kill('SIGKILL');
    servers.splice(servers.indexOf(first), 1);
    await first.stop(); // only removes its data folder now
    await blocker.query('rollback');
    await blocker.end();

    // Nothing half-written: the old version is still the live one, the job still claimed.
    expect((await liveVersion(id))?.current_version_id).toBe(v1);
    const orphan = await db.query<{ status: string }>('select status from jobs where id = $1', [
      jobId,
    ]);
    expect(orphan.rows[0]?.status).toBe('running');

    const second = await start();
    const job = await until('the job to finish after restart', async () => {
      const r = await db.query<{ status: string; attempts: number }>(
        'select status, attempts from jobs where id = $1',
        [jobId],
      );
      return r.rows[0]?.status === 'done' ? r.rows[0] : null;
    });
    expect(job.attempts).toBe(2);
    const after = await liveVersion(id);
    expect(after?.status).toBe('live');
    expect(after?.current_version_id).toBeGreaterThan(v1);
    const versions = await db.query<{ id: number; job_id: number }>(
      'select id, job_id from site_versions where portfolio_id = $1 order by id',
      [id],
    );
    expect(versions.rows).toHaveLength(2); // the killed attempt left nothing behind
    expect(versions.rows[1]?.job_id).toBe(jobId);

    const page = await fetch(`${second.baseURL}/s/crash-test/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Version Two');
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
  }, 180_000);

  it('two server processes on one database run each publish job exactly once', async () => {
    // Two fresh processes whose leases cannot run out during a publish, however busy the
    // machine: a second attempt could then only come from two processes claiming one job. (The
    // first test's 2-second lease is for re-taking a killed process's job; a publish that
    // outlives it on a loaded machine is rightly taken again, which is not what this test is about.)
    await Promise.all(servers.splice(0).map((s) => s.stop()));
    const a = await start({ JOB_LEASE_SECONDS: '120' });
    const b = await start({ JOB_LEASE_SECONDS: '120' });
    const owners = await Promise.all([
      userWithPortfolios(a, ['Multi One', 'Multi Two', 'Multi Three']),
      userWithPortfolios(b, ['Multi Four', 'Multi Five', 'Multi Six']),
    ]);
    const all = owners.flatMap((o) => o.ids.map((id) => ({ id, token: o.token })));
    const rounds = 3;
    for (let round = 0; round < rounds; round++) {
      // Every portfolio is published through both processes at once.
      await Promise.all(
        all.flatMap(({ id, token }, i) => [
          api(i % 2 ? a : b, 'PATCH', `/api/portfolios/${id}`, token, {
            content: {
              name: `Round ${round}`,
              title: 'Engineer',
              about: 'Builds reliable things.',
            },
          }).then(() => api(i % 2 ? a : b, 'POST', `/api/publish/${id}`, token)),
        ]),
      );
      await until('all sites live', async () => {
        const r = await db.query<{ n: number }>(
          `select count(*)::int as n from sites where portfolio_id = any($1) and status = 'live'`,
          [all.map((p) => p.id)],
        );
        const pending = await db.query<{ n: number }>(
          `select count(*)::int as n from jobs where status in ('queued', 'running')`,
        );
        return r.rows[0]!.n === all.length && pending.rows[0]!.n === 0;
      });
    }
    const jobs = await db.query<{
      id: number;
      attempts: number;
      status: string;
      locked_by: string;
    }>(
      `select id, attempts, status, locked_by from jobs
       where payload->>'portfolioId' = any($1::text[]) order by id`,
      [all.map((p) => String(p.id))],
    );
    expect(jobs.rows.length).toBe(all.length * rounds);
    for (const job of jobs.rows) expect(job).toMatchObject({ status: 'done', attempts: 1 });
    // Each job wrote exactly one version: no job ran twice.
    const perJob = await db.query<{ job_id: number; n: number }>(
      `select job_id, count(*)::int as n from site_versions
       where portfolio_id = any($1) group by job_id having count(*) > 1`,
      [all.map((p) => p.id)],
    );
    expect(perJob.rows).toEqual([]);
    const workers = new Set(jobs.rows.map((j) => j.locked_by.split('-')[0]));
    console.log(`publish jobs: ${jobs.rows.length}, run by processes ${[...workers].join(', ')}`);
    // Both processes serve the latest version of every site.
    for (const { id } of all) {
      const label = (
        await db.query<{ label: string }>('select label from sites where portfolio_id = $1', [id])
      ).rows[0]!.label;
      for (const server of [a, b]) {
        const html = await (await fetch(`${server.baseURL}/s/${label}/`)).text();
        expect(html).toContain(`Round ${rounds - 1}`);
      }
    }
  }, 240_000);
});
