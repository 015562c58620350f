import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { embeddedOnlyFiles } from '../../../scripts/lib/postgres-pass.ts';
import { embeddedDatabaseOnly } from './database-pass.ts';
import { freshDatabase } from './helpers.ts';

/*
 * The PostgreSQL pass (scripts/test-postgres.mjs) runs every server test file again, except those
 * that declare embeddedDatabaseOnly: what it leaves out must be what the files declare, and no
 * file that opens the test database may declare it.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const serverTests = fs
  .readdirSync(path.join(root, 'apps/server'), { recursive: true, encoding: 'utf8' })
  .map((file) => `apps/server/${file.split(path.sep).join('/')}`)
  .filter((file) => file.endsWith('.test.ts') && !file.includes('/node_modules/'));
const text = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

describe('the files the PostgreSQL pass leaves out', () => {
  const leftOut = embeddedOnlyFiles(root);

  it('are the files that declare embeddedDatabaseOnly, each at its top level with a reason', () => {
    // (This file declares it inside a test, below, to see the guard.)
    const declaring = serverTests.filter(
      (f) =>
        !f.endsWith('/database-pass.test.ts') && /embeddedDatabaseOnly\(\s*['"`]/.test(text(f)),
    );
    expect(leftOut).toEqual(declaring.sort());
    // The pass still runs most server test files (the database's own behaviour is in them).
    expect(leftOut.length).toBeLessThan(serverTests.length / 2);
  });

  it('open no test database of their own (no createTestContext, freshDatabase or full route-table context)', () => {
    const opening = leftOut.filter((f) =>
      /\b(createTestContext|freshDatabase|contextWithRouteTable)\(|TEST_DATABASE_URL\s*\|\|/.test(
        text(f),
      ),
    );
    expect(opening).toEqual([]);
  });

  it('fail when they open the test database all the same', async () => {
    embeddedDatabaseOnly('declared here to see the guard');
    await expect(freshDatabase()).rejects.toThrow(/embeddedDatabaseOnly/);
  });
});
