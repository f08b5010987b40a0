import type { StepUpBody, StepUpResult } from '@pult/contract';
import { type AuthenticationResponseJSON, generateAuthenticationOptions } from '@simplewebauthn/server';
import { badRequest, conflict } from '../../lib/http-errors';
import { releaseAttempt } from '../../lib/rate-limit';
import { actorOf, type ServiceContext } from '../../lib/service-context';
import { steppedUpUntil, stepUpRepository } from '../sessions';
import { usersRepository, verifyPassword } from '../users';
import { CHALLENGE_TTL_MS, codeRefused, factorMethods, reserveCodeAttempt, spendCode } from './mfa-service';
import { verifiedCounter } from './passkey-relying-party';
import { passkeysRepository } from './passkeys-repository';
import { passkeyRefused, relyingParty } from './passkeys-service';

type Method = 'password' | 'totp' | 'recovery' | 'webauthn';

/** The proof lands on the caller's session with its audit event, in the caller's transaction. */
async function record(ctx: ServiceContext, tx: ServiceContext['db'], method: Method): Promise<StepUpResult> {
  const actor = actorOf(ctx);
  const now = ctx.clock.now();
  await stepUpRepository.markSteppedUp(tx, actor.sessionId, now);
  await ctx.audit({ action: 'step-up', entity: 'user', entityId: actor.userId, after: { method } }, tx);
  return { steppedUpUntil: steppedUpUntil(now).toISOString() };
}

/** A refused proof, for the owner and the admins to see (ASVS 16.3.2), as a refused sign-in is. */
const auditRefused = (ctx: ServiceContext, method: 'password' | 'code' | 'webauthn') =>
  ctx.audit({ action: 'step-up-failed', entity: 'user', entityId: actorOf(ctx).userId, after: { method } });

/**
 * A fresh proof for the session before a dangerous action (docs/decisions/0044). An account with a
 * second factor proves itself with it (a password alone is what a stolen laptop's saved passwords
 * give away); one without, with its password. Wrong proofs count against the same per-account limit
 * as wrong codes at enrolment or removal, so a stolen session cannot guess on.
 */
export const stepUpService = {
  async confirm(ctx: ServiceContext, body: StepUpBody): Promise<StepUpResult> {
    const actor = actorOf(ctx);
    const key = await reserveCodeAttempt(ctx, actor.userId);
    const hasFactor = (await factorMethods(ctx.db, actor.userId)).length > 0;
    if (hasFactor && body.code === undefined) {
      await releaseAttempt(ctx.db, key);
      throw badRequest('VALIDATION_FAILED', 'This account confirms with its second factor', {
        password: 'not_allowed',
      });
    }
    if (!hasFactor && body.password === undefined) {
      await releaseAttempt(ctx.db, key);
      throw badRequest('VALIDATION_FAILED', 'This account has no second factor; confirm with the password', {
        code: 'not_allowed',
      });
    }
    let result: StepUpResult | null;
    if (body.code !== undefined) {
      const code = body.code;
      result = await ctx.db.transaction(async (tx) => {
        // The code is spent in the transaction that records the proof: a replayed code finds it used.
        const method = await spendCode(tx, ctx.clock.now(), actor.userId, code, ctx.deps.secrets);
        return method ? record(ctx, tx, method) : null;
      });
      if (!result) {
        await auditRefused(ctx, 'code');
        throw codeRefused();
      }
    } else {
      const row = await usersRepository.row(ctx.db, actor.userId);
      if (!(await verifyPassword(row?.passwordHash, body.password ?? ''))) {
        await auditRefused(ctx, 'password');
        throw badRequest('INVALID_CREDENTIALS', 'The password is wrong', { password: 'mismatch' });
      }
      result = await ctx.db.transaction((tx) => record(ctx, tx, 'password'));
    }
    await releaseAttempt(ctx.db, key);
    return result;
  },

  /** The caller's passkeys and a challenge kept on the session, as for the sign-in's second step. */
  async passkeyOptions(ctx: ServiceContext): Promise<Record<string, unknown>> {
    const actor = actorOf(ctx);
    const party = relyingParty(ctx);
    const keys = await passkeysRepository.list(ctx.db, actor.userId);
    if (keys.length === 0) throw conflict('MFA_NOT_ENROLLED', 'No passkey to confirm with');
    const options = await generateAuthenticationOptions({
      rpID: party.id,
      allowCredentials: keys.map((row) => ({ id: row.credentialId, transports: row.transports as never })),
      userVerification: 'preferred',
      timeout: CHALLENGE_TTL_MS,
    });
    const expiresAt = new Date(ctx.clock.now().getTime() + CHALLENGE_TTL_MS);
    await stepUpRepository.saveChallenge(ctx.db, actor.sessionId, options.challenge, expiresAt);
    return options as unknown as Record<string, unknown>;
  },

  /** The passkey's signature over the session's challenge (taken once); its counter moves forward only. */
  async passkey(ctx: ServiceContext, body: { response: Record<string, unknown> }): Promise<StepUpResult> {
    const actor = actorOf(ctx);
    const now = ctx.clock.now();
    const party = relyingParty(ctx);
    const attempt = await reserveCodeAttempt(ctx, actor.userId);
    const refuse = async (): Promise<never> => {
      await auditRefused(ctx, 'webauthn');
      throw passkeyRefused();
    };
    const response = body.response as unknown as AuthenticationResponseJSON;
    const challenge = await stepUpRepository.takeChallenge(ctx.db, actor.sessionId, now);
    const key = await passkeysRepository.byCredential(ctx.db, actor.userId, response.id);
    if (!challenge || !key) return refuse();
    const newCounter = await verifiedCounter(party, challenge, key, response);
    if (newCounter === null) return refuse();
    const result = await ctx.db.transaction(async (tx) =>
      (await passkeysRepository.markUsed(tx, key.id, key.counter, newCounter, now))
        ? record(ctx, tx, 'webauthn')
        : null,
    );
    if (!result) return refuse();
    await releaseAttempt(ctx.db, attempt);
    return result;
  },
};
