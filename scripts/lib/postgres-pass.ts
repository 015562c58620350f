import fs from 'node:fs';
import path from 'node:path';

/** The marker a server test file puts at its top level to stay out of the PostgreSQL pass. */
export const embeddedOnlyMarker = /^embeddedDatabaseOnly\(/m;

/**
 * The server test files (repository-relative, `/`-separated, sorted) that the PostgreSQL pass
 * leaves out: those that declare `embeddedDatabaseOnly(reason)` at their top level
 * (apps/server/test/database-pass.ts). Every other server test file runs in both passes.
 */
export function embeddedOnlyFiles(root = path.resolve(import.meta.dirname, '../..')): string[] {
  const server = path.join(root, 'apps/server');
  return fs
    .readdirSync(server, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file.endsWith('.test.ts') && !file.split('/').includes('node_modules'))
    .filter((file) => embeddedOnlyMarker.test(fs.readFileSync(path.join(server, file), 'utf8')))
    .map((file) => `apps/server/${file}`)
    .sort();
}
