// Compiles the API server to JavaScript, so production runs `node apps/api/dist/server.js` (no
// TypeScript loader between the signal and the server). The pure-JavaScript packages and the workspace
// contract are bundled in: left external, a start resolved and read 1,182 files of node_modules
// (docs/decisions/0023). The packages of `keptExternal` below still load from node_modules.
// server.js is a small entry that starts the embedded folder's copy and then imports the rest, split
// into chunks beside it (src/server.ts says why); every chunk sits in dist/ itself, so paths made from
// `import.meta.url` (migrations, the empty database, the web build) are the same in each.
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const apiDir = fileURLToPath(new URL('..', import.meta.url));
// `node scripts/build.mjs [folder] [--no-embedded-snapshot]`: the tests build a copy of their own, so
// `npm start` in another test (which builds apps/api/dist) never replaces files under a server they are
// running. The folder must lie inside the repository: the packages left external resolve from its
// node_modules. Tests whose server never starts on an empty embedded folder skip the snapshot (6 of
// the build's 8 s).
const args = process.argv.slice(2);
const dist = resolve(args.find((arg) => !arg.startsWith('--')) ?? `${apiDir}dist`);
const withSnapshot = !args.includes('--no-embedded-snapshot');

/**
 * Packages the server imports that stay in node_modules and load from there at run time: native code,
 * WebAssembly, or files read next to their own sources (`__dirname`, `import.meta.url`: swagger-ui's
 * page, pino's transport workers), which a bundle would move. `pg-native` is pg's optional driver,
 * not installed. (satori runs in the share-card worker, a file of its own beside the bundle.)
 */
const keptExternal = [
  '@electric-sql/pglite',
  '@node-rs/argon2',
  'sharp',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'pino',
  'pg-native',
];
const packageName = (path) =>
  path
    .split('/')
    .slice(0, path.startsWith('@') ? 2 : 1)
    .join('/');
const keepExternal = {
  name: 'keep-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      keptExternal.includes(packageName(args.path)) ? { external: true } : undefined,
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
  // `npm start` maps stack traces (--enable-source-maps), which needs the mappings, not the 4.5 MB of
  // bundled sources: Node parses the whole map at start.
  sourcesContent: false,
  logLevel: 'warning',
  plugins: [keepExternal],
  // Bundled CommonJS packages call require() for Node's own modules; an ES module has none of its own.
  banner: {
    js: "import { createRequire as __pultCreateRequire } from 'node:module'; const require = __pultCreateRequire(import.meta.url);",
  },
});
// The migrator reads SQL files next to the running module (db/client.ts: `migrationsFolder`).
cpSync(`${apiDir}src/db/migrations`, `${dist}/migrations`, { recursive: true });
// A migrated empty embedded database, loaded by a first start on an empty DATA_DIR (db/client.ts).
if (withSnapshot) {
  execFileSync(
    process.execPath,
    [`${apiDir}scripts/pglite-snapshot.mjs`, `${dist}/migrations`, `${dist}/pglite-empty`],
    {
      stdio: 'inherit',
    },
  );
}
// The share-card worker is started by URL next to the running module (share-card/render-pool.ts).
cpSync(`${apiDir}src/modules/notes/share-card/render-worker.mjs`, `${dist}/render-worker.mjs`);
console.log(`API built: ${relative(process.cwd(), dist)}/server.js`);
