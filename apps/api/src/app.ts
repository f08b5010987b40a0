import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Database } from './db/client';
import type { Env } from './env';
import type { Clock } from './lib/clock';
import { loggerOptions } from './lib/logger-options';
import { RequestLogAtDebug } from './lib/request-log';
import { fastifyTrustProxy } from './lib/trust-proxy';
import { validatorCompiler } from './lib/validator';
import { agreementsRoutes } from './modules/agreements';
import { auditRoutes } from './modules/audit';
import { authRoutes, logMailer, type Mailer, smtpMailer } from './modules/auth';
import { clientRoutes } from './modules/client';
import { configRoutes } from './modules/config';
import { dashboardRoutes } from './modules/dashboard';
import { jobsRoutes } from './modules/jobs';
import { listViewsRoutes } from './modules/list-views';
import { notesRoutes } from './modules/notes';
import { personalDataRoutes } from './modules/personal-data';
import { plansRoutes } from './modules/plans';
import { profileRoutes } from './modules/profile';
import { landingPageRoutes, promoCodesRoutes } from './modules/promo-codes';
import {
  type DispatcherOptions,
  PUSH_DISPATCH_JOB,
  type PushProvider,
  providerFromEnv,
  pushDispatchHandler,
  remindersRoutes,
} from './modules/push';
import { settingsRoutes } from './modules/settings';
import { subscriptionsRoutes } from './modules/subscriptions';
import { telegramChannelsRoutes } from './modules/telegram-channels';
import { transactionsRoutes } from './modules/transactions';
import { usersRoutes } from './modules/users';
import { auditPlugin } from './plugins/audit';
import { authPlugin } from './plugins/auth';
import { cleanupPlugin } from './plugins/cleanup';
import { compressionPlugin } from './plugins/compression';
import { dashboardRollupsPlugin } from './plugins/dashboard-rollups';
import { dbPlugin } from './plugins/db';
import { docsPlugin } from './plugins/docs';
import { embeddedMaintenancePlugin } from './plugins/embedded-maintenance';
import { errorsPlugin, sendError } from './plugins/errors';
import { jobsPlugin } from './plugins/jobs';
import { securityHeadersPlugin } from './plugins/security-headers';
import { staticFilesPlugin } from './plugins/static-files';
import { storagePlugin } from './plugins/storage';
import type { Storage } from './storage/storage';

export interface AppDeps {
  env: Env;
  database: Database;
  clock: Clock;
  /** Built from the env when left out; tests pass one that captures mail. */
  mailer?: Mailer;
  logger?: boolean | object;
  /** Built from STORAGE_DRIVER when left out. */
  storage?: Storage;
  /** The expired-rows job's period and batch; tests shrink the batch. */
  cleanup?: { everyMs?: number; batch?: number };
  /** Built from PUSH_PROVIDER when left out; tests pass fakes, a smaller batch, a crash hook. */
  push?: { provider?: PushProvider } & Pick<DispatcherOptions, 'batchSize' | 'afterSend'>;
  /** How often the job worker looks for due work. */
  jobsPollMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    pushProvider: PushProvider;
  }
}

/**
 * The plugin tree: shared plugins first, then the /api scope (guard, audit, feature routes),
 * then static files and the SPA fallback. server.ts only listens and shuts down.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { env } = deps;
  const app = Fastify({
    logger: deps.logger === false ? false : loggerOptions(env, deps.logger),
    // The per-request lines at debug: the terminal keeps what the start printed (lib/request-log.ts).
    logController: new RequestLogAtDebug(),
    // X-Forwarded-For counts only from the proxies TRUST_PROXY names; per-IP limits and the audit log key on it.
    trustProxy: fastifyTrustProxy(env.TRUST_PROXY),
    bodyLimit: 1_048_576,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('env', env);
  app.decorate('clock', deps.clock);
  app.decorate(
    'mailer',
    deps.mailer ??
      (env.SMTP_URL
        ? smtpMailer(env.SMTP_URL, `Pult <no-reply@${new URL(env.publicUrl).hostname}>`)
        : logMailer(app.log)),
  );

  await app.register(errorsPlugin);
  await app.register(dbPlugin, { database: deps.database });
  await app.register(storagePlugin, { storage: deps.storage });
  await app.register(securityHeadersPlugin);
  await app.register(docsPlugin);
  app.decorate('pushProvider', deps.push?.provider ?? providerFromEnv(env, app.log));
  await app.register(jobsPlugin, {
    pollMs: deps.jobsPollMs,
    handlers: (instance) => [
      {
        kind: PUSH_DISPATCH_JOB,
        handler: pushDispatchHandler({
          db: instance.db,
          clock: instance.clock,
          log: instance.log,
          provider: instance.pushProvider,
          batchSize: deps.push?.batchSize,
          afterSend: deps.push?.afterSend,
        }),
      },
    ],
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
      await api.register(authRoutes);
      await api.register(auditRoutes);
      await api.register(configRoutes);
      await api.register(usersRoutes);
      await api.register(plansRoutes);
      await api.register(subscriptionsRoutes);
      await api.register(transactionsRoutes);
      await api.register(promoCodesRoutes);
      await api.register(notesRoutes);
      await api.register(remindersRoutes);
      await api.register(clientRoutes);
      await api.register(agreementsRoutes);
      await api.register(settingsRoutes);
      await api.register(personalDataRoutes);
      await api.register(profileRoutes);
      await api.register(telegramChannelsRoutes);
      await api.register(dashboardRoutes);
      await api.register(listViewsRoutes);
      await api.register(jobsRoutes);
      api.setNotFoundHandler((request, reply) =>
        sendError(reply, 404, 'NOT_FOUND', `Route ${request.method} ${request.url.split('?')[0]} not found`),
      );
    },
    { prefix: '/api' },
  );

  await app.register(landingPageRoutes);
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
