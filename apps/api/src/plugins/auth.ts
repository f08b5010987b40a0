import { isStaffRole, staffRoles } from '@pult/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isBackgroundRequest } from '../lib/background-request';
import { forbidden, unauthorized } from '../lib/http-errors';
import { hashToken } from '../lib/tokens';
import { findPrincipal, LAST_SEEN_PRECISION_MS, SessionCache, staffIdleSince, touchSession } from '../modules/sessions';
import type { Principal } from '../types';

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
     * Live staff sessions by token hash (docs/decisions/0051): a known token costs no statement. Whatever
     * ends a session or changes its user's role, status, e-mail or password empties their entries here
     * before its answer and in every other process at its commit (`sessionsChanged`).
     */
    const cache = new SessionCache();
    app.addHook('onReady', () => cache.start(app.database.listen));
    app.addHook('preClose', () => cache.stop());

    /**
     * The caller of a live session, or null. A staff session idle past the setting is over (ASVS 7.3.1);
     * any other request counts as activity, unless the page sent it on its own (lib/background-request.ts).
     * Planner accounts are not timed out: the app stays signed in.
     */
    const liveCaller = async (token: string, background: boolean): Promise<Principal | null> => {
      const now = app.clock.now();
      const hash = hashToken(token);
      const cached = cache.get(hash, now);
      // An entry that looks idle may only be stale (another process saw the later requests): the database decides.
      if (cached && cached.lastSeenAt >= (await staffIdleSince(app))) {
        // The once-a-minute write of last_seen_at, counted from this process's last one.
        if (!background && now.getTime() - cached.touchedAt >= LAST_SEEN_PRECISION_MS) {
          cached.touchedAt = now.getTime();
          if (await touchSession(app.db, cached.principal.sessionId, now)) cached.lastSeenAt = now;
        }
        return cached.principal;
      }
      const mark = cache.mark;
      const found = await findPrincipal(app.db, now, token);
      const staff = found !== null && isStaffRole(found.role);
      if (!found || (staff && found.lastSeenAt < (await staffIdleSince(app)))) {
        cache.forget(hash);
        return null;
      }
      const { lastSeenAt: seen, validUntil, ...principal } = found;
      let lastSeenAt = seen;
      // Most requests skip the write: last_seen_at is kept to the minute.
      const touch = !background && now.getTime() - seen.getTime() >= LAST_SEEN_PRECISION_MS;
      if (touch && (await touchSession(app.db, principal.sessionId, now))) lastSeenAt = now;
      if (staff) {
        const touchedAt = touch ? now.getTime() : seen.getTime();
        cache.store(hash, { principal, lastSeenAt, touchedAt, validUntil, cachedAt: now.getTime() }, mark);
      }
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
