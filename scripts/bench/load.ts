import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { defaultContent, templates, type ResumeData } from '@folio/core';
import { corpusDocsDir } from '@folio/parser/corpus';
import { apiCall } from '../lib/api.ts';
import { portAnswers, throwawayDatabase } from '../lib/postgres.ts';
import { startServer, type ServerProcess } from '../lib/server-process.ts';
import type { BenchRow } from './types.ts';

/*
 * Load and soak: simulated users doing what users do (sign up → upload → template → customize →
 * publish → visit) against one real server, on PGlite and on PostgreSQL. Reports p50/p99 of each
 * API call, errors, and the server's memory at the start and end of the steady part of the run.
 * Also: throughput of the dashboard list with WORKERS=1 and WORKERS=2 on PostgreSQL.
 *
 * BENCH_LOAD_USERS (200) and BENCH_LOAD_SECONDS (60) change the size.
 */
const USERS = Number(process.env.BENCH_LOAD_USERS ?? 200);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const freeTemplates = Object.values(templates)
  .filter((t) => !t.premium)
  .map((t) => t.id);

function resumeFile(): { filename: string; base64: string } {
  const pdf = fs.readdirSync(corpusDocsDir).find((f) => f.endsWith('.pdf'));
  if (!pdf) throw new Error(`no PDF in ${corpusDocsDir}`);
  const file = path.join(corpusDocsDir, pdf);
  return { filename: path.basename(file), base64: fs.readFileSync(file).toString('base64') };
}

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

const serverEnv = {
  AUTH_RATE_LIMIT: '100000',
  PARSE_RATE_LIMIT: '100000',
  LOG_LEVEL: 'error',
};

class Recorder {
  readonly times = new Map<string, number[]>();
  readonly errors = new Map<string, number>();
  firstError = '';

  async call(
    server: ServerProcess,
    name: string,
    method: string,
    url: string,
    body?: unknown,
    token?: string,
  ): Promise<Record<string, unknown>> {
    const started = performance.now();
    let res: Awaited<ReturnType<typeof apiCall>>;
    try {
      res = await apiCall(server.baseURL, method, url, body, token);
    } catch (err) {
      res = { status: 0, body: { error: String(err) } };
    }
    const ms = performance.now() - started;
    (this.times.get(name) ?? this.times.set(name, []).get(name)!).push(ms);
    if (res.status < 200 || res.status >= 300) {
      this.errors.set(name, (this.errors.get(name) ?? 0) + 1);
      this.firstError ||= `${name} ${method} ${url} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`;
      throw new Error(`${name}: ${res.status}`);
    }
    return res.body;
  }
}

