import type { MfaChallenge, SessionUser, User } from '@pult/contract';
import { HttpError, rateLimited, unauthorized } from '../../lib/http-errors';
import { countOutcome } from '../../lib/metrics';
import { releaseAttempt, reserveAttempt, resetAttempts } from '../../lib/rate-limit';
import { actorOf, type ServiceContext } from '../../lib/service-context';
import { factorMethods, issueChallenge, policyRequires } from '../mfa';
import { revokeSession, rotateRefreshToken, staffIdleSince } from '../sessions';
import { toUser, usersRepository, verifyPassword } from '../users';
import { SIGNIN_PER_ACCOUNT, SIGNIN_PER_IP } from './limits';
import { completeWithPasskey, passkeySignInOptions } from './passkey-sign-in';
import { completeWithCode, enrolDuringSignIn } from './second-factor';
import { auditRefusedSignIn, openSession, withTokens } from './session-answer';

const refreshRefused = (message: string) => unauthorized('REFRESH_TOKEN_INVALID', message);

async function signIn(
  ctx: ServiceContext,
  body: { email: string; password: string },
  userAgent: string | undefined,
): Promise<SessionUser | MfaChallenge> {
  const now = ctx.clock.now();
  const email = body.email.toLowerCase();
  const accountKey = `signin:account:${email}`;
  const ipKey = `signin:ip:${ctx.ip}`;
  // Both attempts are counted before any hashing: 40 parallel guesses check at most the limit.
  const account = await reserveAttempt(ctx.db, accountKey, SIGNIN_PER_ACCOUNT, now);
  const address = await reserveAttempt(ctx.db, ipKey, SIGNIN_PER_IP, now);
  if (!account.allowed || !address.allowed) throw rateLimited(Math.max(account.retryAfter, address.retryAfter));

  const row = await usersRepository.rowByEmail(ctx.db, email);
  // A deleted account answers exactly like a missing one (same work, same message).
  const valid = await verifyPassword(row?.status === 'deleted' ? null : row?.passwordHash, body.password);
  if (!row || !valid) {
    if (row && row.status !== 'deleted') await auditRefusedSignIn(ctx, row.id, 'password', userAgent);
    throw unauthorized('INVALID_CREDENTIALS', 'Wrong e-mail or password');
  }
  if (row.status !== 'active') {
    await auditRefusedSignIn(ctx, row.id, 'blocked', userAgent);
    throw new HttpError(403, 'ACCOUNT_BLOCKED', 'Account is blocked');
  }
  const methods = await factorMethods(ctx.db, row.id);
  if (methods.length > 0 || (await policyRequires(ctx, row.role))) {
    // The password alone forgives the account no failures: its counter is reset only once the second
    // factor is right too, so knowing the password does not buy fresh guesses at the code.
    await releaseAttempt(ctx.db, ipKey);
    return issueChallenge(ctx, row.id, methods);
  }
  // The right password: the account's failures are forgotten and the address gets its attempt back,
  // so colleagues behind one office address do not use up each other's sign-ins.
  await resetAttempts(ctx.db, accountKey);
  await releaseAttempt(ctx.db, ipKey);
  // The session and its audit event land together or not at all: a failed sign-in leaves no live session.
  const pair = await ctx.db.transaction((tx) => openSession(ctx, tx, row, userAgent, 'password'));
  return withTokens(ctx, { ...row, lastSeenAt: now }, pair);
}

/** Sign-in, refresh, sign-out and who-am-I: the rules of a session's life. */
export const authService = {
  /** Counted by result (`pult_signins_total`): success, mfa_required, or the refusal's code. */
  signIn: (ctx: ServiceContext, body: { email: string; password: string }, userAgent: string | undefined) =>
    countOutcome(
      ctx.deps.metrics.signins,
      () => signIn(ctx, body, userAgent),
      // A right password that awaits its code is not a sign-in yet: the second step counts the success.
      (answer) => ('mfaRequired' in answer ? 'mfa_required' : 'success'),
    ),

  /** The second step: a TOTP or recovery code for the token the password earned. Counted like sign-in. */
  signInWithCode: (ctx: ServiceContext, body: { mfaToken: string; code: string }, userAgent: string | undefined) =>
    countOutcome(ctx.deps.metrics.signins, () => completeWithCode(ctx, body, userAgent)),

  /** The second step with a passkey: its options, then its signature. Counted like sign-in. */
  passkeySignInOptions,
  signInWithPasskey: (
    ctx: ServiceContext,
    body: { mfaToken: string; response: Record<string, unknown> },
    userAgent: string | undefined,
  ) => countOutcome(ctx.deps.metrics.signins, () => completeWithPasskey(ctx, body, userAgent)),

  enrolDuringSignIn,

  refresh: async (ctx: ServiceContext, token: string): Promise<SessionUser> => {
    const result = await rotateRefreshToken(ctx.db, ctx.clock.now(), token, {
      staffIdleSince: await staffIdleSince(ctx),
      activity: !ctx.background,
    });
    if (!result.ok)
      throw refreshRefused(
        result.reason === 'reused' ? 'Refresh token reused; session revoked' : 'Invalid refresh token',
      );
    const row = await usersRepository.row(ctx.db, result.userId);
    if (!row) throw refreshRefused('Invalid refresh token');
    return withTokens(ctx, row, result.pair);
  },

  signOut: async (ctx: ServiceContext): Promise<{ ok: true }> => {
    const actor = actorOf(ctx);
    await revokeSession(ctx.db, ctx.clock.now(), actor.sessionId, 'signed out');
    await ctx.audit({ action: 'signout', entity: 'user', entityId: actor.userId });
    return { ok: true };
  },

  me: async (ctx: ServiceContext): Promise<User> => {
    const row = await usersRepository.row(ctx.db, actorOf(ctx).userId);
    if (!row) throw unauthorized();
    return toUser(row);
  },
};
