import { Readable } from 'node:stream';
import {
  createUserBody,
  exportUsersQuery,
  idParam,
  manageUserParams,
  updateUserBody,
  user,
  usersPage,
  usersQuery,
} from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses';
import { notFound } from '../../lib/http-errors';
import { principalOf } from '../../plugins/auth';
import { exportUsersCsv } from './export-csv';
import { findUser, listUsers, userWithRegister } from './users-repository';
import { createUser, manageUser, updateUser } from './users-service';

/** Users (seed §7, product.md §3–§4): staff read; only admins create, edit, manage and export. */
export async function usersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/users',
    { schema: { tags: ['users'], querystring: usersQuery, response: { 200: usersPage, ...errorResponses } } },
    async (request) => {
      const { take, page, where, sort } = request.query;
      const result = await listUsers(app.db, app.clock.now(), { take, page, where: where ?? {}, sort });
      return { items: result.items, count: result.count, countIsEstimate: result.isEstimate };
    },
  );

  app.get(
    '/users/export-data',
    {
      config: { auth: ['admin'] },
      // No response schema: the body is a CSV stream, sent as it is produced.
      schema: { tags: ['users'], querystring: exportUsersQuery },
    },
    async (request, reply) => {
      const where = request.query.where ?? {};
      // Personal data leaving the system: recorded before the first byte goes out.
      await request.audit({ action: 'export', entity: 'user', after: { where } });
      const stamp = app.clock.now().toISOString().slice(0, 10);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="users-${stamp}.csv"`)
        .header('cache-control', 'no-store');
      // highWaterMark 1: produce the next batch only when the client has taken the last one.
      return reply.send(Readable.from(exportUsersCsv(app.db, where, app.clock.now()), { highWaterMark: 1 }));
    },
  );

  app.get(
    '/users/:id',
    { schema: { tags: ['users'], params: idParam, response: { 200: user, ...errorResponses } } },
    async (request) => {
      const item = await findUser(app.db, request.params.id, app.clock.now());
      if (!item) throw notFound('User not found');
      return item;
    },
  );

  app.post(
    '/users',
    {
      config: { auth: ['admin'] },
      schema: { tags: ['users'], body: createUserBody, response: { 200: user, ...errorResponses } },
    },
    async (request) => {
      const row = await createUser(app.db, request, request.body);
      return userWithRegister(app.db, row, app.clock.now());
    },
  );

  app.post(
    '/users/:id',
    {
      config: { auth: ['admin'] },
      schema: { tags: ['users'], params: idParam, body: updateUserBody, response: { 200: user, ...errorResponses } },
    },
    async (request) => {
      const row = await updateUser(app.db, request, request.params.id, request.body, principalOf(request).userId);
      return userWithRegister(app.db, row, app.clock.now());
    },
  );

  app.get(
    '/users/:id/manage/:action',
    {
      config: { auth: ['admin'] },
      schema: { tags: ['users'], params: manageUserParams, response: { 200: user, ...errorResponses } },
    },
    async (request) => {
      const { id, action } = request.params;
      const row = await manageUser(app.db, request, id, action, principalOf(request).userId);
      return userWithRegister(app.db, row, app.clock.now());
    },
  );
}
