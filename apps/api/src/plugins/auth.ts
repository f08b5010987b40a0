import { staffRoles } from '@pult/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../lib/http-errors';
import { findPrincipal } from '../modules/sessions';

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
    app.decorateRequest('principal', null);
    app.addHook('onRequest', async (request) => {
      const rule = request.routeOptions.config?.auth ?? staffRoles;
      const token = tokenOf(request);
      if (rule === 'public') {
        if (token) request.principal = await findPrincipal(app.db, app.clock.now(), token);
        return;
      }
      // Unknown routes have no rule to enforce; the 404 handler answers them.
      if (request.is404) return;
      if (!token) throw unauthorized('TOKEN_MISSING', 'Api-Token header required');
      const principal = await findPrincipal(app.db, app.clock.now(), token);
      if (!principal) throw unauthorized('TOKEN_EXPIRED', 'Token expired or revoked');
      if (!rule.includes(principal.role)) throw forbidden();
      request.principal = principal;
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
