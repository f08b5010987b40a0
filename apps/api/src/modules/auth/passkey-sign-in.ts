import type { SigninMfaResult } from '@pult/contract';
import { type AuthenticationResponseJSON, generateAuthenticationOptions } from '@simplewebauthn/server';
import { rateLimited, unauthorized } from '../../lib/http-errors';
import { releaseAttempt, reserveAttempt, resetAttempts } from '../../lib/rate-limit';
import type { ServiceContext } from '../../lib/service-context';
import { hashToken } from '../../lib/tokens';
import { CHALLENGE_TTL_MS, mfaRepository, passkeysRepository, relyingParty, verifiedCounter } from '../mfa';
import { SIGNIN_PER_ACCOUNT } from './limits';
import { challengeOwner, tokenRefused } from './second-factor';
import { auditRefusedSignIn, openSession, withTokens } from './session-answer';

const passkeyRefused = () => unauthorized('PASSKEY_INVALID', 'The passkey’s answer did not verify');

/**
 * The options for `navigator.credentials.get()` in the sign-in's second step: this account's passkeys
 * only (no discoverable sign-in: the password came first), and a challenge kept on the step's row, so
 * it dies with the mfaToken.
 */
export async function passkeySignInOptions(ctx: ServiceContext, mfaToken: string): Promise<Record<string, unknown>> {
  const party = relyingParty(ctx);
  const { row, ipKey } = await challengeOwner(ctx, mfaToken);
  await releaseAttempt(ctx.db, ipKey);
  const keys = await passkeysRepository.list(ctx.db, row.id);
  if (keys.length === 0) throw tokenRefused();
  const options = await generateAuthenticationOptions({
    rpID: party.id,
    allowCredentials: keys.map((key) => ({ id: key.credentialId, transports: key.transports as never })),
    userVerification: 'preferred',
    timeout: CHALLENGE_TTL_MS,
  });
  await passkeysRepository.setSignInChallenge(ctx.db, hashToken(mfaToken), options.challenge);
  return options as unknown as Record<string, unknown>;
}

/**
 * The second step with a passkey. A signature that does not verify counts against the same limits as a
 * wrong code; the counter moves forward, the token is claimed and the session opened in one transaction.
 */
export async function completeWithPasskey(
  ctx: ServiceContext,
  body: { mfaToken: string; response: Record<string, unknown> },
  userAgent: string | undefined,
): Promise<SigninMfaResult> {
  const now = ctx.clock.now();
  const party = relyingParty(ctx);
  const { row, ipKey } = await challengeOwner(ctx, body.mfaToken);
  const accountKey = `signin:account:${row.email.toLowerCase()}`;
  const account = await reserveAttempt(ctx.db, accountKey, SIGNIN_PER_ACCOUNT, now);
  if (!account.allowed) throw rateLimited(account.retryAfter);

  const refuse = async (): Promise<never> => {
    await auditRefusedSignIn(ctx, row.id, 'code', userAgent);
    throw passkeyRefused();
  };
  const hash = hashToken(body.mfaToken);
  const challenge = await passkeysRepository.signInChallenge(ctx.db, hash);
  const response = body.response as unknown as AuthenticationResponseJSON;
  const key = await passkeysRepository.byCredential(ctx.db, row.id, response.id);
  if (!challenge || !key) return refuse();
  const newCounter = await verifiedCounter(party, challenge, key, response);
  if (newCounter === null) return refuse();

  const pair = await ctx.db.transaction(async (tx) => {
    if (!(await passkeysRepository.markUsed(tx, key.id, key.counter, newCounter, now))) return null;
    if ((await mfaRepository.claimChallenge(tx, hash, now)) === undefined) throw tokenRefused();
    return openSession(ctx, tx, row, userAgent, 'webauthn');
  });
  if (!pair) return refuse();
  await resetAttempts(ctx.db, accountKey);
  await releaseAttempt(ctx.db, ipKey);
  return withTokens(ctx, { ...row, lastSeenAt: now }, pair);
}
