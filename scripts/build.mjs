// `npm run build` (and the first step of `npm start`): the SPA (Vite) and the API server (esbuild).
// Each half is built only when what it is made from changed since its last build: a hash of its
// source folders, the lockfile and the build scripts is stored beside the build (`.build-inputs`),
// so a restart with nothing edited starts the server at once instead of rebuilding for half a minute.
// `--force` builds anyway. PULT_SKIP_WEB_BUILD=1 skips the SPA, for tests that start the server
// exactly as `npm start` does but need no pages.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const force = process.argv.includes('--force');
const npm = (...args) => execFileSync('npm', args, { cwd: root, stdio: 'inherit' });

/** Files under `path` (a file or a folder), skipping installed packages, builds and dot-folders. */
function filesUnder(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .filter(
      (entry) =>
        !(
          entry.isDirectory() &&
          (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.'))
        ),
    )
    .flatMap((entry) => filesUnder(join(path, entry.name)));
}

/** One hash of every input's path and content, and of the Node version that will build and run it. */
function inputsHash(inputs) {
  const hash = createHash('sha256').update(process.version);
  for (const file of inputs.flatMap((input) => filesUnder(join(root, input))).sort()) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/** Everything both halves are built from besides their own folders. */
const shared = ['package.json', 'package-lock.json', 'tsconfig.base.json', 'packages/contract', 'scripts/build.mjs'];

const halves = [
  {
    name: 'SPA',
    workspace: '@pult/web',
    dist: 'apps/web/dist',
    inputs: ['apps/web', ...shared],
    skip: process.env.PULT_SKIP_WEB_BUILD === '1',
  },
  {
    name: 'API',
    workspace: '@pult/api',
    dist: 'apps/api/dist',
    // Not its tests: they are not part of the build.
    inputs: ['apps/api/src', 'apps/api/scripts', 'apps/api/package.json', 'apps/api/tsconfig.json', ...shared],
    skip: false,
  },
];

for (const half of halves) {
  if (half.skip) continue;
  const stamp = join(root, half.dist, '.build-inputs');
  const hash = inputsHash(half.inputs);
  if (!force && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) {
    console.log(`${half.name} build is up to date (${half.dist}; nothing it is built from changed; --force rebuilds)`);
    continue;
  }
  npm('run', 'build', '-w', half.workspace);
  // Written last: a build that failed or was interrupted leaves no stamp and is redone next time.
  writeFileSync(stamp, hash);
}
