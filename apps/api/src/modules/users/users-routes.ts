import type { Readable } from 'node:stream';
import { api } from '@pult/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route } from '../../lib/route';
import type { ServiceContext } from '../../lib/service-context';
import { readImageUpload } from '../../storage/read-upload';
import { bulkUsersService } from './bulk-users-service';
import { usersService } from './users-service';

/** A CSV of users as a download named by the day, streamed batch by batch. */
function sendCsv(reply: FastifyReply, ctx: ServiceContext, csv: Readable) {
  const stamp = ctx.clock.now().toISOString().slice(0, 10);
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="users-${stamp}.csv"`)
    .header('cache-control', 'no-store');
  // A stream at the client's pace: the next rows are produced only when the last ones were taken.
  return reply.send(csv);
}

/** Users: each endpoint of the contract mapped to a service call. */
export async function usersRoutes(app: FastifyInstance) {
  route(app, api.users.list, ({ query }, ctx) => usersService.list(ctx, query));
  route(app, api.users.exportData, async ({ query, reply }, ctx) =>
    sendCsv(reply, ctx, await usersService.exportCsv(ctx, query.where)),
  );
  route(app, api.users.exportSelected, async ({ body, reply }, ctx) =>
    sendCsv(reply, ctx, await usersService.exportSelectedCsv(ctx, body.ids)),
  );
  route(app, api.users.bulk, ({ body }, ctx) => bulkUsersService.run(ctx, body));
  route(app, api.users.get, ({ params }, ctx) => usersService.get(ctx, params.id));
  route(app, api.users.create, ({ body }, ctx) => usersService.create(ctx, body));
  route(app, api.users.update, ({ params, body }, ctx) => usersService.update(ctx, params.id, body));
  route(app, api.users.manage, ({ params }, ctx) => usersService.manage(ctx, params.id, params.action));
  route(app, api.users.uploadAvatar, async ({ params, request }, ctx) => {
    const avatar = await readImageUpload(request, 'avatar', 'avatars', 'avatar');
    return usersService.replaceAvatar(ctx, params.id, avatar);
  });
}
