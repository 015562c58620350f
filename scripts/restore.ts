import { loadSettings } from '../apps/server/src/settings.ts';
import { restore } from './lib/backup-archive.ts';

/**
 * npm run restore -- <file>: puts a backup made by `npm run backup` back into DATA_DIR. Stop the
 * server first. The current database is kept aside as DATA_DIR/db.before-restore-<time>.
 */
const settings = loadSettings();
const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run restore -- <backup file>');
  process.exit(1);
}
if (settings.DATABASE_URL) {
  console.error(
    'DATABASE_URL is set: restore PostgreSQL with pg_restore (see README, "Backup and restore"):\n' +
      '  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" folio.dump',
  );
  process.exit(1);
}
try {
  const { keptAside, manifest } = await restore(settings.DATA_DIR, file);
  console.log(
    `Restored the backup of ${manifest.createdAt} into ${settings.DATA_DIR}` +
      (keptAside ? `; the previous database is kept in ${keptAside}` : ''),
  );
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
