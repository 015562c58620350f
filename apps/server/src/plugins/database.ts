import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client.ts';
import { serverSecrets } from '../db/schema.ts';
import { BlobStore } from '../shared/blob-store.ts';
import type { Settings } from '../settings.ts';

declare module 'fastify' {
  interface FastifyInstance {
    settings: Settings;
    db: Db;
    databaseKind: Database['kind'];
    blobs: BlobStore;
    /** Signs sessions and preview tokens alike in every process on the same database. */
    sessionSecret: string;
  }
}

/**
 * The session signing key: JWT_SECRET, else one generated once and kept in the database, so that
 * every server process on the same database signs and checks sessions alike.
 */
async function sessionSecret(settings: Settings, db: Db): Promise<string> {
  if (settings.JWT_SECRET) return settings.JWT_SECRET;
  await db
    .insert(serverSecrets)
    .values({ name: 'session', value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, 'session'));
  if (!row) throw new Error('session secret missing after insert');
  return row.value;
}

/** The settings and the opened database (both made by the caller), and what lives beside them. */
export const databasePlugin = fp(
  async (app: FastifyInstance, opts: { settings: Settings; database: Database }) => {
    const { settings, database } = opts;
    app.decorate('settings', settings);
    app.decorate('db', database.db);
    app.decorate('databaseKind', database.kind);
    app.decorate('blobs', new BlobStore(database.db));
    app.decorate('sessionSecret', await sessionSecret(settings, database.db));
  },
  { fastify: '5.x', name: 'database' },
);
