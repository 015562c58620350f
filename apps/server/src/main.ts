import cluster from 'node:cluster';
import { loadSettings, SettingsError, type Settings } from './settings.ts';

function readSettings(): Settings {
  try {
    return loadSettings();
  } catch (err) {
    if (err instanceof SettingsError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

/**
 * WORKERS=N: this process only supervises N server processes sharing the port (node:cluster);
 * a worker that dies is replaced, with a growing pause if it keeps dying at start-up, and the
 * supervisor itself never exits until it is told to stop (SIGTERM/SIGINT). All state
 * lives in PostgreSQL, so any worker can answer any request.
 */
function supervise(workers: number) {
  const startedAt = new Map<number, number>();
  let quickDeaths = 0;
  let stopping = false;
  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
  };
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    quickDeaths = lived < 5_000 ? quickDeaths + 1 : 0;
    const pause = Math.min(30_000, 250 * 2 ** quickDeaths);
    console.error(
      `worker ${worker.process.pid} exited (${signal ?? code}); restarting in ${pause} ms`,
    );
    // Not unref'd: while every worker is down, this timer is what keeps the supervisor alive.
    setTimeout(() => {
      if (!stopping) fork();
    }, pause);
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    const force = setTimeout(() => process.exit(1), 12_000);
    force.unref();
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
  };
  // A forked worker serves nothing until it listens: say when it does, so an operator (and the
  // supervisor's tests) can tell "started" from "answering".
  cluster.on('listening', (worker) => console.error(`worker ${worker.process.pid} is listening`));
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  for (let i = 0; i < workers; i++) fork();
}

async function main() {
  const settings = readSettings();
  if (cluster.isPrimary && settings.WORKERS > 1) {
    if (!settings.DATABASE_URL) {
      console.warn(
        `WORKERS=${settings.WORKERS} ignored: the embedded database (PGlite) serves one process. ` +
          'Set DATABASE_URL to a PostgreSQL database to run several.',
      );
    } else {
      supervise(settings.WORKERS);
      return;
    }
  }
  await serve(settings);
}

/**
 * One server process. The app is imported here, not at the top: a WORKERS supervisor never
 * serves, and would otherwise hold the whole app (and the database drivers) in its memory.
 */
async function serve(settings: Settings) {
  const [{ openDatabase }, { buildApp }] = await Promise.all([
    import('./db/client.ts'),
    import('./app.ts'),
  ]);
  const database = await openDatabase({
    databaseUrl: settings.DATABASE_URL,
    dataDir: settings.DATA_DIR,
  });
  const app = await buildApp(settings, database);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: settings.PORT, host: settings.HOST });
  const refunded = await app.resumes.recoverInterrupted();
  if (refunded) app.log.warn(`refunded ${refunded} parse(s) cut off by an earlier crash`);
  app.log.info(
    `${settings.APP_NAME} is running at ${settings.APP_URL} (database: ${database.kind}, data: ${settings.DATA_DIR})`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
