import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { stepUpService } from './step-up-service';

/** A fresh proof for the caller's session (docs/decisions/0044). */
export async function stepUpRoutes(app: FastifyInstance) {
  route(app, api.stepUp.confirm, ({ body }, ctx) => stepUpService.confirm(ctx, body));
  route(app, api.stepUp.passkeyOptions, (_call, ctx) => stepUpService.passkeyOptions(ctx));
  route(app, api.stepUp.passkey, ({ body }, ctx) => stepUpService.passkey(ctx, body));
}
