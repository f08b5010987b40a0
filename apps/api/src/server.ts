import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { prepareEmbeddedFolder } from './db/embedded-folder';
import { type Env, loadEnv } from './env';

/** A start-up failure an operator can fix: one clear line on stderr, no stack, a non-zero exit. */
const fail = (line: string): never => {
  process.stderr.write(`${line}\n`);
  process.exit(1);
};

const readEnv = (): Env => {
  try {
    return loadEnv();
  } catch (error) {
    return fail((error as Error).message);
  }
};
const env = readEnv();

if (!env.DATABASE_URL) {
  // PGlite is PostgreSQL compiled to 8.7 MB of WebAssembly. V8 runs it with its baseline compiler and
  // recompiles each function that turns hot with its optimising one, on background threads. A start
  // runs much code a few times (PostgreSQL's boot, the catalog's first loads), and at V8's default
  // budget that recompiling took about 1 s of CPU on the same two cores the start needed. Ten times
  // the budget leaves it to the functions that stay hot under real use. Set before PGlite's module
  // is compiled, which is all V8 needs (docs/decisions/0023).
  setFlagsFromString('--wasm-tiering-budget=18000000');
}

// The embedded folder's first-start copy begins before the rest of the server is loaded: the copy
// runs on a worker thread while this thread compiles the modules (about a second each on a first
// start), which is why this entry imports little and loads start-server.ts dynamically.
const pgliteFolder = env.DATABASE_URL ? undefined : prepareEmbeddedFolder(join(env.dataDir, 'pglite'));
// Its failure (the folder in use by another process) is reported where the database opens.
pgliteFolder?.catch(() => undefined);

const { startServer } = await import('./start-server');
await startServer(env, pgliteFolder, fail);
