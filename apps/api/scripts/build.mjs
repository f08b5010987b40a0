// Compiles the API server to JavaScript, so production runs `node apps/api/dist/server.js` (no
// TypeScript loader between the signal and the server). Packages stay external and resolve from
// node_modules at run time; the workspace contract exports TypeScript sources, so it is bundled in.
// server.js is a small entry that starts the embedded folder's copy and then imports the rest, split
// into chunks beside it (src/server.ts says why); every chunk sits in dist/ itself, so paths made from
// `import.meta.url` (migrations, the empty database, the web build) are the same in each.
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const apiDir = fileURLToPath(new URL('..', import.meta.url));
const dist = `${apiDir}dist`;

/** Every bare import is external except our own workspace packages. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@pult/') ? undefined : { external: true },
    );
  },
};

rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: [`${apiDir}src/server.ts`],
  outdir: dist,
  entryNames: '[name]',
  chunkNames: 'server-[name]-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [externalPackages],
});
// The migrator reads SQL files next to the running module (db/client.ts: `migrationsFolder`).
cpSync(`${apiDir}src/db/migrations`, `${dist}/migrations`, { recursive: true });
// A migrated empty embedded database, loaded by a first start on an empty DATA_DIR (db/client.ts).
execFileSync(process.execPath, [`${apiDir}scripts/pglite-snapshot.mjs`, `${dist}/migrations`, `${dist}/pglite-empty`], {
  stdio: 'inherit',
});
// The share-card worker is started by URL next to the running module (share-card/render-pool.ts).
cpSync(`${apiDir}src/modules/notes/share-card/render-worker.mjs`, `${dist}/render-worker.mjs`);
console.log('API built: apps/api/dist/server.js');
