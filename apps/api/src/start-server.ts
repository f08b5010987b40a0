import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ensureFirstAdmin } from './bootstrap/first-admin';
import { openDatabase } from './db/client';
import { describeDatabaseError } from './db/connection-error';
import type { ReleaseFolder } from './db/embedded-folder';
import type { Env } from './env';
import { systemClock } from './lib/clock';
import { installGracefulShutdown } from './lib/graceful-shutdown';
import { limitSlowRequests } from './lib/slow-requests';
import { sealPlainTotpSecrets } from './modules/mfa';
import { PROBE_PATHS } from './modules/operations';

/**
 * The server after its environment is read: opens the database, builds the app, makes sure an admin
 * exists, limits slow requests, installs the shutdown handlers and listens. Loaded by server.ts once the embedded folder's
 * copy is under way.
 */
export async function startServer(
  env: Env,
  pgliteFolder: Promise<ReleaseFolder> | undefined,
  fail: (line: string) => never,
): Promise<void> {
  // Same relative path from src/ (tsx) and from dist/ (the build).
  const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
  const pgliteDir = join(env.dataDir, 'pglite');
  const database = await openDatabase({ url: env.DATABASE_URL, pgliteDir, pgliteFolder }).catch((error: unknown) =>
    fail(describeDatabaseError(error, env.DATABASE_URL)),
  );
  const app = await buildApp({
    env: { ...env, WEB_DIST: env.WEB_DIST ?? defaultWebDist },
    database,
    clock: systemClock,
  }).catch((error: unknown) =>
    // A setting only the app can check (BACKUP_CRON's values) stops the start as env.ts's own do: one line.
    error instanceof Error && error.message.startsWith('Invalid configuration')
      ? fail(error.message)
      : Promise.reject(error),
  );
  const firstAdmin = await ensureFirstAdmin(app.db, env, app.log);
  // TOTP secrets stored in the clear before decision 0044 are sealed with the configured key now.
  const sealed = await sealPlainTotpSecrets(app.db, app.deps.secrets);
  if (sealed > 0) app.log.info({ sealed }, 'TOTP secrets encrypted with the secrets key');
  limitSlowRequests(
    app.server,
    {
      headersMs: env.REQUEST_HEADERS_TIMEOUT * 1000,
      bodyMs: env.REQUEST_BODY_TIMEOUT * 1000,
      bodyBytesPerSecond: env.REQUEST_BODY_MIN_RATE,
    },
    app.log,
  );
  const { shutDown } = installGracefulShutdown(app, { answeredWhileDraining: PROBE_PATHS });

  /**
   * Graceful shutdown (lib/graceful-shutdown.ts): new requests get 503 while the ones in flight finish,
   * then the server stops listening and closes the database. The handler stays installed: a signal
   * sent to the whole process group reaches the server twice (directly, and forwarded by npm), and a
   * second signal must not fall back to the default action of dying mid-request.
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
      shutDown().then(
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
    `\n  Pult is ready: http://${env.HOST}:${port}/  (database: ${database.kind}${database.kind === 'pglite' ? ` in ${pgliteDir}` : ''})\n\n`,
  );
  // Repeated under the last line of the start, where it is seen: the password is printed at this start only.
  if (firstAdmin)
    process.stdout.write(
      `  Sign in as ${firstAdmin.email} with the password ${firstAdmin.password} (printed at this first start only; change it after signing in)\n\n`,
    );
}
