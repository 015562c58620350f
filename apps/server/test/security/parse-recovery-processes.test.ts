/**
 * A parse cut off by a crash, with two server processes on one PostgreSQL (docs/security.md, review of 2026-11-28). Before,
 * the account was answered 429 for two minutes (a "parsing" row younger than that counted as
 * running) and its credit came back with a recovery job a minute later. Now the process running a
 * parse renews its row's heartbeat; a row whose heartbeat has stopped is refunded, and the
 * account may parse again, in one transaction, seconds after the crash.
 * Runs in the first (PGlite) pass when PostgreSQL answers on 127.0.0.1:5432.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fixtureDocument } from '@folio/parser/fixtures';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from '../../../../scripts/lib/api.ts';
import { portAnswers, throwawayDatabase } from '../../../../scripts/lib/postgres.ts';
import { startServer, type ServerProcess } from '../../../../scripts/lib/server-process.ts';
import { PARSE_HEARTBEAT_MS, STALE_PARSE_MS } from '../../src/features/resumes/service.ts';
import { embeddedDatabaseOnly } from '../database-pass.ts';
import { newUser, testDatabaseUrl } from '../helpers.ts';

embeddedDatabaseOnly(
  'its server processes run on PGlite, and it tries PostgreSQL itself in the first pass',
);

const postgresAnswers = !testDatabaseUrl && (await portAnswers(5432));

const state: {
  a?: ServerProcess;
  b?: ServerProcess;
  db?: Awaited<ReturnType<typeof throwawayDatabase>>;
  model?: http.Server;
} = {};
let atModel: Promise<void>;

describe.runIf(postgresAnswers)('a parse cut off by a crash, two processes on PostgreSQL', () => {
  beforeAll(async () => {
    // A language model endpoint that receives the text and never answers: A's parse hangs there.
    let reached: () => void = () => {};
    atModel = new Promise<void>((r) => (reached = r));
    state.model = http.createServer((req) => {
      req.resume();
      reached();
    });
    await new Promise<void>((r) => state.model!.listen(0, '127.0.0.1', r));
    const modelUrl = `http://127.0.0.1:${(state.model.address() as AddressInfo).port}/v1`;
    state.db = await throwawayDatabase();
    // One APP_URL (the session tokens' issuer): a session from one process is valid on the other.
    const env = {
      DATABASE_URL: state.db.url,
      APP_URL: 'http://folio.recovery.test',
      PARSE_RATE_LIMIT: '1000',
    };
    // (its own limit far away: the parse must still hang when A is killed)
    state.a = await startServer({
      ...env,
      AI_BASE_URL: modelUrl,
      AI_MODEL: 'slow',
      AI_TIMEOUT_MS: '120000',
    });
    state.b = await startServer(env);
  }, 240_000);

  afterAll(async () => {
    await state.a?.stop();
    await state.b?.stop();
    state.model?.closeAllConnections();
    await new Promise((r) => (state.model ? state.model.close(r) : r(null)));
    await state.db?.drop();
  });

  it('is refunded, and the account free, together, seconds after its heartbeat stops', async () => {
    const { a, b, db } = state as Required<typeof state>;
    const registered = await apiCall(a.baseURL, 'POST', '/api/register', newUser());
    expect(registered.status).toBe(201);
    const token = registered.body.token as string;
    const pdf = fs.readFileSync((await fixtureDocument('onecol-pdf')).file);
    const body = { filename: 'cv.pdf', fileContent: pdf.toString('base64') };
    const hanging = apiCall(a.baseURL, 'POST', '/api/parse-resume', body, token).catch(() => null);
    await atModel;

    const sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    try {
      // A is alive: it renews its parse's heartbeat
      await expect
        .poll(
          async () =>
            (
              await sql.query<{ renewed: boolean }>(
                `select heartbeat_at - created_at >= make_interval(secs => $1) as renewed
                 from resumes where status = 'parsing'`,
                [PARSE_HEARTBEAT_MS / 1000],
              )
            ).rows[0]?.renewed,
          { timeout: 30_000, interval: 200 },
        )
        .toBe(true);
      await a.kill('SIGKILL');
      expect(await hanging).toBeNull();
      const killed = Date.now();
      // Just after the crash its heartbeat is recent: B cannot yet tell it from a live parse.
      const during = await apiCall(b.baseURL, 'POST', '/api/parse-resume', body, token);
      expect(during.status).toBe(429);
      expect((await apiCall(b.baseURL, 'GET', '/api/user', undefined, token)).body.credits).toBe(9);
      // B: turned away until the parse is refunded; then accepted, in the same transaction.
      let answer = await apiCall(b.baseURL, 'POST', '/api/parse-resume', body, token);
      while (answer.status === 429 && Date.now() - killed < 60_000) {
        await new Promise((r) => setTimeout(r, 250));
        answer = await apiCall(b.baseURL, 'POST', '/api/parse-resume', body, token);
      }
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      // within the staleness window and a heartbeat or two (it was two to three minutes)
      expect(Date.now() - killed).toBeLessThan(STALE_PARSE_MS + 15_000);
      const rows = await sql.query<{ status: string; error: string | null }>(
        'select status, error from resumes order by id',
      );
      expect(rows.rows).toEqual([
        { status: 'failed', error: 'INTERRUPTED' },
        { status: 'parsed', error: null },
      ]);
      // 10, the crashed parse refunded once, the new one spent
      expect((await apiCall(b.baseURL, 'GET', '/api/user', undefined, token)).body.credits).toBe(9);
    } finally {
      await sql.end();
    }
  }, 240_000);
});
