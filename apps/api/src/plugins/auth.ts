import { isStaffRole, staffRoles } from '@pult/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isBackgroundRequest } from '../lib/background-request';
import { forbidden, unauthorized } from '../lib/http-errors';
import {
  findPrincipal,
  LAST_SEEN_PRECISION_MS,
  type SessionPrincipal,
  staffIdleSince,
  touchSession,
} from '../modules/sessions';

const tokenOf = (request: FastifyRequest): string | undefined => {
  const header = request.headers['api-token'];
  const value = Array.isArray(header) ? header[0] : header;
  return value && value.length <= 200 ? value : undefined;
};

/**
 * The one guard. Each route states who may call it in `config.auth`, next to the
 * route; a route that says nothing is staff-only. 401: no, expired or revoked token. 403: wrong role.
 * Registered inside the /api scope only: static files and the SPA need no token.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    /**
     * The caller of a live session, or null. A staff session idle past the setting is over (ASVS 7.3.1);
     * any other request counts as activity, unless the page sent it on its own (lib/background-request.ts).
     * Planner accounts are not timed out: the app stays signed in.
     */
    const liveCaller = async (token: string, background: boolean): Promise<SessionPrincipal | null> => {
      const now = app.clock.now();
      const principal = await findPrincipal(app.db, now, token);
      if (!principal) return null;
      if (isStaffRole(principal.role) && principal.lastSeenAt < (await staffIdleSince(app))) return null;
      // Most requests skip the write: last_seen_at is kept to the minute.
      if (!background && now.getTime() - principal.lastSeenAt.getTime() >= LAST_SEEN_PRECISION_MS)
        await touchSession(app.db, principal.sessionId, now);
      return principal;
    };

    app.decorateRequest('principal', null);
    app.addHook('onRequest', async (request) => {
      const rule = request.routeOptions.config?.auth ?? staffRoles;
      const token = tokenOf(request);
      const background = isBackgroundRequest(request);
      if (rule === 'public') {
        if (token) request.principal = await liveCaller(token, background);
        return;
      }
      // Unknown routes have no rule to enforce; the 404 handler answers them.
      if (request.is404) return;
      if (!token) throw unauthorized('TOKEN_MISSING', 'Api-Token header required');
      const principal = await liveCaller(token, background);
      if (!principal) throw unauthorized('TOKEN_EXPIRED', 'Token expired or revoked');
      if (!rule.includes(principal.role)) throw forbidden();
      request.principal = principal;
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