/** One simulated user: signs up and uploads once, then edits, publishes and visits until `end`. */
async function simulatedUser(
  server: ServerProcess,
  rec: Recorder,
  file: ReturnType<typeof resumeFile>,
  end: number,
) {
  const id = randomBytes(6).toString('hex');
  const auth = await rec.call(server, 'register', 'POST', '/api/register', {
    username: `load${id}`,
    email: `load${id}@example.com`,
    name: 'Load Test',
    password: 'correct horse battery',
  });
  const token = auth.token as string;
  const parsed = await rec.call(
    server,
    'parse-resume',
    'POST',
    '/api/parse-resume',
    { filename: file.filename, fileContent: file.base64 },
    token,
  );
  const created = await rec.call(
    server,
    'create-portfolio',
    'POST',
    '/api/portfolios',
    {
      name: `Portfolio ${id}`,
      content: defaultContent(parsed.parsedData as ResumeData),
      resumeId: parsed.resumeId,
    },
    token,
  );
  const portfolioId = created.id as number;
  let round = 0;
  while (Date.now() < end) {
    round += 1;
    await rec.call(server, 'dashboard-list', 'GET', '/api/portfolios', undefined, token);
    await rec.call(
      server,
      'choose-template',
      'PATCH',
      `/api/portfolios/${portfolioId}`,
      { template: freeTemplates[round % freeTemplates.length] },
      token,
    );
    const portfolio = await rec.call(
      server,
      'open-portfolio',
      'GET',
      `/api/portfolios/${portfolioId}`,
      undefined,
      token,
    );
    const content = portfolio.content as { data: Record<string, unknown> };
    await rec.call(
      server,
      'save-content',
      'PATCH',
      `/api/portfolios/${portfolioId}`,
      {
        content: {
          ...content,
          data: { ...content.data, summary: `Round ${round}: building things that last.` },
        },
      },
      token,
    );
    await rec.call(server, 'publish', 'POST', `/api/publish/${portfolioId}`, {}, token);
    let site: Record<string, unknown> = {};
    for (let i = 0; i < 200; i++) {
      site = await rec.call(
        server,
        'site-status',
        'GET',
        `/api/portfolios/${portfolioId}/site`,
        undefined,
        token,
      );
      if (site.status === 'live' && site.changedSincePublish === false) break;
      if (site.status === 'failed') throw new Error(`publish failed: ${String(site.error)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    await rec.call(server, 'visit-site', 'GET', `/s/${String(site.label)}/`);
  }
}

async function loadRun(database: 'pglite' | 'postgres'): Promise<BenchRow[]> {
  const db = database === 'postgres' ? await throwawayDatabase() : null;
  const server = await startServer({ ...serverEnv, ...(db ? { DATABASE_URL: db.url } : {}) });
  const section = `load (${database})`;
  try {
    const rec = new Recorder();
    const file = resumeFile();
    const start = Date.now();
    const end = start + SECONDS * 1000;
    const memory: number[] = [];
    const sampler = setInterval(() => memory.push(rssMb(server.pid)), 2000);
    const results = await Promise.allSettled(
      Array.from({ length: USERS }, () => simulatedUser(server, rec, file, end)),
    );
    clearInterval(sampler);
    const failed = results.filter((r) => r.status === 'rejected').length;
    const rows: BenchRow[] = [];
    let total = 0;
    for (const [name, times] of rec.times) {
      const sorted = [...times].sort((a, b) => a - b);
      total += times.length;
      rows.push({
        section,
        name: `${name} p50 / p99 (n=${times.length})`,
        value: percentile(sorted, 50),
        unit: `ms / ${percentile(sorted, 99).toFixed(1)} ms`,
      });
    }
    const errors = [...rec.errors.values()].reduce((a, b) => a + b, 0);
    rows.push({
      section,
      name: `requests (${USERS} users, ${SECONDS} s)`,
      value: total / ((Date.now() - start) / 1000),
      unit: 'req/s',
    });
    rows.push({
      section,
      name: 'errors',
      value: errors + failed,
      unit: 'count',
      goal: '0',
      met: errors + failed === 0,
    });
    if (rec.firstError) process.stderr.write(`${section}: first error: ${rec.firstError}\n`);
    // Memory: the steady part (after sign-up and parsing settle) against the end of the run.
    const steady = memory.slice(Math.floor(memory.length / 3));
    if (steady.length >= 2) {
      const first = steady[0]!;
      const last = steady.at(-1)!;
      rows.push({
        section,
        name: 'server memory (RSS) end of run',
        value: last,
        unit: 'MB',
        reference: { name: 'a third into the run', value: first },
        goal: '≤ 1.25× (flat)',
        met: last <= first * 1.25,
      });
    }
    return rows;
  } finally {
    await server.stop();
    await db?.drop();
  }
}

/** Dashboard-list throughput with `workers` processes: 50 connections, 15 s. */
async function throughput(workers: number): Promise<number> {
  const db = await throwawayDatabase();
  const server = await startServer({
    ...serverEnv,
    DATABASE_URL: db.url,
    WORKERS: String(workers),
  });
  try {
    const rec = new Recorder();
    const tokens: string[] = [];
    for (let i = 0; i < 20; i++) {
      const id = randomBytes(6).toString('hex');
      const auth = await rec.call(server, 'register', 'POST', '/api/register', {
        username: `tp${id}`,
        email: `tp${id}@example.com`,
        name: 'Throughput',
        password: 'correct horse battery',
      });
      tokens.push(auth.token as string);
    }
    // Both workers warm (each has compiled its routes and opened its pool).
    for (let i = 0; i < 200; i++) {
      await rec.call(
        server,
        'warm',
        'GET',
        '/api/portfolios',
        undefined,
        tokens[i % tokens.length],
      );
    }
    let done = 0;
    const end = Date.now() + 15_000;
    await Promise.all(
      Array.from({ length: 50 }, async (_, c) => {
        while (Date.now() < end) {
          await rec.call(
            server,
            'list',
            'GET',
            '/api/portfolios',
            undefined,
            tokens[c % tokens.length],
          );
          done += 1;
        }
      }),
    );
    return done / 15;
  } finally {
    await server.stop();
    await db.drop();
  }
}

export async function loadBench(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  rows.push(...(await loadRun('pglite')));
  if (!(await portAnswers(5432))) {
    process.stderr.write('load: PostgreSQL not reachable; PostgreSQL runs skipped\n');
    return rows;
  }
  rows.push(...(await loadRun('postgres')));
  const one = await throughput(1);
  const two = await throughput(2);
  rows.push({ section: 'workers', name: 'dashboard list, WORKERS=1', value: one, unit: 'req/s' });
  rows.push({
    section: 'workers',
    name: 'dashboard list, WORKERS=2',
    value: two,
    unit: 'req/s',
    reference: { name: 'WORKERS=1', value: one },
  });
  return rows;
}
