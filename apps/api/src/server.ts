import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ensureFirstAdmin } from './bootstrap/first-admin';
import { openDatabase } from './db/client';
import { describeDatabaseError } from './db/connection-error';
import { type Env, loadEnv } from './env';
import { systemClock } from './lib/clock';

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
// Same relative path from src/server.ts (tsx) and from dist/server.js (the build).
const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
const database = await openDatabase({ url: env.DATABASE_URL, pgliteDir: join(env.dataDir, 'pglite') }).catch(
  (error: unknown) => fail(describeDatabaseError(error, env.DATABASE_URL)),
);
const app = await buildApp({ env: { ...env, WEB_DIST: env.WEB_DIST ?? defaultWebDist }, database, clock: systemClock });
await ensureFirstAdmin(app.db, env, app.log);

/**
 * Graceful shutdown: stop accepting, let in-flight requests finish (new ones on open connections
 * get 503), then close the database in the db plugin's onClose hook. The handler stays installed:
 * a signal sent to the whole process group reaches the server twice (directly, and forwarded by
 * npm), and a second signal must not fall back to the default action of dying mid-request.
 */
let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took over 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    app.close().then(
      () => {
        app.log.info('closed cleanly');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'error while closing');
        process.exit(1);
      },
    );
  });
}

await app.listen({ port: env.PORT, host: env.HOST });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : env.PORT;
process.stdout.write(
  `\n  Pult is ready: http://${env.HOST}:${port}/  (database: ${database.kind}${database.kind === 'pglite' ? ` in ${join(env.dataDir, 'pglite')}` : ''})\n\n`,
);
