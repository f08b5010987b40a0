import { api, type Locale, userFilterOf } from '@pult/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { route } from '../../lib/route';
import { readImageUpload } from '../../storage/read-upload';
import { historyRoutes } from '../revisions';
import { bulkUsersService } from './bulk-users-service';
import { exportLanguage } from './export-csv-texts';
import { userHistory } from './user-history';
import { type UsersCsv, usersService } from './users-service';

/** A CSV of users as a download, streamed batch by batch. */
function sendCsv(reply: FastifyReply, { csv, fileName }: UsersCsv) {
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store');
  // A stream at the client's pace: the next rows are produced only when the last ones were taken.
  return reply.send(csv);
}

/** The file's language: the SPA's `lang`, else the browser's Accept-Language. */
const languageOf = (lang: Locale | undefined, request: FastifyRequest) =>
  exportLanguage(lang, request.headers['accept-language']);

/** Users: each endpoint of the contract mapped to a service call. */
export async function usersRoutes(app: FastifyInstance) {
  // The page's JSON comes written by PostgreSQL; a string is sent as it is, past the route's serializer.
  route(app, api.users.list, async ({ query, reply }, ctx) =>
    reply.type('application/json; charset=utf-8').send(await usersService.listJson(ctx, query)),
  );
  route(app, api.users.exportData, async ({ query, request, reply }, ctx) =>
    sendCsv(reply, await usersService.exportCsv(ctx, userFilterOf(query), languageOf(query.lang, request))),
  );
  route(app, api.users.exportSelected, async ({ query, body, request, reply }, ctx) =>
    sendCsv(reply, await usersService.exportSelectedCsv(ctx, body.ids, languageOf(query.lang, request))),
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
  historyRoutes(app, api.users, userHistory);
}
