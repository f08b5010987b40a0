import { ACCESS_TOKEN_TTL_SECONDS } from '@pult/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, sessionTokens, users } from '../../db/schema';
import { hashToken, randomToken } from '../../lib/tokens';
import type { Principal } from '../../types';

/** A session cannot outlive this, however often it is refreshed: a stolen refresh token dies with it. */
export const SESSION_LIFETIME_MS = 30 * 24 * 3600 * 1000;
const ACCESS_TTL_MS = ACCESS_TOKEN_TTL_SECONDS * 1000;

export interface TokenPair {
  apiToken: string;
  refreshToken: string;
  apiTokenExpiresAt: Date;
}

async function issuePair(db: Db, sessionId: number, now: Date, sessionEnd: Date): Promise<TokenPair> {
  const apiToken = randomToken();
  const refreshToken = randomToken();
  const apiTokenExpiresAt = new Date(Math.min(now.getTime() + ACCESS_TTL_MS, sessionEnd.getTime()));
  await db.insert(sessionTokens).values([
    { hash: hashToken(apiToken), sessionId, kind: 'access', expiresAt: apiTokenExpiresAt },
    { hash: hashToken(refreshToken), sessionId, kind: 'refresh', expiresAt: sessionEnd },
  ]);
  return { apiToken, refreshToken, apiTokenExpiresAt };
}

export async function createSession(
  db: Db,
  now: Date,
  userId: number,
  meta: { ip?: string; userAgent?: string },
): Promise<TokenPair> {
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  return db.transaction(async (tx) => {
    const [session] = await tx
      .insert(sessions)
      .values({
        userId,
        createdAt: now,
        expiresAt,
        ip: meta.ip ?? null,
        userAgent: meta.userAgent?.slice(0, 300) ?? null,
      })
      .returning({ id: sessions.id });
    if (!session) throw new Error('session insert returned nothing');
    await tx.update(users).set({ lastSeenAt: now }).where(eq(users.id, userId));
    return issuePair(tx, session.id, now, expiresAt);
  });
}

export type RotateResult = { ok: true; userId: number; pair: TokenPair } | { ok: false; reason: 'invalid' | 'reused' };

/**
 * Refresh-token rotation: a refresh token works once. Presenting one that was already used means
 * it leaked (or a client replays it), so the whole session is revoked (OAuth 2.0 Security BCP §4.14).
 */
export async function rotateRefreshToken(db: Db, now: Date, refreshToken: string): Promise<RotateResult> {
  const hash = hashToken(refreshToken);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ session: sessions, token: sessionTokens, userStatus: users.status })
      .from(sessionTokens)
      .innerJoin(sessions, eq(sessions.id, sessionTokens.sessionId))
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessionTokens.hash, hash), eq(sessionTokens.kind, 'refresh')));
    if (!row) return { ok: false, reason: 'invalid' } as const;
    const { session, token } = row;
    if (session.revokedAt || session.expiresAt <= now || row.userStatus !== 'active') {
      return { ok: false, reason: 'invalid' } as const;
    }
    // The conditional update makes "used" atomic: of two concurrent refreshes with one token, one wins.
    const claimed = await tx
      .update(sessionTokens)
      .set({ usedAt: now })
      .where(and(eq(sessionTokens.hash, hash), isNull(sessionTokens.usedAt)))
      .returning({ hash: sessionTokens.hash });
    if (token.usedAt || claimed.length === 0) {
      await revokeSessionIn(tx, now, session.id, 'refresh token reused');
      return { ok: false, reason: 'reused' } as const;
    }
    await tx.update(users).set({ lastSeenAt: now }).where(eq(users.id, session.userId));
    const pair = await issuePair(tx, session.id, now, session.expiresAt);
    return { ok: true, userId: session.userId, pair } as const;
  });
}

async function revokeSessionIn(db: Db, now: Date, sessionId: number, reason: string) {
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export const revokeSession = (db: Db, now: Date, sessionId: number, reason: string) =>
  revokeSessionIn(db, now, sessionId, reason);

/** Ends every session of a user: sign-out everywhere, block, delete, role or password change. */
export async function revokeUserSessions(db: Db, now: Date, userId: number, reason: string): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length;
}

/**
 * The query behind every authenticated request, prepared once per database (a named statement on
 * PostgreSQL): planning its three joins cost more than running them. The joins make revocation
 * instant: a revoked session, a blocked or deleted account or an expired token stops matching at once.
 */
const preparePrincipalQuery = (db: Db) =>
  db
    .select({ userId: users.id, sessionId: sessions.id, role: users.role, email: users.email })
    .from(sessionTokens)
    .innerJoin(sessions, eq(sessions.id, sessionTokens.sessionId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessionTokens.hash, sql.placeholder('hash')),
        eq(sessionTokens.kind, 'access'),
        gt(sessionTokens.expiresAt, sql.placeholder('now')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        eq(users.status, 'active'),
      ),
    )
    .prepare('find_principal');

const principalQueries = new WeakMap<Db, ReturnType<typeof preparePrincipalQuery>>();

/** Resolves an access token to its caller in one query. */
export async function findPrincipal(db: Db, now: Date, apiToken: string): Promise<Principal | null> {
  let query = principalQueries.get(db);
  if (!query) {
    query = preparePrincipalQuery(db);
    principalQueries.set(db, query);
  }
  const [row] = await query.execute({ hash: hashToken(apiToken), now });
  return row ?? null;
}
