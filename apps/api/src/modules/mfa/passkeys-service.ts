import type { PasskeyItem, PasskeyList } from '@pult/contract';
import {
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { releaseAttempt } from '../../lib/rate-limit';
import { actorOf, type ServiceContext } from '../../lib/service-context';
import { requireStepUp } from '../../lib/step-up';
import { revokeUserSessions } from '../sessions';
import { currentSettings } from '../settings';
import { usersRepository, verifyPassword } from '../users';
import {
  CHALLENGE_TTL_MS,
  dropRecoveryCodesWithLastFactor,
  factorMethods,
  issueRecoveryCodes,
  reserveCodeAttempt,
} from './mfa-service';
import { relyingPartyOf } from './passkey-relying-party';
import { type PasskeyRow, passkeysRepository as repo } from './passkeys-repository';

/** A passkey as its owner sees it: never its key or credential id. */
export const passkeyItemOf = (row: PasskeyRow): PasskeyItem => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** The installation's relying party, or 409 when it has none (published at a non-loopback IP address). */
export function relyingParty(ctx: Pick<ServiceContext, 'deps'>) {
  const party = relyingPartyOf(ctx.deps.urls.public);
  if (!party)
    throw conflict('PASSKEYS_UNAVAILABLE', 'Passkeys need the installation published under a domain name (PUBLIC_URL)');
  return party;
}

export const passkeyRefused = () => badRequest('PASSKEY_INVALID', 'The passkey’s answer did not verify');

/** A staff member's own passkeys: register (two calls), list, rename, remove (docs/decisions/0041). */
export const passkeysService = {
  async list(ctx: ServiceContext): Promise<PasskeyList> {
    const rows = await repo.list(ctx.db, actorOf(ctx).userId);
    return { origin: relyingPartyOf(ctx.deps.urls.public)?.origin ?? null, items: rows.map(passkeyItemOf) };
  },

  /**
   * The options for `navigator.credentials.create()`. The user handle is the account's id, not its
   * e-mail (a handle must carry no personal data); the account's passkeys are excluded, so one
   * authenticator does not register twice. No attestation: a staff member's own device is trusted as theirs.
   */
  async registrationOptions(ctx: ServiceContext): Promise<Record<string, unknown>> {
    const actor = actorOf(ctx);
    const party = relyingParty(ctx);
    // As for the authenticator app: a passkey added from a stolen session would keep the thief in.
    await requireStepUp(ctx);
    const { projectName } = await currentSettings(ctx);
    const existing = await repo.list(ctx.db, actor.userId);
    const options = await generateRegistrationOptions({
      rpName: projectName,
      rpID: party.id,
      userName: actor.email,
      userID: new TextEncoder().encode(`pult-user-${actor.userId}`),
      attestationType: 'none',
      excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: row.transports })),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      timeout: CHALLENGE_TTL_MS,
    });
    const expiresAt = new Date(ctx.clock.now().getTime() + CHALLENGE_TTL_MS);
    await repo.saveRegistration(ctx.db, actor.userId, options.challenge, expiresAt);
    return options as unknown as Record<string, unknown>;
  },

  /**
   * Checks the authenticator's answer against the pending challenge (taken once), the origin and the
   * relying party, then stores the passkey. Like a new authenticator app, it ends the caller's other
   * sessions (they predate the factor); an account's first factor comes with recovery codes.
   */
  async add(
    ctx: ServiceContext,
    body: { name: string; response: Record<string, unknown> },
  ): Promise<{ passkey: PasskeyItem; recoveryCodes?: string[] }> {
    const actor = actorOf(ctx);
    const now = ctx.clock.now();
    const party = relyingParty(ctx);
    const challenge = await repo.takeRegistration(ctx.db, actor.userId, now);
    if (!challenge) throw passkeyRefused();
    let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verification = await verifyRegistrationResponse({
        response: body.response as unknown as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: party.origin,
        expectedRPID: party.id,
        requireUserVerification: false,
      });
    } catch {
      throw passkeyRefused();
    }
    const credential = verification.registrationInfo?.credential;
    if (!verification.verified || !credential) throw passkeyRefused();
    if (await repo.credentialTaken(ctx.db, credential.id))
      throw conflict('PASSKEY_TAKEN', 'This passkey is already registered');

    return ctx.db.transaction(async (tx) => {
      const first = (await factorMethods(tx, actor.userId)).length === 0;
      const row = await repo.insert(tx, {
        userId: actor.userId,
        credentialId: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: (credential.transports ?? []).slice(0, 8),
        name: body.name,
        createdAt: now,
      });
      const recoveryCodes = first ? await issueRecoveryCodes(tx, now, actor.userId) : undefined;
      const ended = await revokeUserSessions(tx, now, actor.userId, 'second factor enrolled', actor.sessionId);
      await ctx.audit(
        {
          action: 'enrol-mfa',
          entity: 'user',
          entityId: actor.userId,
          after: { method: 'webauthn', name: row.name, otherSessionsEnded: ended },
        },
        tx,
      );
      return recoveryCodes ? { passkey: passkeyItemOf(row), recoveryCodes } : { passkey: passkeyItemOf(row) };
    });
  },

  async rename(ctx: ServiceContext, id: number, name: string): Promise<PasskeyItem> {
    const row = await repo.rename(ctx.db, actorOf(ctx).userId, id, name);
    if (!row) throw notFound('PASSKEY_NOT_FOUND', 'Passkey not found');
    return passkeyItemOf(row);
  },

  /** The password proves the person at the desk; the recovery codes go with the account's last factor. */
  async remove(ctx: ServiceContext, id: number, password: string): Promise<{ ok: true }> {
    const actor = actorOf(ctx);
    const key = await reserveCodeAttempt(ctx, actor.userId);
    const user = await usersRepository.row(ctx.db, actor.userId);
    if (!(await verifyPassword(user?.passwordHash, password)))
      throw badRequest('INVALID_CREDENTIALS', 'The password is wrong', { password: 'mismatch' });
    await releaseAttempt(ctx.db, key);
    await ctx.db.transaction(async (tx) => {
      const row = await repo.remove(tx, actor.userId, id);
      if (!row) throw notFound('PASSKEY_NOT_FOUND', 'Passkey not found');
      await dropRecoveryCodesWithLastFactor(tx, actor.userId);
      await ctx.audit(
        { action: 'remove-mfa', entity: 'user', entityId: actor.userId, after: { method: 'webauthn', name: row.name } },
        tx,
      );
    });
    return { ok: true };
  },
};
