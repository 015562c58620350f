import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { apiCall } from '../lib/api.ts';
import { portAnswers, throwawayDatabase } from '../lib/postgres.ts';
import { httpRequest, rawRequest } from '../lib/raw-http.ts';
import {
  listeningWorkersOf,
  portOf,
  startServer,
  until,
  workersOf,
} from '../lib/server-process.ts';
import { median, type BenchRow } from './types.ts';

/*
 * The platform under a burst (docs/security.md, review of 2026-11-28): /healthz answer times while BENCH_BURST_SIZE (100)
 * sign-ups and sign-ins arrive at once on the embedded database, against the burst's own
 * duration; and, on PostgreSQL, the memory of a WORKERS=2 supervisor against a worker's.
 */
const BURST = Number(process.env.BENCH_BURST_SIZE ?? 100);

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

const newUser = () => {
  const id = randomBytes(5).toString('hex');
  return {
    username: `b${id}`,
    email: `b${id}@example.com`,
    name: 'Burst',
    password: 'correct horse',
  };
};

export async function signInBurstBench(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const server = await startServer({ AUTH_RATE_LIMIT: '100000', LOG_LEVEL: 'error' });
  try {
    const user = newUser();
    await apiCall(server.baseURL, 'POST', '/api/register', user);
    const started = performance.now();
    let finished = 0;
    const burst = Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        i % 2
          ? apiCall(server.baseURL, 'POST', '/api/login', user)
          : apiCall(server.baseURL, 'POST', '/api/register', newUser()),
      ),
    ).then(() => (finished = performance.now()));
    const health: number[] = [];
    while (!finished) {
      const asked = performance.now();
      await rawRequest(portOf(server), httpRequest('GET', '/healthz', 'localhost'), {
        idleMs: 120_000,
      });
      if (!finished) health.push(performance.now() - asked);
    }
    await burst;
    const duration = finished - started;
    const reference = { name: `${BURST} sign-ups and sign-ins at once`, value: duration };
    rows.push(
      { section: 'burst', name: 'burst duration (PGlite)', value: duration, unit: 'ms' },
      {
        section: 'burst',
        name: '/healthz during the burst, median',
        value: median(health),
        unit: 'ms',
        reference,
      },
      {
        section: 'burst',
        name: '/healthz during the burst, slowest',
        value: Math.max(...health),
        unit: 'ms',
        reference,
        goal: 'under half the burst',
        met: Math.max(...health) < duration / 2,
      },
    );
  } finally {
    await server.stop();
  }

  if (await portAnswers(5432)) {
    const db = await throwawayDatabase();
    const cluster = await startServer({ DATABASE_URL: db.url, WORKERS: '2', LOG_LEVEL: 'error' });
    try {
      await until(() => listeningWorkersOf(cluster).length === 2, 'two listening workers');
      const worker = Math.min(...workersOf(cluster.pid).map(rssMb));
      const supervisor = rssMb(cluster.pid);
      rows.push({
        section: 'burst',
        name: 'WORKERS=2 supervisor memory (RSS)',
        value: supervisor,
        unit: 'MB',
        reference: { name: 'a worker', value: worker },
        goal: 'under half a worker',
        met: supervisor < worker / 2,
      });
    } finally {
      await cluster.stop();
      await db.drop();
    }
  }
  return rows;
}
