import path from 'node:path';
import { loadSettings } from '../apps/server/src/settings.ts';
import { backup } from './lib/backup-archive.ts';

/**
 * npm run backup [-- <file>]: the embedded database of DATA_DIR (uploads and session key included) as one
 * zip (default backups/folio-<time>.zip). Stop the server first. With DATABASE_URL, use pg_dump
 * (docs/operations: "Backup and restore").
 */
const settings = loadSettings();
if (settings.DATABASE_URL) {
  console.error(
    'DATABASE_URL is set: back up PostgreSQL with pg_dump (see README, "Backup and restore"):\n' +
      '  pg_dump --format=custom --file=folio.dump "$DATABASE_URL"',
  );
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const out = path.resolve(process.argv[2] ?? path.join('backups', `folio-${stamp}.zip`));
try {
  const manifest = await backup(settings.DATA_DIR, out);
  console.log(
    `Backed up ${settings.DATA_DIR} to ${out} (${manifest.uploads} uploads, database ${Math.round(manifest.databaseBytes / 1024)} KiB)`,
  );
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
