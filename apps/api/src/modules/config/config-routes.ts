import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { currentSettings } from '../settings';

/** What the SPA needs to know about this installation before anyone signs in. */
export async function configRoutes(app: FastifyInstance) {
  route(app, api.config.get, async (_, ctx) => {
    const { projectName, supportContact, defaultTimeZone, sessionIdleMinutes } = await currentSettings(ctx);
    return {
      filesBaseUrl: ctx.storage.publicBaseUrl,
      projectName,
      supportContact,
      timeZone: defaultTimeZone,
      sessionIdleMinutes,
    };
  });
}
