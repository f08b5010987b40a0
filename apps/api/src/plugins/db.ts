import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    /** The opened database itself: its kind and its notification channels (`listen`). */
    database: Database;
  }
}

/** Shares the opened database with every route and closes it last, after in-flight requests finish. */
export const dbPlugin = fp(
  async (app: FastifyInstance, opts: { database: Database }) => {
    app.decorate('db', opts.database.db);
    app.decorate('database', opts.database);
    app.addHook('onClose', async () => {
      await opts.database.close();
    });
  },
  { name: 'db' },
);
