import type { MfaChallenge, MfaMethod, MfaStatus, Role, TotpEnrolment } from '@pult/contract';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound, rateLimited } from '../../lib/http-errors';
import { type LimitRule, releaseAttempt, reserveAttempt } from '../../lib/rate-limit';
import type { SecretBox } from '../../lib/secret-box';
import { actorOf, type ServiceContext } from '../../lib/service-context';
import { requireStepUp } from '../../lib/step-up';
import { hashToken, randomToken } from '../../lib/tokens';
import { revokeUserSessions } from '../sessions';
import { currentSettings } from '../settings';
import { usersRepository, verifyPassword } from '../users';
import { mfaRepository as repo, type TotpRow } from './mfa-repository';
import { passkeysRepository } from './passkeys-repository';
import { hashRecoveryCode, looksLikeRecoveryCode, newRecoveryCode, RECOVERY_CODE_COUNT } from './recovery-codes';
import { matchingStep, newTotpSecret, otpauthUri } from './totp';

/** How long the step between the password and the code may take (product.md §8). */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** Wrong codes at enrolment or removal, per account: as strict as sign-in (a stolen session must not guess). */
const CODE_PER_USER: LimitRule = { max: 5, windowMs: 15 * 60_000 };

export const codeRefused = () => badRequest('MFA_CODE_INVALID', 'The code is wrong or was used', { code: 'invalid' });

/**
 * The factors an account can sign in with now, in the order of product.md §8; empty when it has none
 * (an unconfirmed authenticator app is none). Recovery codes count only beside a factor.
 */
export async function factorMethods(db: Db, userId: number): Promise<MfaMethod[]> {
  const methods: MfaMethod[] = [];
  if ((await repo.totp(db, userId))?.confirmedAt) methods.push('totp');
  if ((await passkeysRepository.count(db, userId)) > 0) methods.push('webauthn');
  if (methods.length > 0 && (await repo.unusedRecoveryCodes(db, userId)) > 0) methods.push('recovery');
  return methods;
}

/** The recovery codes go with an account's last factor: alone they would be a factor of their own. */
export async function dropRecoveryCodesWithLastFactor(db: Db, userId: number): Promise<void> {
  if ((await factorMethods(db, userId)).length === 0) await repo.removeRecoveryCodes(db, userId);
}

/** Ten fresh recovery codes replace the account's old ones; only their hashes are stored. */
export async function issueRecoveryCodes(db: Db, now: Date, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await repo.replaceRecoveryCodes(
    db,
    userId,
    codes.map((value) => hashRecoveryCode(userId, value)),
    now,
  );
  return codes;
}

/** What a TOTP secret is sealed for: its account, so a sealed value moved to another row does not open. */
export const totpContext = (userId: number) => `totp_factors:${userId}`;

/**
 * The base32 secret of a stored factor (docs/decisions/0044). A secret sealed with another key (a backup
 * restored without its SECRETS_KEY) opens to nothing: no code matches, and recovery codes still work.
 */
const openSecret = (box: SecretBox, totp: TotpRow, userId: number): string =>
  box.open(totp.secret, totpContext(userId)) ?? '';

/** Whether the settings' policy demands a second factor of this role. */
export async function policyRequires(ctx: Pick<ServiceContext, 'db' | 'clock'>, role: Role): Promise<boolean> {
  const { secondFactorRequiredFor } = await currentSettings(ctx);
  return (secondFactorRequiredFor as readonly string[]).includes(role);
}

/** The token a right password earns when a second factor must follow: only its hash is stored. */
export async function issueChallenge(ctx: ServiceContext, userId: number, methods: MfaMethod[]): Promise<MfaChallenge> {
  const now = ctx.clock.now();
  const mfaToken = randomToken();
  await repo.insertChallenge(ctx.db, {
    hash: hashToken(mfaToken),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
  });
  return { mfaRequired: true, mfaToken, methods, enrolmentRequired: methods.length === 0 };
}

/**
 * Spends a code of a confirmed factor: a TOTP code of a step later than the last accepted one, or an
 * unused recovery code. Null when neither matches. Run it inside the transaction that acts on it.
 */
export async function spendCode(
  db: Db,
  now: Date,
  userId: number,
  code: string,
  box: SecretBox,
): Promise<MfaMethod | null> {
  if (looksLikeRecoveryCode(code))
    return (await repo.useRecoveryCode(db, userId, hashRecoveryCode(userId, code), now)) ? 'recovery' : null;
  const totp = await repo.totp(db, userId);
  if (!totp?.confirmedAt) return null;
  const step = matchingStep(openSecret(box, totp, userId), code, now);
  return step !== null && (await repo.useTotpStep(db, userId, step)) ? 'totp' : null;
}

/** A new secret for the account's pending enrolment; a confirmed factor must be removed first. */
export async function startTotpEnrolment(ctx: ServiceContext, userId: number, email: string): Promise<TotpEnrolment> {
  const secret = newTotpSecret();
  const sealed = ctx.deps.secrets.seal(secret, totpContext(userId));
  if (!(await repo.savePendingTotp(ctx.db, userId, sealed, ctx.clock.now())))
    throw conflict('MFA_ALREADY_ENROLLED', 'An authenticator is already enrolled; remove it first');
  const { projectName } = await currentSettings(ctx);
  return { secret, otpauthUri: otpauthUri(secret, email, projectName) };
}

