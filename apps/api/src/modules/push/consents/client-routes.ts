import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../lib/route';
import { consentsService } from './consents-service';

/** The planner app's part: the user gives or withdraws consent to advertising. */
export async function consentsClientRoutes(app: FastifyInstance) {
  route(app, api.client.recordConsent, ({ body, request }, ctx) => {
    const header = (name: string) => {
      const value = request.headers[name];
      return (Array.isArray(value) ? value[0] : value) || null;
    };
    return consentsService.record(ctx, body, {
      appVersion: header('x-app-version')?.slice(0, 50) ?? null,
      userAgent: header('user-agent'),
    });
  });
}
