import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { defaultContent, SITE_POLL_MS, templates, type ResumeData } from '@folio/core';
import { slowPdf, textPdf } from '../../packages/parser/src/testing.node.ts';
import { apiCall } from '../lib/api.ts';
import { portAnswers, throwawayDatabase } from '../lib/postgres.ts';
import { startServer, type ServerProcess } from '../lib/server-process.ts';
import { benchDocuments } from './documents.ts';
import type { BenchRow } from './types.ts';

/*
 * Load and soak: simulated users doing what users do (sign up → upload → template → customize →
 * publish → visit) against one real server, on PGlite and on PostgreSQL. Reports p50/p99 of each
 * API call, errors, and the server's memory at the start and end of the steady part of the run.
 * Also: throughput of the dashboard list with WORKERS=1 and WORKERS=2 on PostgreSQL, and the
 * import burst (`importRun`): BENCH_LOAD_USERS accounts import a document at the same moment,
 * then a sender of slow files with four accounts against one other user's small PDF.
 *
 * BENCH_LOAD_USERS (200) and BENCH_LOAD_SECONDS (60) change the size; BENCH_LOAD_ONLY=imports
 * runs the import burst alone, BENCH_LOAD_ONLY=pglite (or postgres) the mixed load on
 * that database alone.
 */
const USERS = Number(process.env.BENCH_LOAD_USERS ?? 200);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const freeTemplates = Object.values(templates)
  .filter((t) => !t.premium)
  .map((t) => t.id);

async function resumeFile(): Promise<{ filename: string; base64: string }> {
  const pdf = (await benchDocuments()).find((d) => d.name.endsWith('.pdf'));
  if (!pdf) throw new Error('no PDF to import');
  return { filename: pdf.name, base64: fs.readFileSync(pdf.file).toString('base64') };
}

/**
 * Every corpus document (PDF, DOCX, DOC; the generated test documents when the real ones are
 * absent), base64: the import burst's users bring different files.
 */
async function corpusFiles(): Promise<{ filename: string; base64: string }[]> {
  return (await benchDocuments()).map((d) => ({
    filename: d.name,
    base64: fs.readFileSync(d.file).toString('base64'),
  }));
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
  file: Awaited<ReturnType<typeof resumeFile>>,
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
      await new Promise((r) => setTimeout(r, SITE_POLL_MS)); // as the app polls
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
    const file = await resumeFile();
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

/** One JSON call from a given client address (X-Forwarded-For: the server trusts loopback). */
async function callFrom(
  server: ServerProcess,
  address: string,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(server.baseURL + url, {
    method,
    headers: {
      'x-forwarded-for': address,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).catch((err: unknown) => ({ status: 0, text: () => Promise.resolve(String(err)) }));
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = { text };
  }
  return { status: res.status, body: json };
}

async function accounts(server: ServerProcess, n: number): Promise<string[]> {
  const tokens: string[] = [];
  // a few at a time: sign-up (argon2) is not what is measured here
  for (let i = 0; i < n; i += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, n - i) }, async () => {
        const id = randomBytes(6).toString('hex');
        const res = await callFrom(server, '127.0.0.1', 'POST', '/api/register', {
          username: `imp${id}`,
          email: `imp${id}@example.com`,
          name: 'Import Test',
          password: 'correct horse battery',
        });
        if (res.status !== 201) throw new Error(`register: ${res.status}`);
        return res.body.token as string;
      }),
    );
    tokens.push(...batch);
  }
  return tokens;
}

/**
 * The import burst: USERS signed-up accounts each import a corpus document (in turn through
 * the corpus) at the same moment, from one address as a load test's are; p50/p99 of the parse
 * request and its errors. The reference is the same documents imported one at a time in this
 * run. Then the slow-file sender: four accounts from one address import PDFs that each run to
 * the parse time limit, and another user's 634-byte PDF is timed against the same file with
 * nobody else parsing.
 */
