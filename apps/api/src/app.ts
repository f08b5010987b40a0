import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { allModules } from './all-modules';
import type { Database } from './db/client';
import type { Env } from './env';
import type { Clock } from './lib/clock';
import { loggerOptions } from './lib/logger-options';
import { answerClientError } from './lib/raw-error-answer';
import { requestIdOf } from './lib/request-id';
import { RequestLogAtDebug } from './lib/request-log';
import { fastifyTrustProxy } from './lib/trust-proxy';
import { validatorCompiler } from './lib/validator';
import { auditPlugin } from './plugins/audit';
import { authPlugin } from './plugins/auth';
import { backupsPlugin } from './plugins/backups';
import { cleanupPlugin } from './plugins/cleanup';
import { compressionPlugin } from './plugins/compression';
import { dashboardRollupsPlugin } from './plugins/dashboard-rollups';
import { dbPlugin } from './plugins/db';
import { docsPlugin } from './plugins/docs';
import { embeddedMaintenancePlugin } from './plugins/embedded-maintenance';
import { errorsPlugin, sendError } from './plugins/errors';
import { jobsPlugin } from './plugins/jobs';
import { metricsPlugin } from './plugins/metrics';
import { requestIdPlugin } from './plugins/request-id';
import { securityHeadersPlugin } from './plugins/security-headers';
import { staticFilesPlugin } from './plugins/static-files';
import { storagePlugin } from './plugins/storage';
import type { JobSetup } from './pult-module';
import { buildServiceDeps, type ServiceDeps } from './service-deps';
import type { Storage } from './storage/storage';

export interface AppDeps {
  env: Env;
  database: Database;
  clock: Clock;
  /** Services' outside dependencies, built from the env when left out; tests pass a mailer that captures mail. */
  services?: Partial<ServiceDeps>;
  logger?: boolean | object;
  /** Built from STORAGE_DRIVER when left out. */
  storage?: Storage;
  /** The cleanup job's period, batch and rounds per tick (expired and retention-old rows); tests shrink the batch. */
  cleanup?: { everyMs?: number; batch?: number; rounds?: number };
  /** How often the job worker looks for due work. */
  jobsPollMs?: number;
}

/**
 * The plugin tree: shared plugins first, then the /api scope (guard, audit, every module's routes),
 * then the modules' root routes, static files and the SPA fallback. What each module brings is
 * declared in its index.ts and listed in all-modules.ts. server.ts only listens and shuts down.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { env } = deps;
  const app = Fastify({
    logger: deps.logger === false ? false : loggerOptions(env, deps.logger),
    // The per-request lines at debug: the terminal keeps what the start printed (lib/request-log.ts).
    logController: new RequestLogAtDebug(),
    // A valid X-Request-Id from the caller, else a UUID: on every log line, the answer, the audit row.
    genReqId: requestIdOf,
    // X-Forwarded-For counts only from the proxies TRUST_PROXY names; per-IP limits and the audit log key on it.
    trustProxy: fastifyTrustProxy(env.TRUST_PROXY),
    bodyLimit: 1_048_576,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    // Fastify gives each plugin 10 s to start. On a loaded machine (a CI run at load 17) a start that
    // opens the database, its listener and the backup socket passed that, and the app refused to
    // start; a minute still stops a start that truly hangs.
    pluginTimeout: 60_000,
    // What Node's parser refuses before a request exists (headers that never end, malformed HTTP):
    // the one error shape with an X-Request-Id, not Fastify's own body.
    clientErrorHandler: (error, socket) => refuseClientError(error, socket),
  });
  const refuseClientError = answerClientError(app.log);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('env', env);
  app.decorate('clock', deps.clock);
  const jobKinds = allModules.flatMap((module) => module.jobKinds ?? []);
  const undoActions = allModules.flatMap((module) => module.undoable ?? []);
  app.decorate('deps', buildServiceDeps(env, app.log, { jobKinds, undoActions, ...deps.services }));

  await app.register(errorsPlugin);
  await app.register(dbPlugin, { database: deps.database });
  await app.register(requestIdPlugin);
  await app.register(metricsPlugin);
  await app.register(storagePlugin, { storage: deps.storage });
  await app.register(securityHeadersPlugin);
  await app.register(docsPlugin);
  // Before the job worker: at close, a backup in progress is stopped before the worker waits for its job.
  await app.register(backupsPlugin);
  await app.register(jobsPlugin, {
    pollMs: deps.jobsPollMs,
    handlers: (instance) => {
      const setup: JobSetup = {
        db: instance.db,
        clock: instance.clock,
        log: instance.log,
        deps: instance.deps,
        database: instance.database,
        storage: instance.storage,
        env: instance.env,
      };
      const registrations = allModules.flatMap((module) => module.jobs?.(setup) ?? []);
      // The jobs screen names, limits and follows only the kinds declared in `jobKinds`.
      const undeclared = registrations.filter((registration) => !jobKinds.includes(registration.kind));
      if (undeclared.length > 0)
        throw new Error(`job kinds missing from their module's jobKinds: ${undeclared.map((r) => r.kind.name)}`);
      return registrations;
    },
  });
  await app.register(cleanupPlugin, deps.cleanup ?? {});
  // PGlite has no autovacuum: the server does its work (a PostgreSQL server has its own).
  if (deps.database.kind === 'pglite') await app.register(embeddedMaintenancePlugin, {});
  await app.register(dashboardRollupsPlugin);
  await app.register(multipart, { limits: { fileSize: 10 * 1_048_576, files: 1, fields: 20 } });

  await app.register(
    async (api) => {
      await api.register(compressionPlugin);
      await api.register(authPlugin);
      await api.register(auditPlugin);
      for (const module of allModules) for (const routes of module.routes ?? []) await api.register(routes);
      api.setNotFoundHandler((request, reply) =>
        sendError(reply, 404, 'NOT_FOUND', `Route ${request.method} ${request.url.split('?')[0]} not found`),
      );
    },
    { prefix: '/api' },
  );

  for (const module of allModules) for (const routes of module.rootRoutes ?? []) await app.register(routes);
  const filesDir = join(env.dataDir, 'files');
  mkdirSync(filesDir, { recursive: true });
  await app.register(staticFilesPlugin, { filesDir, webDist: env.WEB_DIST });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // Client-side routes (/app/..., /auth/...) all get the SPA's index.html; the SPA draws its own 404.
    // A missing hashed asset is a 404 (the SPA then shows its chunk-error view), never index.html.
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (app.spaAvailable && isRead && !path.startsWith('/files/') && !path.startsWith('/assets/')) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return sendError(reply, 404, 'NOT_FOUND', `Route ${request.method} ${path} not found`);
  });

  return app;
}
