import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import JSZip from 'jszip';

/**
 * Backup and restore of the embedded database (PGlite in DATA_DIR/db) together with the files
 * it holds (uploaded files and the session key are in the database too). One zip file:
 *   manifest.json, db.tar.gz (PGlite's dumpDataDir, which holds the generated session key too),
 *   uploads/*.
 * The server must be stopped: PGlite is used by one process at a time (the lock file says who).
 */

export class ServerRunningError extends Error {
  constructor(dataDir: string, pid: number) {
    super(`The Folio server (pid ${pid}) is using ${dataDir}. Stop it first, then run this again.`);
    this.name = 'ServerRunningError';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the data folder's lock (the one the server takes), or says who holds it. */
function lock(dataDir: string): () => void {
  const file = path.join(dataDir, 'folio.lock');
  fs.mkdirSync(dataDir, { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(file, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
        throw new ServerRunningError(dataDir, pid);
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${file}`);
}

export interface Manifest {
  format: 'folio-backup-1';
  createdAt: string;
  uploads: number;
  databaseBytes: number;
}

export async function backup(dataDir: string, outFile: string): Promise<Manifest> {
  const dbDir = path.join(dataDir, 'db');
  if (!fs.existsSync(dbDir)) throw new Error(`No embedded database in ${dbDir}`);
  const release = lock(dataDir);
  try {
    const pg = new PGlite(dbDir);
    await pg.waitReady;
    let tarball: Blob;
    let uploads: number;
    try {
      const { rows } = await pg.query<{ n: number }>('select count(*)::int as n from blobs');
      uploads = rows[0]?.n ?? 0;
      tarball = await pg.dumpDataDir('gzip');
    } finally {
      await pg.close();
    }
    const zip = new JSZip();
    const dbBytes = Buffer.from(await tarball.arrayBuffer());
    zip.file('db.tar.gz', dbBytes);
    const manifest: Manifest = {
      format: 'folio-backup-1',
      createdAt: new Date().toISOString(),
      uploads,
      databaseBytes: dbBytes.length,
    };
    zip.file('manifest.json', `${JSON.stringify(manifest, null, 2)}\n`);
    const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'STORE' });
    fs.mkdirSync(path.dirname(path.resolve(outFile)), { recursive: true });
    const tmp = `${outFile}.partial`;
    fs.writeFileSync(tmp, bytes);
    fs.renameSync(tmp, outFile);
    return manifest;
  } finally {
    release();
  }
}

/**
 * Replaces the data folder's database (with its uploads and session key) with the backup's. The current
 * database is kept aside as db.before-restore-<time> (nothing is deleted).
 */
export async function restore(
  dataDir: string,
  file: string,
): Promise<{ keptAside: string | null; manifest: Manifest }> {
  const zip = await JSZip.loadAsync(fs.readFileSync(file));
  const manifestFile = zip.file('manifest.json');
  const dbFile = zip.file('db.tar.gz');
  if (!manifestFile || !dbFile) throw new Error(`${file} is not a Folio backup`);
  const manifest = JSON.parse(await manifestFile.async('string')) as Manifest;
  if (manifest.format !== 'folio-backup-1') throw new Error(`Unknown backup format in ${file}`);
  const release = lock(dataDir);
  try {
    const dbDir = path.join(dataDir, 'db');
    const restoring = `${dbDir}.restoring`;
    fs.rmSync(restoring, { recursive: true, force: true });
    const tarball = new Blob([await dbFile.async('arraybuffer')]);
    const pg = new PGlite(restoring, { loadDataDir: tarball });
    await pg.waitReady;
    await pg.query('select 1');
    await pg.close();
    let keptAside: string | null = null;
    if (fs.existsSync(dbDir)) {
      keptAside = `${dbDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      fs.renameSync(dbDir, keptAside);
    }
    fs.renameSync(restoring, dbDir);
    // Backups made when uploads were files: put them back where the server imports them from.
    const uploadsDir = path.join(dataDir, 'uploads');
    for (const entry of Object.values(zip.files)) {
      if (entry.dir || !entry.name.startsWith('uploads/')) continue;
      const name = path.basename(entry.name);
      fs.mkdirSync(uploadsDir, { recursive: true });
      fs.writeFileSync(path.join(uploadsDir, name), await entry.async('nodebuffer'));
    }
    return { keptAside, manifest };
  } finally {
    release();
  }
}
