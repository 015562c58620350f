// The server compiled ahead of time: `npm start` runs it with plain node (tsx stays for
// development and tests). One bundle per entry point in apps/server/dist/: the server, and each
// worker beside it as `<name>.mjs` (where workerEntry in packages/core/src/runtime.ts finds them).
// The workspace's own packages are bundled in; every other package stays an import of
// node_modules (native addons, WASM and data files load from there as they always do).
import { build } from 'esbuild';

const entryPoints = {
  main: 'apps/server/src/main.ts',
  'render-worker.node': 'apps/server/src/shared/render-worker.node.ts',
  'parse-broker.node': 'packages/parser/src/parse-broker.node.ts',
  'worker-entry.node': 'packages/parser/src/worker-entry.node.ts',
};

/** Bare imports other than the workspace's stay imports of node_modules. */
const dependenciesStayExternal = {
  name: 'dependencies-stay-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@folio/') ? undefined : { path: args.path, external: true },
    );
  },
};

const started = performance.now();
await build({
  entryPoints,
  outdir: 'apps/server/dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  plugins: [dependenciesStayExternal],
  logLevel: 'warning',
});
process.stdout.write(
  `server built into apps/server/dist in ${Math.round(performance.now() - started)} ms\n`,
);
