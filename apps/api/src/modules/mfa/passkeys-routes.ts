import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { passkeysService } from './passkeys-service';

/** A staff member's own passkeys (docs/decisions/0041). */
export async function passkeysRoutes(app: FastifyInstance) {
  route(app, api.passkeys.list, (_call, ctx) => passkeysService.list(ctx));
  route(app, api.passkeys.registrationOptions, (_call, ctx) => passkeysService.registrationOptions(ctx));
  route(app, api.passkeys.add, ({ body }, ctx) => passkeysService.add(ctx, body));
  route(app, api.passkeys.rename, ({ params, body }, ctx) => passkeysService.rename(ctx, params.id, body.name));
  route(app, api.passkeys.remove, ({ params, body }, ctx) => passkeysService.remove(ctx, params.id, body.password));
}
