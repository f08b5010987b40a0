import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Metrics } from '../lib/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's Prometheus registry and series (lib/metrics.ts); the same object as `deps.metrics`. */
    metrics: Metrics;
  }
}

/** The label of an answer no route matched (the SPA's fallback, a 404): never the raw URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Shares the app's metrics as `app.metrics`. With METRICS_TOKEN set (GET /metrics answers), every
 * answer is timed by its route's pattern (`/api/users/:id`), so the series stay as many as the routes
 * however many ids are asked for; on PostgreSQL the pool's connections are read at each scrape.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const metrics = app.deps.metrics;
    app.decorate('metrics', metrics);
    if (app.env.METRICS_TOKEN === undefined) return;

    app.addHook('onResponse', async (request, reply) => {
      metrics.httpDuration.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? UNMATCHED_ROUTE,
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    });

    const pool = app.database.pool;
    if (pool) {
      const poolGauge = (name: string, help: string, read: () => number) =>
        metrics.gauge({ name: `pult_db_pool_${name}`, help, read });
      poolGauge('connections', 'Connections the PostgreSQL pool holds, busy or idle', () => pool.totalCount);
      poolGauge('idle', 'Connections in the pool waiting for a query', () => pool.idleCount);
      poolGauge('waiting', 'Queries waiting for a free connection', () => pool.waitingCount);
      poolGauge('max', 'The most connections the pool opens', () => pool.options.max ?? 10);
    }
  },
  { name: 'metrics', dependencies: ['db'] },
);
