import { ACCESS_TOKEN_TTL_SECONDS, isStaffRole } from '@pult/contract';
import { and, desc, eq, fillPlaceholders, gt, gte, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, sessionTokens, users } from '../../db/schema';
import { hashToken, openWith, randomToken, sealFor } from '../../lib/tokens';
import type { Principal } from '../../types';
import { sessionsChanged } from './session-cache';

/** A session cannot outlive this, however often it is refreshed: a stolen refresh token dies with it. */
export const SESSION_LIFETIME_MS = 30 * 24 * 3600 * 1000;
/** A staff session's absolute end (ASVS 7.3.2): a working day, then the password (and factor) again. */
export const STAFF_SESSION_LIFETIME_MS = 12 * 3600 * 1000;
/** `last_seen_at` is written at most this often: one write a minute per session, not one per request. */
export const LAST_SEEN_PRECISION_MS = 60_000;
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
  meta: { ip?: string; userAgent?: string; lifetimeMs?: number },
): Promise<TokenPair> {
  const expiresAt = new Date(now.getTime() + (meta.lifetimeMs ?? SESSION_LIFETIME_MS));
  return db.transaction(async (tx) => {
    const [session] = await tx
      .insert(sessions)
      .values({
        userId,
        createdAt: now,
        lastSeenAt: now,
        // The sign-in itself proved the person: the dangerous actions need no step-up for a while.
        steppedUpAt: now,
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
 * How long a used refresh token still answers with the pair it was exchanged for: two tabs, or a
 * client retrying after a lost answer, present the same token at nearly the same time and must not
 * sign the user out. After this, presenting it again is a replay and revokes the session.
 */
export const REFRESH_GRACE_MS = 30_000;

const sealPair = (refreshToken: string, pair: TokenPair) =>
  sealFor(refreshToken, JSON.stringify({ ...pair, apiTokenExpiresAt: pair.apiTokenExpiresAt.toISOString() }));

function openPair(refreshToken: string, sealed: string | null): TokenPair | null {
  const text = sealed ? openWith(refreshToken, sealed) : null;
  if (!text) return null;
  const { apiToken, refreshToken: next, apiTokenExpiresAt } = JSON.parse(text) as Record<string, string>;
  if (!apiToken || !next || !apiTokenExpiresAt) return null;
  return { apiToken, refreshToken: next, apiTokenExpiresAt: new Date(apiTokenExpiresAt) };
}

/**
 * Refresh-token rotation: a refresh token works once. Presenting one that was already used means
 * it leaked (or a client replays it), so the whole session is revoked (OAuth 2.0 Security BCP §4.14)
 * — except within REFRESH_GRACE_MS of its use, when the same successor pair is answered again.
 * The token's row is locked, so a concurrent second refresh waits for the first and then sees its pair.
 */
export async function rotateRefreshToken(
  db: Db,
  now: Date,
  refreshToken: string,
  /** `staffIdleSince`: staff sessions idle since then are over; `activity`: the refresh counts as the session's activity. */
  { staffIdleSince = null, activity = true }: { staffIdleSince?: Date | null; activity?: boolean } = {},
): Promise<RotateResult> {
  const hash = hashToken(refreshToken);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ session: sessions, token: sessionTokens, userStatus: users.status, role: users.role })
      .from(sessionTokens)
      .innerJoin(sessions, eq(sessions.id, sessionTokens.sessionId))
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessionTokens.hash, hash), eq(sessionTokens.kind, 'refresh')))
      .for('update', { of: sessionTokens });
    if (!row) return { ok: false, reason: 'invalid' } as const;
    const { session, token } = row;
    if (session.revokedAt || session.expiresAt <= now || row.userStatus !== 'active') {
      return { ok: false, reason: 'invalid' } as const;
    }
    if (staffIdleSince && isStaffRole(row.role) && session.lastSeenAt < staffIdleSince) {
      await revokeSessionIn(tx, now, session.id, 'idle');
      return { ok: false, reason: 'invalid' } as const;
    }
    if (token.usedAt) {
      const withinGrace = now.getTime() - token.usedAt.getTime() <= REFRESH_GRACE_MS;
      const successor = withinGrace ? openPair(refreshToken, token.successor) : null;
      if (successor) return { ok: true, userId: session.userId, pair: successor } as const;
      await revokeSessionIn(tx, now, session.id, 'refresh token reused');
      return { ok: false, reason: 'reused' } as const;
    }
    if (activity) {
      await tx.update(users).set({ lastSeenAt: now }).where(eq(users.id, session.userId));
      await tx.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, session.id));
    }
    const pair = await issuePair(tx, session.id, now, session.expiresAt);
    await tx
      .update(sessionTokens)
      .set({ usedAt: now, successor: sealPair(refreshToken, pair) })
      .where(eq(sessionTokens.hash, hash));
    return { ok: true, userId: session.userId, pair } as const;
  });
}

async function revokeSessionIn(db: Db, now: Date, sessionId: number, reason: string) {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ userId: sessions.userId });
  await sessionsChanged(
    db,
    revoked.map((row) => row.userId),
  );
}

export const revokeSession = (db: Db, now: Date, sessionId: number, reason: string) =>
  revokeSessionIn(db, now, sessionId, reason);

/**
 * Ends every session of a user: sign-out everywhere, block, delete, role or password change.
 * `keepSessionId` spares the caller's own session (changing one's own password).
 */
