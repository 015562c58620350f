import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { openPglite, openPostgres } from '../../src/db/client.ts';
import { loadSettings } from '../../src/settings.ts';
import { bearer, newUser, testDatabaseUrl } from '../helpers.ts';

/**
 * `npm run backup` / `npm run restore` on the embedded database (run as the operator would, in
 * a child process), and the documented pg_dump / pg_restore round trip for PostgreSQL.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});
const tmp = (prefix: string) => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(d);
  return d;
};

function npmScript(script: 'backup' | 'restore', dataDir: string, args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
}

/** The app on the embedded database in dataDir, for one block of work. */
async function withApp<T>(
  dataDir: string,
  fn: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<T>,
) {
  const settings = loadSettings({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    APP_URL: 'http://folio.test',
    WEB_DIST: path.join(dataDir, 'no-web'),
    AUTH_RATE_LIMIT: '1000',
  });
  const database = await openPglite(dataDir);
  const app = await buildApp(settings, database, { logger: false });
  await app.ready();
  try {
    return await fn(app);
  } finally {
    await app.close();
    await database.close();
  }
}

function multipart(bytes: Buffer) {
  const boundary = `----folio${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('npm run backup / npm run restore (embedded database)', () => {
  it('restores accounts, sessions, portfolios and uploads exactly as backed up', async () => {
    const dataDir = tmp('folio-backup-');
    const user = newUser();
    const state = await withApp(dataDir, async (app) => {
      const reg = await app.inject({ method: 'POST', url: '/api/register', payload: user });
      const { token } = reg.json<{ token: string }>();
      const png = await sharp({
        create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } },
      })
        .png()
        .toBuffer();
      const body = multipart(png);
      const up = await app.inject({
        method: 'POST',
        url: '/api/upload',
        headers: { ...body.headers, ...bearer(token) },
        payload: body.payload,
      });
      const { url } = up.json<{ url: string }>();
      const created = await app.inject({
        method: 'POST',
        url: '/api/portfolios',
        headers: bearer(token),
        payload: {
          name: 'Backed up',
          content: { name: 'Before', projects: [{ title: 'p', image: url }] },
        },
      });
      return { token, url, id: created.json<{ id: number }>().id };
    });

    const file = path.join(tmp('folio-backups-'), 'nightly.zip');
    const made = npmScript('backup', dataDir, [file]);
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/Backed up .* \(1 uploads/);

    // After the backup: the portfolio changes, the image goes, a second account appears.
    await withApp(dataDir, async (app) => {
      const res = await app.inject({
        method: 'PATCH',
        url: `/api/portfolios/${state.id}`,
        headers: bearer(state.token),
        payload: { content: { name: 'After' } },
      });
      expect(res.statusCode).toBe(200);
      await app.inject({ method: 'POST', url: '/api/register', payload: newUser() });
      await app.blobs.delete(state.url.split('/').pop()!);
    });

    const back = npmScript('restore', dataDir, [file]);
    expect(back.status, back.stderr).toBe(0);
    expect(back.stdout).toMatch(/previous database is kept in .*db\.before-restore-/);

    await withApp(dataDir, async (app) => {
      // The same session token still works: sessions and the signing key came back too.
      const me = await app.inject({
        method: 'GET',
        url: '/api/user',
        headers: bearer(state.token),
      });
      expect(me.statusCode).toBe(200);
      const p = await app.inject({
        method: 'GET',
        url: `/api/portfolios/${state.id}`,
        headers: bearer(state.token),
      });
      expect(
        p.json<{ content: { data: { contact: { name: string } } } }>().content.data.contact.name,
      ).toBe('Before');
      const image = await app.inject({ method: 'GET', url: state.url });
      expect(image.statusCode).toBe(200);
      const login = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: user.username, password: user.password },
      });
      expect(login.statusCode).toBe(200);
    });
  }, 120_000);

  it('refuses while the server holds the data folder, and refuses files that are not backups', async () => {
    const dataDir = tmp('folio-backup-busy-');
    await withApp(dataDir, () => {
      const res = npmScript('backup', dataDir, [path.join(dataDir, 'x.zip')]);
      expect(res.status).toBe(1);
      expect(res.stderr).toMatch(/Stop it first/);
      return Promise.resolve();
    });
    const notBackup = path.join(dataDir, 'not.zip');
    fs.writeFileSync(notBackup, 'hello');
    const res = npmScript('restore', dataDir, [notBackup]);
    expect(res.status).toBe(1);
  }, 60_000);
});

describe('PostgreSQL: pg_dump and pg_restore as documented', () => {
  const adminUrl = testDatabaseUrl ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const available = spawnSync('pg_dump', ['--version']).status === 0;

  it.skipIf(!available)(
    'a custom-format dump restores into an empty database',
    async () => {
      const names = [0, 1].map(() => `folio_backup_${randomBytes(5).toString('hex')}`);
      const admin = new pg.Client({ connectionString: adminUrl });
      try {
        await admin.connect();
      } catch {
        return; // no PostgreSQL server here
      }
      const urlOf = (name: string) => {
        const u = new URL(adminUrl);
        u.pathname = `/${name}`;
        return u.toString();
      };
      try {
        for (const n of names) await admin.query(`create database ${n}`);
        const source = await openPostgres(urlOf(names[0]!));
        const settings = loadSettings({
          NODE_ENV: 'test',
          DATA_DIR: tmp('folio-pg-'),
          LOG_LEVEL: 'silent',
          APP_URL: 'http://folio.test',
          JWT_SECRET: 'x'.repeat(40),
          DATABASE_URL: urlOf(names[0]!),
        });
        const app = await buildApp(settings, source, { logger: false });
        await app.ready();
        const user = newUser();
        const reg = await app.inject({ method: 'POST', url: '/api/register', payload: user });
        const { token } = reg.json<{ token: string }>();
        await app.inject({
          method: 'POST',
          url: '/api/portfolios',
          headers: bearer(token),
          payload: { name: 'On PostgreSQL', content: { name: 'Dumped' } },
        });
        await app.close();
        await source.close();

        const dump = path.join(tmp('folio-pgdump-'), 'folio.dump');
        execFileSync('pg_dump', ['--format=custom', `--file=${dump}`, urlOf(names[0]!)]);
        execFileSync('pg_restore', [
          '--clean',
          '--if-exists',
          '--no-owner',
          `--dbname=${urlOf(names[1]!)}`,
          dump,
        ]);

        const target = await openPostgres(urlOf(names[1]!));
        const restored = await buildApp({ ...settings, DATABASE_URL: urlOf(names[1]!) }, target, {
          logger: false,
        });
        await restored.ready();
        const me = await restored.inject({
          method: 'GET',
          url: '/api/user',
          headers: bearer(token),
        });
        expect(me.statusCode).toBe(200);
        const list = await restored.inject({
          method: 'GET',
          url: '/api/portfolios',
          headers: bearer(token),
        });
        expect(list.json()).toEqual([expect.objectContaining({ name: 'On PostgreSQL' })]);
        await restored.close();
        await target.close();
      } finally {
        for (const n of names) await admin.query(`drop database if exists ${n} with (force)`);
        await admin.end();
      }
    },
    120_000,
  );
});
