import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** Any constant: serialises migrations when several server processes start at once. */
const MIGRATION_LOCK_KEY = 727_001;

/** PostgreSQL through `DATABASE_URL`: migrations applied under an advisory lock. */
export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server ends (restart, failover, dropped database) emits 'error' on the
  // pool; unhandled, that would crash the process. The pool replaces the connection on next use.
  pool.on('error', (err) => {
    console.warn(`database connection lost: ${err.message}`);
  });
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    client.release();
  }
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return { db, kind: 'postgres', close: () => pool.end() };
}

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is in use by another Folio server (pid ${pid}). ` +
        'Stop it first, use another DATA_DIR, or set DATABASE_URL to share a PostgreSQL database.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** An exclusive lock file: PGlite itself does nothing to stop two processes sharing a folder. */
function acquireLock(dir: string): () => void {
  const lockPath = path.join(dir, 'folio.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(lockPath, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(dir, pid);
      }
      fs.rmSync(lockPath, { force: true }); // stale lock left by a crashed process
    }
  }
  throw new Error(`Could not lock ${lockPath}`);
}

/**
 * Embedded PostgreSQL (PGlite) persisted in `dataDir/db`, or in memory when dataDir is null.
 * In memory, `from` may be a data folder dumped by PGlite (`dumpDataDir`) to start from, e.g. an
 * already migrated one; the migrations are applied after it all the same.
 */
export async function openPglite(
  dataDir: string | null,
  { from }: { from?: Blob } = {},
): Promise<Database> {
  let release = () => {};
  let client: PGlite;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    release = acquireLock(dataDir);
    client = new PGlite(path.join(dataDir, 'db'));
  } else {
    client = new PGlite(from ? { loadDataDir: from } : {});
  }
  try {
    await client.waitReady;
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (err) {
    await client.close().catch(() => {});
    release();
    throw err;
  }
}

export function openDatabase(opts: { databaseUrl?: string; dataDir: string | null }) {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}