export async function revokeUserSessions(
  db: Db,
  now: Date,
  userId: number,
  reason: string,
  keepSessionId?: number,
): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId),
      ),
    )
    .returning({ id: sessions.id });
  if (revoked.length > 0) await sessionsChanged(db, [userId]);
  return revoked.length;
}

/**
 * The query behind every authenticated request, prepared once per database (a named statement on
 * PostgreSQL): planning its three joins cost more than running them. The joins make revocation
 * instant: a revoked session, a blocked or deleted account or an expired token stops matching at once.
 *
 * Each step is a lateral lookup of the one row the step before names by primary key (its LIMIT 1
 * keeps the planner from merging it into the others), so the plan always starts from the token. As one
 * flat join, the reused (generic) plan followed the statistics: on tables never analyzed (PGlite has
 * no autovacuum) it scanned every session and its user on each request, 2,078 buffers and 1.2 ms
 * with 296 sessions, growing with every sign-in.
 */
const preparePrincipalQuery = (db: Db) => {
  const now = sql.placeholder('now');
  const session = db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(and(eq(sessions.id, sessionTokens.sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1)
    .as('live_session');
  // The account's status is checked by the caller: as a condition here it offered the planner the
  // status index, which it took over the primary key on a table never analyzed.
  const user = db
    .select({ id: users.id, role: users.role, email: users.email, status: users.status })
    .from(users)
    .where(eq(users.id, session.userId))
    .limit(1)
    .as('session_user');
  return db
    .select({
      userId: user.id,
      sessionId: session.id,
      role: user.role,
      email: user.email,
      status: user.status,
      lastSeenAt: session.lastSeenAt,
      sessionExpiresAt: session.expiresAt,
      tokenExpiresAt: sessionTokens.expiresAt,
    })
    .from(sessionTokens)
    .crossJoinLateral(session)
    .crossJoinLateral(user)
    .where(
      and(
        eq(sessionTokens.hash, sql.placeholder('hash')),
        eq(sessionTokens.kind, 'access'),
        gt(sessionTokens.expiresAt, now),
      ),
    )
    .prepare('find_principal');
};

const principalQueries = new WeakMap<Db, ReturnType<typeof preparePrincipalQuery>>();

/** The session lookup's SQL and its parameters for a token at `now`, for tests of its plan. */
export function principalQueryText(db: Db, now: Date, apiToken: string): { text: string; params: unknown[] } {
  const query = preparePrincipalQuery(db).getQuery();
  return { text: query.sql, params: fillPlaceholders(query.params, { hash: hashToken(apiToken), now }) };
}

/**
 * A caller, when its session last made a request (the guard ends idle staff sessions), and until when
 * its token may be used at all (the token's end or the session's, whichever is first).
 */
export type SessionPrincipal = Principal & { lastSeenAt: Date; validUntil: Date };

/** Resolves an access token to its caller in one query. */
export async function findPrincipal(db: Db, now: Date, apiToken: string): Promise<SessionPrincipal | null> {
  let query = principalQueries.get(db);
  if (!query) {
    query = preparePrincipalQuery(db);
    principalQueries.set(db, query);
  }
  const [row] = await query.execute({ hash: hashToken(apiToken), now });
  // A blocked or deleted account stops matching at once, as a revoked session does.
  if (row?.status !== 'active') return null;
  const validUntil = row.tokenExpiresAt < row.sessionExpiresAt ? row.tokenExpiresAt : row.sessionExpiresAt;
  return {
    userId: row.userId,
    sessionId: row.sessionId,
    role: row.role,
    email: row.email,
    lastSeenAt: row.lastSeenAt,
    validUntil,
  };
}

/**
 * Records a request on the session, at most once per LAST_SEEN_PRECISION_MS (the condition skips the
 * write); answers whether it wrote (false: another process wrote within the minute, or the session is gone).
 */
export async function touchSession(db: Db, sessionId: number, now: Date): Promise<boolean> {
  const written = await db
    .update(sessions)
    .set({ lastSeenAt: now })
    .where(and(eq(sessions.id, sessionId), lt(sessions.lastSeenAt, new Date(now.getTime() - LAST_SEEN_PRECISION_MS))))
    .returning({ id: sessions.id });
  return written.length > 0;
}

export interface LiveSessionRow {
  id: number;
  createdAt: Date;
  lastSeenAt: Date;
  ip: string | null;
  userAgent: string | null;
}

/** A user's sessions still usable at `now`, newest first (`idleSince`: staff sessions idle since then are over). */
export async function liveSessionsOf(db: Db, userId: number, now: Date, idleSince: Date): Promise<LiveSessionRow[]> {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gte(sessions.lastSeenAt, idleSince),
      ),
    )
    .orderBy(desc(sessions.createdAt), desc(sessions.id));
}

/** Ends one session of this user; false when it is not theirs or already over. */
export async function revokeOwnSession(
  db: Db,
  now: Date,
  userId: number,
  sessionId: number,
  reason: string,
): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  if (rows.length > 0) await sessionsChanged(db, [userId]);
  return rows.length > 0;
}

/** Of these users, the ones with a session still usable at `now` (not revoked, not past its end). */
export async function usersWithLiveSessions(db: Db, userIds: number[], now: Date): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: sessions.userId })
    .from(sessions)
    .where(and(inArray(sessions.userId, userIds), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  return new Set(rows.map((row) => row.userId));
}

/** Ends every session of these users in one statement (a bulk block or sign-out). */
export async function revokeSessionsOfUsers(db: Db, now: Date, userIds: number[], reason: string): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(inArray(sessions.userId, userIds), isNull(sessions.revokedAt)));
  await sessionsChanged(db, userIds);
}
