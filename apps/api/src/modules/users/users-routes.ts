import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { readImageUpload } from '../../storage/read-upload';
import { usersService } from './users-service';

/** Users: each endpoint of the contract mapped to a service call. */
export async function usersRoutes(app: FastifyInstance) {
  route(app, api.users.list, ({ query }, ctx) => usersService.list(ctx, query));
  route(app, api.users.exportData, async ({ query, reply }, ctx) => {
    const csv = await usersService.exportCsv(ctx, query.where);
    const stamp = ctx.clock.now().toISOString().slice(0, 10);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="users-${stamp}.csv"`)
      .header('cache-control', 'no-store');
    // A stream at the client's pace: the next rows are produced only when the last ones were taken.
    return reply.send(csv);
  });
  route(app, api.users.get, ({ params }, ctx) => usersService.get(ctx, params.id));
  route(app, api.users.create, ({ body }, ctx) => usersService.create(ctx, body));
  route(app, api.users.update, ({ params, body }, ctx) => usersService.update(ctx, params.id, body));
  route(app, api.users.manage, ({ params }, ctx) => usersService.manage(ctx, params.id, params.action));
  route(app, api.users.uploadAvatar, async ({ params, request }, ctx) => {
    const avatar = await readImageUpload(request, 'avatar', 'avatars', 'avatar');
    return usersService.replaceAvatar(ctx, params.id, avatar);
  });
}
