import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { tokenLinkIn } from '../../../scripts/lib/mail.ts';
import { buildApp } from '../src/app.ts';
import { openPglite, openPostgres, type Database } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import { migrationsFolder } from '../src/paths.ts';
import { loadSettings, type Settings } from '../src/settings.ts';
import { assertInPostgresPass } from './database-pass.ts';

/** PostgreSQL for the second run of the integration tests (see .ci/run); PGlite otherwise. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;

/**
 * An in-memory PGlite with every migration applied. Creating a PGlite database and migrating it
 * takes seconds, and nearly every test file needs one: the first opened on this machine is
 * dumped (after the same migrations) to a file named after the migrations and PGlite's version,
 * and the next ones start from that dump (a copy of the data folder); the migrations still run
 * on each, finding nothing left to apply.
 */
export async function embeddedDatabase(): Promise<Database> {
  const file = pgliteTemplateFile();
  let from: Blob | undefined;
  try {
    from = new Blob([fs.readFileSync(file)]);
  } catch {
    // None yet: this one becomes the template.
  }
  if (!from) {
    const template = new PGlite();
    await template.waitReady;
    await migrate(drizzle(template, { schema }), { migrationsFolder });
    from = await template.dumpDataDir('none');
    await template.close();
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(temporary, Buffer.from(await from.arrayBuffer()));
    fs.renameSync(temporary, file); // whole or not at all, whichever test file writes it first
  }
  return openPglite(null, { from });
}

function pgliteTemplateFile(): string {
  const hash = createHash('sha256');
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(fs.readFileSync(path.join(path.dirname(pglite), '../package.json')));
  for (const name of fs
    .readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' })
    .sort()) {
    const full = path.join(migrationsFolder, name);
    if (fs.statSync(full).isFile()) hash.update(name).update(fs.readFileSync(full));
  }
  return path.join(os.tmpdir(), `folio-test-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** A fresh database: an in-memory PGlite, or a new database on the test PostgreSQL server. */
export async function freshDatabase(): Promise<Database> {
  assertInPostgresPass();
  if (!testDatabaseUrl) return embeddedDatabase();
  const name = `folio_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  return {
    ...database,
    async close() {
      await database.close();
      const c = new pg.Client({ connectionString: testDatabaseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestContext {
  app: FastifyInstance;
  settings: Settings;
  database: Database;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The app, in process, on a fresh test database (`freshDatabase`), or on an in-memory PGlite when
 * `database` says so (for what does not depend on the database, e.g. listing the routes).
 */
export async function createTestContext(
  env: Record<string, string> = {},
  { database: which = 'test' }: { database?: 'test' | 'embedded' } = {},
): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-test-'));
  const settings = loadSettings({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    AUTH_RATE_LIMIT: '1000',
    APP_URL: 'http://folio.test',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    ...env,
  });
  const database = which === 'embedded' ? await embeddedDatabase() : await freshDatabase();
  const app = await buildApp(settings, database, {
    logger: process.env.TEST_LOG_LEVEL ? { level: process.env.TEST_LOG_LEVEL } : false,
  });
  await app.ready();
  return {
    app,
    settings,
    database,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Messages written to the outbox of the embedded mail transport, oldest first. */
export function readOutbox(dataDir: string): { file: string; raw: string; link: string | null }[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((file) => {
      const raw = fs.readFileSync(path.join(dir, file), 'utf8');
      return { file, raw, link: tokenLinkIn(raw) };
    });
}

/** Waits until the outbox holds a message of that kind for that address; returns its link. */
export async function mailedLink(dataDir: string, kind: string, to: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const hit = readOutbox(dataDir)
      .reverse()
      .find((m) => m.file.includes(`-${kind}-`) && m.file.includes(to));
    if (hit?.link) return hit.link;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no ${kind} mail for ${to}`);
}

export const tokenFrom = (link: string) => new URL(link).searchParams.get('token') ?? '';

let counter = 0;
export function newUser(overrides: Partial<Record<string, string>> = {}) {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return {
    username: `user${id}`,
    email: `user${id}@example.com`,
    name: 'Test User',
    password: 'correct horse',
    ...overrides,
  };
}

export async function register(app: FastifyInstance, user = newUser()) {
  const res = await app.inject({ method: 'POST', url: '/api/register', payload: user });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const body = res.json<{ token: string | null; user: { id: number } }>();
  return { ...user, id: body.user.id, token: body.token };
}

export const bearer = (token: string | null) => ({ authorization: `Bearer ${token ?? ''}` });
