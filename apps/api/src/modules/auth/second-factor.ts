import type { SigninMfaResult, TotpEnrolment } from '@pult/contract';
import { HttpError, rateLimited, unauthorized } from '../../lib/http-errors';
import { releaseAttempt, reserveAttempt, resetAttempts } from '../../lib/rate-limit';
import type { ServiceContext } from '../../lib/service-context';
import { hashToken } from '../../lib/tokens';
import { confirmPendingTotp, factorMethods, mfaRepository, spendCode, startTotpEnrolment } from '../mfa';
import { usersRepository } from '../users';
import { SIGNIN_PER_ACCOUNT, SIGNIN_PER_IP } from './limits';
import { auditRefusedSignIn, openSession, withTokens } from './session-answer';

export const tokenRefused = () =>
  unauthorized('MFA_TOKEN_INVALID', 'The sign-in step expired or was used; sign in again');

/** The account behind a live mfaToken, its address's attempt counted first (an unknown token is a guess too). */
export async function challengeOwner(ctx: ServiceContext, mfaToken: string) {
  const now = ctx.clock.now();
  const ipKey = `signin:ip:${ctx.ip}`;
  const address = await reserveAttempt(ctx.db, ipKey, SIGNIN_PER_IP, now);
  if (!address.allowed) throw rateLimited(address.retryAfter);
  const userId = await mfaRepository.liveChallenge(ctx.db, hashToken(mfaToken), now);
  const row = userId === undefined ? undefined : await usersRepository.row(ctx.db, userId);
  if (!row) throw tokenRefused();
  if (row.status !== 'active') throw new HttpError(403, 'ACCOUNT_BLOCKED', 'Account is blocked');
  return { row, ipKey };
}

/**
 * The second step of a sign-in. A wrong code counts against the same per-account and per-address
 * limits as a wrong password, reserved before the code is checked, so parallel guesses are bounded.
 * The code is spent, the token claimed and the session opened in one transaction: a code that does
 * not open a session is not spent, and a token opens one session at most.
 */
export async function completeWithCode(
  ctx: ServiceContext,
  body: { mfaToken: string; code: string },
  userAgent: string | undefined,
): Promise<SigninMfaResult> {
  const now = ctx.clock.now();
  const { row, ipKey } = await challengeOwner(ctx, body.mfaToken);
  const accountKey = `signin:account:${row.email.toLowerCase()}`;
  const account = await reserveAttempt(ctx.db, accountKey, SIGNIN_PER_ACCOUNT, now);
  if (!account.allowed) throw rateLimited(account.retryAfter);

  const done = await ctx.db.transaction(async (tx) => {
    let recoveryCodes: string[] | undefined;
    let method = await spendCode(tx, now, row.id, body.code, ctx.deps.secrets);
    if (!method && (await factorMethods(tx, row.id)).length === 0) {
      // The policy stopped this sign-in to enrol: the code confirms the authenticator just set up.
      recoveryCodes = (await confirmPendingTotp(tx, now, row.id, body.code, ctx.deps.secrets)) ?? undefined;
      if (recoveryCodes) method = 'totp';
    }
    if (!method) return null;
    if ((await mfaRepository.claimChallenge(tx, hashToken(body.mfaToken), now)) === undefined) throw tokenRefused();
    if (recoveryCodes)
      await ctx.audit(
        { actorId: row.id, action: 'enrol-mfa', entity: 'user', entityId: row.id, after: { method } },
        tx,
      );
    const pair = await openSession(ctx, tx, row, userAgent, method === 'recovery' ? 'recovery' : 'totp');
    return { pair, recoveryCodes };
  });
  if (!done) {
    await auditRefusedSignIn(ctx, row.id, 'code', userAgent);
    throw unauthorized('MFA_CODE_INVALID', 'The code is wrong or was used');
  }
  await resetAttempts(ctx.db, accountKey);
  await releaseAttempt(ctx.db, ipKey);
  const answer = withTokens(ctx, { ...row, lastSeenAt: now }, done.pair);
  return done.recoveryCodes ? { ...answer, recoveryCodes: done.recoveryCodes } : answer;
}

/** A sign-in the policy stopped for lack of a factor sets one up here, before any session exists. */
export async function enrolDuringSignIn(ctx: ServiceContext, mfaToken: string): Promise<TotpEnrolment> {
  const { row, ipKey } = await challengeOwner(ctx, mfaToken);
  await releaseAttempt(ctx.db, ipKey);
  if ((await factorMethods(ctx.db, row.id)).length > 0) throw tokenRefused();
  return startTotpEnrolment(ctx, row.id, row.email);
}
