import { errorResponse, paged, pageQuery, user } from '@pult/contract';
import { count, desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { users } from '../../db/schema';
import { toUser } from './user-row';

/** The users list (seed §7). Filters, sorting and the count strategy arrive with the users issue. */
export async function usersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/users',
    {
      schema: {
        tags: ['users'],
        querystring: pageQuery,
        response: { 200: paged(user), 400: errorResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const { take, page } = request.query;
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(users)
          .orderBy(desc(users.createdAt), desc(users.id))
          .limit(take)
          .offset((page - 1) * take),
        app.db.select({ value: count() }).from(users),
      ]);
      return { items: rows.map(toUser), count: total?.value ?? 0 };
    },
  );
}
