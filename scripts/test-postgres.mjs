// Runs the server's integration tests a second time against PostgreSQL when one answers,
// so both databases are proven on every run. TEST_DATABASE_URL overrides the default address.
// Every server test file runs again except those that declare `embeddedDatabaseOnly(reason)`
// (apps/server/test/database-pass.ts): their tests do not depend on TEST_DATABASE_URL, so a
// second run would repeat the first unchanged.
import { spawnSync } from 'node:child_process';
import net from 'node:net';
import { embeddedOnlyFiles } from './lib/postgres-pass.ts';

const url = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const { hostname, port } = new URL(url);

const answers = await new Promise((resolve) => {
  const socket = net.connect({ host: hostname, port: Number(port || 5432) });
  socket.setTimeout(1500);
  socket.once('connect', () => (socket.destroy(), resolve(true)));
  socket.once('timeout', () => (socket.destroy(), resolve(false)));
  socket.once('error', () => resolve(false));
});

if (!answers) {
  console.log(
    `PostgreSQL does not answer at ${hostname}:${port || 5432}: integration tests ran on PGlite only.`,
  );
  process.exit(0);
}

const leftOut = embeddedOnlyFiles();
console.log(
  `Integration tests again, on PostgreSQL at ${hostname}:${port || 5432} ` +
    `(${leftOut.length} files that declare embeddedDatabaseOnly left out)`,
);
const run = spawnSync(
  'vitest',
  ['run', 'apps/server', ...leftOut.flatMap((f) => ['--exclude', f])],
  {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: url },
  },
);
process.exit(run.status ?? 1);
