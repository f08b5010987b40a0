import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { agreementsService } from './agreements-service';

/** The planner app's part: a user accepts a version of a document, with the app's version and agent kept. */
export async function agreementsClientRoutes(app: FastifyInstance) {
  route(app, api.client.acceptAgreement, ({ body, request }, ctx) => {
    const header = (name: string) => {
      const value = request.headers[name];
      return (Array.isArray(value) ? value[0] : value) || null;
    };
    return agreementsService.accept(ctx, {
      type: body.type,
      version: body.version,
      appVersion: body.appVersion ?? header('x-app-version')?.slice(0, 50) ?? null,
      userAgent: header('user-agent'),
    });
  });
}