async function importRun(): Promise<BenchRow[]> {
  const server = await startServer(serverEnv);
  const section = 'load (imports, pglite)';
  try {
    const files = await corpusFiles();
    const tokens = await accounts(server, USERS + files.length + 14);
    const take = () => tokens.pop()!;
    const parse = async (
      token: string,
      file: { filename: string; base64: string },
      from = '127.0.0.1',
    ) => {
      const started = performance.now();
      const res = await callFrom(
        server,
        from,
        'POST',
        '/api/parse-resume',
        { filename: file.filename, fileContent: file.base64 },
        token,
      );
      return { ms: performance.now() - started, res };
    };
    // Every parser worker started (parses from several addresses at once take them all).
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        parse(take(), files[i % files.length]!, `192.0.2.${i + 1}`),
      ),
    );
    // Reference: each corpus document alone.
    const alone: number[] = [];
    for (const file of files) alone.push((await parse(take(), file)).ms);
    const burst = await Promise.all(
      Array.from({ length: USERS }, (_, i) => parse(take(), files[i % files.length]!)),
    );
    const errors = burst.filter((b) => b.res.status !== 200);
    if (errors[0])
      process.stderr.write(
        `${section}: first error: ${errors[0].res.status} ${JSON.stringify(errors[0].res.body).slice(0, 200)}\n`,
      );
    const sorted = burst.map((b) => b.ms).sort((a, b) => a - b);
    const aloneMean = alone.reduce((a, b) => a + b, 0) / alone.length;
    const p50 = percentile(sorted, 50);
    const p99 = percentile(sorted, 99);
    const rows: BenchRow[] = [
      {
        section,
        name: `${USERS} concurrent imports: parse p50`,
        value: p50,
        unit: 'ms',
        reference: { name: 'one import alone, mean', value: aloneMean },
        goal: '≤ 5000 ms',
        met: p50 <= 5000,
      },
      {
        section,
        name: `${USERS} concurrent imports: parse p99`,
        value: p99,
        unit: 'ms',
        reference: { name: 'one import alone, mean', value: aloneMean },
        goal: '≤ 15000 ms',
        met: p99 <= 15000,
      },
      {
        section,
        name: `${USERS} concurrent imports: errors`,
        value: errors.length,
        unit: 'count',
        goal: '0',
        met: errors.length === 0,
      },
    ];

    // The slow-file sender.
    const small = {
      filename: 'small.pdf',
      base64: Buffer.from(
        textPdf(['Ada Lovelace', 'ada@example.com', 'Skills', 'Python']),
      ).toString('base64'),
    };
    const quiet = await parse(take(), small, '198.51.100.7');
    const slow = { filename: 'slow.pdf', base64: Buffer.from(slowPdf(4)).toString('base64') };
    const attackers = Array.from({ length: 4 }, take);
    const attacks = attackers.map((t) => parse(t, slow, '203.0.113.66'));
    // all four taken in (their credits spent): queued or running
    for (;;) {
      const left = await Promise.all(
        attackers.map(
          async (t) =>
            (await callFrom(server, '127.0.0.1', 'GET', '/api/user', undefined, t)).body.credits,
        ),
      );
      if (left.every((c) => c === 9)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const victim = await parse(take(), small, '198.51.100.8');
    const attacked = await Promise.all(attacks);
    rows.push({
      section,
      name: 'a 634-byte PDF while 4 accounts of one address send slow PDFs',
      value: victim.ms,
      unit: 'ms',
      reference: { name: 'the same, nobody else parsing', value: quiet.ms },
      goal: '≤ 2000 ms',
      met: victim.res.status === 200 && victim.ms <= 2000,
    });
    rows.push({
      section,
      name: 'slow PDFs cut off by the time or heap limit',
      value: attacked.filter((a) =>
        ['PARSE_TIMEOUT', 'FILE_CORRUPT'].includes(String(a.res.body.error)),
      ).length,
      unit: `of ${attacked.length}`,
    });
    return rows;
  } finally {
    await server.stop();
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
  const only = process.env.BENCH_LOAD_ONLY;
  const rows: BenchRow[] = [];
  if (only === 'pglite' || only === 'postgres') return loadRun(only);
  rows.push(...(await importRun()));
  if (only === 'imports') return rows;
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
