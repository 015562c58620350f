import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startServer, type ServerProcess } from '../lib/server-process.ts';
import { apiCall } from '../lib/api.ts';
import { portAnswers, throwawayDatabase } from '../lib/postgres.ts';
import type { BenchRow } from './types.ts';

/*
 * Growth: the same requests at 1k, 10k and 100k users (three portfolios each, all published),
 * on PostgreSQL. Host-name lookup, the dashboard list and publishing must stay flat: each
 * answered through an index (the query-plan test guards the same queries in `npm test`).
 *
 * BENCH_GROWTH_SCALES changes the steps (comma-separated user counts).
 */
const SCALES = (process.env.BENCH_GROWTH_SCALES ?? '1000,10000,100000').split(',').map(Number);
const SAMPLES = 300;

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function timed(fn: () => Promise<void>, n: number) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

async function json(
  server: ServerProcess,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
) {
  const res = await apiCall(server.baseURL, method, url, body, token);
  if (res.status >= 300)
    throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Adds seeded users (ids above the current maximum) until there are `total`. */
async function seedTo(client: pg.Client, total: number, versionId: number | null) {
  const { rows } = await client.query<{ n: string }>('select count(*) as n from users');
  const have = Number(rows[0]!.n);
  if (have >= total) return;
  const count = total - have;
  await client.query('begin');
  await client.query(
    `insert into users (username, email, password_hash, name)
     select 'seed' || g || '_' || $2, 'seed' || g || '_' || $2 || '@example.com', null, 'Seeded User'
     from generate_series(1, $1::int) g`,
    [count, randomBytes(3).toString('hex')],
  );
  await client.query(
    `insert into portfolios (user_id, name, template, content)
     select u.id, 'Portfolio ' || k, 'modern', '{"contact":{"name":"Seeded User"}}'::jsonb
     from users u cross join generate_series(1, 3) k
     where u.username like 'seed%' and not exists (select 1 from portfolios p where p.user_id = u.id)`,
  );
  await client.query(
    `insert into sites (portfolio_id, user_id, status, label, current_version_id, published_at)
     select p.id, p.user_id, 'live', 'site-' || p.id, $1, now()
     from portfolios p
     where not exists (select 1 from sites s where s.portfolio_id = p.id)
       and p.user_id in (select id from users where username like 'seed%')`,
    [versionId],
  );
  await client.query('commit');
  await client.query('analyze');
}

export async function growthBench(): Promise<BenchRow[]> {
  if (!(await portAnswers(5432))) {
    process.stderr.write('growth: PostgreSQL not reachable; skipped\n');
    return [];
  }
  const db = await throwawayDatabase();
  const server = await startServer({
    DATABASE_URL: db.url,
    AUTH_RATE_LIMIT: '100000',
    LOG_LEVEL: 'error',
  });
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const rows: BenchRow[] = [];
  try {
    // One real user, publishing through the API: its published version is the HTML every seeded
    // site points at, and its dashboard is the one listed.
    const id = randomBytes(5).toString('hex');
    const auth = await json(server, 'POST', '/api/register', {
      username: `grow${id}`,
      email: `grow${id}@example.com`,
      name: 'Growth Bench',
      password: 'correct horse battery',
    });
    const token = auth.token as string;
    const created = await json(
      server,
      'POST',
      '/api/portfolios',
      { name: 'Mine', content: { contact: { name: 'Growth Bench' } } },
      token,
    );
    const portfolioId = created.id as number;
    const publish = async () => {
      await json(server, 'POST', `/api/publish/${portfolioId}`, {}, token);
      for (;;) {
        const site = await json(
          server,
          'GET',
          `/api/portfolios/${portfolioId}/site`,
          undefined,
          token,
        );
        if (site.status === 'live' && site.changedSincePublish === false) return;
        if (site.status === 'failed') throw new Error(String(site.error));
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    await publish();
    // Seeded sites share one copy of that HTML, owned by a seeded portfolio (publishing prunes
    // the real portfolio's old versions).
    await seedTo(client, 2, null);
    const { rows: version } = await client.query<{ id: number }>(
      `insert into site_versions (portfolio_id, html, etag, nonce)
       select (select min(id) from portfolios where name = 'Portfolio 1'), html, etag, nonce
       from site_versions where id = (select current_version_id from sites where portfolio_id = $1)
       returning id`,
      [portfolioId],
    );
    const versionId = version[0]!.id;
    await client.query('update sites set current_version_id = $1 where label like $2', [
      versionId,
      'site-%',
    ]);

    for (const scale of SCALES) {
      process.stderr.write(`growth: seeding ${scale} users…\n`);
      await seedTo(client, scale, versionId);
      const { rows: ids } = await client.query<{ id: number }>(
        "select portfolio_id as id from sites where label like 'site-%' order by random() limit $1",
        [SAMPLES],
      );
      let i = 0;
      const lookup = await timed(async () => {
        const res = await fetch(`${server.baseURL}/s/site-${ids[i++ % ids.length]!.id}/`);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`site lookup: ${res.status} ${res.url}`);
      }, SAMPLES);
      const list = await timed(async () => {
        await json(server, 'GET', '/api/portfolios', undefined, token);
      }, SAMPLES);
      const pub = await timed(publish, 20);
      const label = `${scale / 1000}k users`;
      rows.push(
        {
          section: 'growth',
          name: `host lookup p50 / p99, ${label}`,
          value: lookup.p50,
          unit: `ms / ${lookup.p99.toFixed(1)} ms`,
        },
        {
          section: 'growth',
          name: `dashboard list p50 / p99, ${label}`,
          value: list.p50,
          unit: `ms / ${list.p99.toFixed(1)} ms`,
        },
        {
          section: 'growth',
          name: `publish to live p50 / p99, ${label}`,
          value: pub.p50,
          unit: `ms / ${pub.p99.toFixed(1)} ms`,
        },
      );
    }
    // Flat: the largest scale against the smallest, p50 of each measure.
    const first = rows.slice(0, 3);
    const last = rows.slice(-3);
    for (const [k, row] of last.entries()) {
      const base = first[k]!;
      rows.push({
        section: 'growth',
        name: row.name.replace(/ p50 \/ p99, .*/, ` p50 at ${SCALES.at(-1)! / 1000}k users`),
        value: row.value,
        unit: 'ms',
        reference: { name: `at ${SCALES[0]! / 1000}k`, value: base.value },
        goal: '≤ 2× (flat)',
        met: row.value <= base.value * 2,
      });
    }
    return rows;
  } finally {
    await client.end();
    await server.stop();
    await db.drop();
  }
}