/**
 * Confirms the pending secret with its first code and answers ten fresh recovery codes (their hashes
 * stored). Null when the code does not match. Run inside the caller's transaction.
 */
export async function confirmPendingTotp(
  db: Db,
  now: Date,
  userId: number,
  code: string,
  box: SecretBox,
): Promise<string[] | null> {
  const totp = await repo.totp(db, userId);
  if (!totp || totp.confirmedAt) return null;
  const step = matchingStep(openSecret(box, totp, userId), code, now);
  if (step === null || !(await repo.confirmTotp(db, userId, step, now))) return null;
  return issueRecoveryCodes(db, now, userId);
}

/** Wrong codes or passwords at a factor's enrolment or removal, counted per account. */
export async function reserveCodeAttempt(ctx: ServiceContext, userId: number): Promise<string> {
  const key = `mfa:user:${userId}`;
  const reservation = await reserveAttempt(ctx.db, key, CODE_PER_USER, ctx.clock.now());
  if (!reservation.allowed) throw rateLimited(reservation.retryAfter);
  return key;
}

/** A staff member's own second factor: enrol, confirm, remove; and an admin's reset of a colleague's. */
export const mfaService = {
  async status(ctx: ServiceContext): Promise<MfaStatus> {
    const actor = actorOf(ctx);
    const totp = await repo.totp(ctx.db, actor.userId);
    const confirmed = totp?.confirmedAt ?? null;
    const passkeys = await passkeysRepository.count(ctx.db, actor.userId);
    return {
      totp: confirmed !== null,
      totpConfirmedAt: confirmed?.toISOString() ?? null,
      recoveryCodesLeft: confirmed || passkeys > 0 ? await repo.unusedRecoveryCodes(ctx.db, actor.userId) : 0,
      passkeys,
      required: await policyRequires(ctx, actor.role),
    };
  },

  /** A factor added from a stolen session would keep the thief in: a fresh proof first (issue 31). */
  async enrolTotp(ctx: ServiceContext) {
    await requireStepUp(ctx);
    return startTotpEnrolment(ctx, actorOf(ctx).userId, actorOf(ctx).email);
  },

  /** The first code proves the app holds the secret; the caller's other sessions end (they predate it). */
  async confirmTotp(ctx: ServiceContext, code: string): Promise<{ recoveryCodes: string[] }> {
    const actor = actorOf(ctx);
    const now = ctx.clock.now();
    const pending = await repo.totp(ctx.db, actor.userId);
    if (!pending || pending.confirmedAt) throw conflict('MFA_NOT_ENROLLED', 'No enrolment to confirm');
    const key = await reserveCodeAttempt(ctx, actor.userId);
    const recoveryCodes = await ctx.db.transaction(async (tx) => {
      const codes = await confirmPendingTotp(tx, now, actor.userId, code, ctx.deps.secrets);
      if (!codes) return null;
      const ended = await revokeUserSessions(tx, now, actor.userId, 'second factor enrolled', actor.sessionId);
      await ctx.audit(
        {
          action: 'enrol-mfa',
          entity: 'user',
          entityId: actor.userId,
          after: { method: 'totp', otherSessionsEnded: ended },
        },
        tx,
      );
      return codes;
    });
    if (!recoveryCodes) throw codeRefused();
    await releaseAttempt(ctx.db, key);
    return { recoveryCodes };
  },

  /** Both proofs, the password and a code, so a session left open on a desk cannot strip the factor. */
  async removeTotp(ctx: ServiceContext, password: string, code: string): Promise<{ ok: true }> {
    const actor = actorOf(ctx);
    const now = ctx.clock.now();
    const key = await reserveCodeAttempt(ctx, actor.userId);
    const row = await usersRepository.row(ctx.db, actor.userId);
    if (!(await verifyPassword(row?.passwordHash, password)))
      throw badRequest('INVALID_CREDENTIALS', 'The password is wrong', { password: 'mismatch' });
    if (!(await repo.totp(ctx.db, actor.userId))?.confirmedAt)
      throw conflict('MFA_NOT_ENROLLED', 'No authenticator to remove');
    const removed = await ctx.db.transaction(async (tx) => {
      if (!(await spendCode(tx, now, actor.userId, code, ctx.deps.secrets))) return false;
      await repo.removeTotp(tx, actor.userId);
      await dropRecoveryCodesWithLastFactor(tx, actor.userId);
      await ctx.audit({ action: 'remove-mfa', entity: 'user', entityId: actor.userId, after: { method: 'totp' } }, tx);
      return true;
    });
    if (!removed) throw codeRefused();
    await releaseAttempt(ctx.db, key);
    return { ok: true };
  },

  /** A colleague lost the device: their factors go and every session of theirs ends, in one transaction. */
  async resetUser(ctx: ServiceContext, userId: number): Promise<{ ok: true }> {
    await requireStepUp(ctx);
    const now = ctx.clock.now();
    const target = await usersRepository.row(ctx.db, userId);
    if (!target || target.status === 'deleted') throw notFound('USER_NOT_FOUND', 'User not found');
    await ctx.db.transaction(async (tx) => {
      const had = await repo.removeFactors(tx, userId);
      const ended = await revokeUserSessions(tx, now, userId, 'second factor reset');
      await ctx.audit(
        { action: 'reset-mfa', entity: 'user', entityId: userId, after: { hadFactor: had, sessionsEnded: ended } },
        tx,
      );
    });
    return { ok: true };
  },
};
