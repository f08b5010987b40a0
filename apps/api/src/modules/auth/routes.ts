import {
  errorResponse,
  forgotPasswordBody,
  okResponse,
  refreshTokenBody,
  resetPasswordBody,
  type SessionUser,
  sessionUser,
  signinBody,
  user,
} from '@pult/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { users } from '../../db/schema';
import { HttpError, unauthorized } from '../../lib/http-errors';
import { principalOf } from '../../plugins/auth';
import { toUser } from '../users/user-row';
import { requestPasswordReset, resetPassword } from './password-reset';
import { verifyPassword } from './passwords';
import { blockedFor, countHit, FORGOT_PER_IP, resetHits, SIGNIN_PER_ACCOUNT, SIGNIN_PER_IP } from './rate-limit';
import { createSession, revokeSession, rotateRefreshToken, type TokenPair } from './sessions';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 429: errorResponse };

const tooMany = (seconds: number) =>
  new HttpError(429, 'Too many attempts, try again later', undefined, { 'retry-after': String(seconds) });

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  const withTokens = (row: typeof users.$inferSelect, pair: TokenPair): SessionUser => ({
    ...toUser(row),
    apiToken: pair.apiToken,
    refreshToken: pair.refreshToken,
    apiTokenExpiresAt: pair.apiTokenExpiresAt.toISOString(),
    expiresIn: Math.round((pair.apiTokenExpiresAt.getTime() - app.clock.now().getTime()) / 1000),
  });

  app.post(
    '/users/signin',
    {
      config: { auth: 'public' },
      schema: { tags: ['auth'], body: signinBody, response: { 200: sessionUser, ...errors } },
    },
    async (request) => {
      const now = app.clock.now();
      const email = request.body.email.toLowerCase();
      const accountKey = `signin:account:${email}`;
      const ipKey = `signin:ip:${request.ip}`;
      const wait = Math.max(
        await blockedFor(app.db, accountKey, SIGNIN_PER_ACCOUNT, now),
        await blockedFor(app.db, ipKey, SIGNIN_PER_IP, now),
      );
      if (wait > 0) throw tooMany(wait);

      const [row] = await app.db.select().from(users).where(eq(users.email, email));
      const valid = await verifyPassword(row?.status === 'deleted' ? null : row?.passwordHash, request.body.password);
      if (!row || !valid) {
        await countHit(app.db, accountKey, SIGNIN_PER_ACCOUNT, now);
        await countHit(app.db, ipKey, SIGNIN_PER_IP, now);
        throw unauthorized('Wrong e-mail or password');
      }
      if (row.status !== 'active') throw new HttpError(403, 'Account is blocked');
      await resetHits(app.db, accountKey);
      const pair = await createSession(app.db, now, row.id, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      await request.audit({ actorId: row.id, action: 'signin', entity: 'user', entityId: row.id });
      return withTokens({ ...row, lastSeenAt: now }, pair);
    },
  );

  app.patch(
    '/users/refresh-token',
    {
      config: { auth: 'public' },
      schema: { tags: ['auth'], body: refreshTokenBody, response: { 200: sessionUser, ...errors } },
    },
    async (request) => {
      const result = await rotateRefreshToken(app.db, app.clock.now(), request.body.token);
      if (!result.ok) {
        throw unauthorized(
          result.reason === 'reused' ? 'Refresh token reused; session revoked' : 'Invalid refresh token',
        );
      }
      const [row] = await app.db.select().from(users).where(eq(users.id, result.userId));
      if (!row) throw unauthorized('Invalid refresh token');
      return withTokens(row, result.pair);
    },
  );

  app.post(
    '/users/signout',
    {
      // Any signed-in role may end its own session, including a planner user the SPA turns away.
      config: { auth: ['user', 'editor', 'admin'] },
      schema: { tags: ['auth'], response: { 200: okResponse, ...errors } },
    },
    async (request) => {
      const principal = principalOf(request);
      await revokeSession(app.db, app.clock.now(), principal.sessionId, 'signed out');
      await request.audit({ action: 'signout', entity: 'user', entityId: principal.userId });
      return { ok: true as const };
    },
  );

  app.get(
    '/users/me',
    {
      config: { auth: ['user', 'editor', 'admin'] },
      schema: { tags: ['auth'], response: { 200: user, ...errors } },
    },
    async (request) => {
      const [row] = await app.db
        .select()
        .from(users)
        .where(eq(users.id, principalOf(request).userId));
      if (!row) throw unauthorized();
      return toUser(row);
    },
  );

  app.post(
    '/users/forgot-password',
    {
      config: { auth: 'public' },
      schema: { tags: ['auth'], body: forgotPasswordBody, response: { 200: okResponse, ...errors } },
    },
    async (request) => {
      const now = app.clock.now();
      const ipKey = `forgot:ip:${request.ip}`;
      const wait = await blockedFor(app.db, ipKey, FORGOT_PER_IP, now);
      if (wait > 0) throw tooMany(wait);
      await countHit(app.db, ipKey, FORGOT_PER_IP, now);
      // Always the same answer, so the form does not reveal which e-mails have accounts.
      await requestPasswordReset(app, request.body.email.toLowerCase(), now);
      return { ok: true as const };
    },
  );

  app.post(
    '/users/reset-password',
    {
      config: { auth: 'public' },
      schema: { tags: ['auth'], body: resetPasswordBody, response: { 200: okResponse, ...errors } },
    },
    async (request) => {
      const userId = await resetPassword(app.db, app.clock.now(), request.body.token, request.body.password);
      await request.audit({ actorId: userId, action: 'reset-password', entity: 'user', entityId: userId });
      return { ok: true as const };
    },
  );
}
