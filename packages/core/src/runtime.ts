/**
 * Where a worker's entry module is, and the Node flags it needs. In development and tests the
 * server runs its TypeScript sources through tsx, and its workers do too. `npm start` runs the
 * server compiled ahead of time (`scripts/build-server.mjs`): one bundle per entry, each worker's
 * beside the server's as `<name>.mjs`, run by plain node. Which of the two is running is told by
 * this module's own address: a `.ts` source, or a compiled bundle it was built into.
 */
export function workerEntry(source: URL): { url: URL; execArgv: string[] } {
  if (import.meta.url.endsWith('.ts')) return { url: source, execArgv: ['--import', 'tsx'] };
  return { url: new URL(source.href.replace(/\.ts$/, '.mjs')), execArgv: [] };
}
