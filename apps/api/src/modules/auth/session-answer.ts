import { type FailedSignIns, isStaffRole, type SessionUser } from '@pult/contract';
import type { Db } from '../../db/client';
import type { ServiceContext } from '../../lib/service-context';
import { createSession, STAFF_SESSION_LIFETIME_MS, type TokenPair } from '../sessions';
import { toUser, type UserRow } from '../users';
import { failedSignInsSinceLast } from './failed-sign-ins';

/** A new session's tokens, and for staff the refused sign-ins since the last one (issue 31). */
export type OpenedSession = TokenPair & { failedSignIns?: FailedSignIns | null };

export const withTokens = (ctx: ServiceContext, row: UserRow, pair: OpenedSession): SessionUser => ({
  ...toUser(row),
  ...(pair.failedSignIns === undefined ? {} : { failedSignIns: pair.failedSignIns }),
  apiToken: pair.apiToken,
  refreshToken: pair.refreshToken,
  apiTokenExpiresAt: pair.apiTokenExpiresAt.toISOString(),
  expiresIn: Math.round((pair.apiTokenExpiresAt.getTime() - ctx.clock.now().getTime()) / 1000),
});

/**
 * A new session and its sign-in event, inside the caller's transaction: both land or neither. Staff
 * sessions end 12 hours after the sign-in however active (ASVS 7.3.2); the planner app's last 30 days.
 */
export async function openSession(
  ctx: ServiceContext,
  tx: Db,
  row: UserRow,
  userAgent: string | undefined,
  method: 'password' | 'totp' | 'recovery' | 'webauthn',
): Promise<OpenedSession> {
  const staff = isStaffRole(row.role);
  const lifetimeMs = staff ? STAFF_SESSION_LIFETIME_MS : undefined;
  // Read before this sign-in's own event is written: the failures since the previous one.
  const failedSignIns = staff ? await failedSignInsSinceLast(tx, row.id) : undefined;
  const pair = await createSession(tx, ctx.clock.now(), row.id, { ip: ctx.ip, userAgent, lifetimeMs });
  await ctx.audit(
    {
      actorId: row.id,
      action: 'signin',
      entity: 'user',
      entityId: row.id,
      after: signInDetails(method, userAgent),
    },
    tx,
  );
  return { ...pair, failedSignIns };
}

/** What a sign-in event keeps besides the address the audit log records itself (ASVS 16.3.1). */
export const signInDetails = (method: string, userAgent: string | undefined) => ({
  method,
  userAgent: userAgent?.slice(0, 300) ?? null,
});

/**
 * A refused sign-in of a known account, for its owner and the admins to see (ASVS 16.3.2). Unknown
 * e-mails are not written: what was typed there may be a password typed into the wrong field.
 */
export const auditRefusedSignIn = (
  ctx: ServiceContext,
  userId: number,
  reason: 'password' | 'code' | 'blocked',
  userAgent: string | undefined,
) =>
  ctx.audit({
    actorId: null,
    action: 'signin-failed',
    entity: 'user',
    entityId: userId,
    after: { reason, userAgent: userAgent?.slice(0, 300) ?? null },
  });
