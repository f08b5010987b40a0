import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { mfaService } from './mfa-service';

/** A staff member's own second factor, and an admin's reset of a colleague's. */
export async function mfaRoutes(app: FastifyInstance) {
  route(app, api.mfa.status, (_call, ctx) => mfaService.status(ctx));
  route(app, api.mfa.enrolTotp, (_call, ctx) => mfaService.enrolTotp(ctx));
  route(app, api.mfa.confirmTotp, ({ body }, ctx) => mfaService.confirmTotp(ctx, body.code));
  route(app, api.mfa.removeTotp, ({ body }, ctx) => mfaService.removeTotp(ctx, body.password, body.code));
  route(app, api.mfa.resetUser, ({ params }, ctx) => mfaService.resetUser(ctx, params.id));
}
