import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Listen } from '../../db/notifications';
import type { Principal } from '../../types';

/**
 * The per-process cache of live staff sessions (docs/decisions/0051): the guard answers a known access
 * token from memory instead of a round trip per request, and every change that ends a session or
 * changes what it may do empties the affected users' entries at once, in this process before the
 * answer and in every other by NOTIFY on this channel at the change's commit.
 */
export const SESSIONS_CHANNEL = 'pult_sessions';
/** The safety net: an entry is read again after this even if no notification came (one was lost). */
export const SESSION_CACHE_TTL_MS = 30_000;
/** A change this process made but has not yet heard committed keeps its users out of the cache this long at most (a rollback never notifies). */
const PENDING_MS = 60_000;
const MAX_ENTRIES = 10_000;
/** NOTIFY payloads stop at 8,000 bytes: a change of more users than this empties the whole cache. */
const MAX_USERS_NAMED = 500;

export interface CachedSession {
  principal: Principal;
  /** The session's last request as known here (a lower bound of the database's `last_seen_at`). */
  lastSeenAt: Date;
  /** When this process last wrote, or tried to write, `last_seen_at`: the once-a-minute write is counted from it. */
  touchedAt: number;
  /** The access token's end or the session's, whichever is first. */
  validUntil: Date;
  cachedAt: number;
}

interface Change {
  /** Names the change, so that hearing it committed lifts exactly its mark. */
  key: string;
  users: number[] | 'all';
}

const caches = new Set<SessionCache>();
const processTag = randomBytes(6).toString('base64url');
let changeCount = 0;

export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();
  /** Changes made by this process and not yet heard committed: their users are read from the database meanwhile. */
  private readonly pending = new Map<string, { users: Set<number> | 'all'; until: number }>();
  /** Bumped by every change: a database read begun before one may hold what it changed, so it is not kept. */
  private generation = 0;
  /** Only while the LISTEN connection is up: a notification sent while it is down is lost. */
  private listening = false;
  private unlisten: (() => Promise<void>) | undefined;

  async start(listen: Listen): Promise<void> {
    caches.add(this);
    this.unlisten = await listen(
      SESSIONS_CHANNEL,
      (payload) => this.heard(payload),
      (listening) => this.setListening(listening),
    );
    this.setListening(true);
  }

  async stop(): Promise<void> {
    caches.delete(this);
    this.setListening(false);
    await this.unlisten?.();
  }

  get size(): number {
    return this.entries.size;
  }

  /** The entry of this token hash if it may be trusted at `now`. */
  get(hash: string, now: Date): CachedSession | undefined {
    if (!this.listening) return undefined;
    const entry = this.entries.get(hash);
    if (!entry) return undefined;
    const at = now.getTime();
    if (at >= entry.validUntil.getTime() || at < entry.cachedAt || at - entry.cachedAt >= SESSION_CACHE_TTL_MS) {
      this.entries.delete(hash);
      return undefined;
    }
    return entry;
  }

  /** Taken before a database read whose result may be kept (`store`). */
  get mark(): number {
    return this.generation;
  }

  /** Keeps what a read begun at `mark` found, unless a change came in between or is still on its way. */
  store(hash: string, entry: CachedSession, mark: number): void {
    if (!this.listening || mark !== this.generation || this.isPending(entry.principal.userId)) return;
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(hash, entry);
  }

  forget(hash: string): void {
    this.entries.delete(hash);
  }

  /** A change made in this process, before its commit: its users leave the cache until it is heard. */
  changing(change: Change): void {
    this.pending.set(change.key, {
      users: change.users === 'all' ? 'all' : new Set(change.users),
      until: Date.now() + PENDING_MS,
    });
    this.drop(change.users);
  }

  private heard(payload: string): void {
    let change: Change;
    try {
      change = JSON.parse(payload) as Change;
    } catch {
      change = { key: '', users: 'all' };
    }
    this.pending.delete(change.key);
    this.drop(Array.isArray(change.users) ? change.users : 'all');
  }

  private drop(users: number[] | 'all'): void {
    this.generation += 1;
    if (users === 'all') {
      this.entries.clear();
      return;
    }
    const gone = new Set(users);
    for (const [hash, entry] of this.entries) if (gone.has(entry.principal.userId)) this.entries.delete(hash);
  }

  private isPending(userId: number): boolean {
    if (this.pending.size === 0) return false;
    const now = Date.now();
    for (const [key, change] of this.pending) {
      if (change.until <= now) this.pending.delete(key);
      else if (change.users === 'all' || change.users.has(userId)) return true;
    }
    return false;
  }

  private setListening(listening: boolean): void {
    this.listening = listening;
    this.drop('all');
  }
}

/**
 * To be called by every write that ends a session or changes what its user may do (role, status,
 * e-mail, password), with the transaction it belongs to: this process's caches drop those users at
 * once and read them from the database until the change is heard committed, and the NOTIFY sent in
 * the same transaction reaches every process at its commit (never for a rollback).
 */
export async function sessionsChanged(db: Db, userIds: readonly number[] | 'all'): Promise<void> {
  if (userIds !== 'all' && userIds.length === 0) return;
  changeCount += 1;
  const change: Change = {
    key: `${processTag}.${changeCount}`,
    users: userIds === 'all' || userIds.length > MAX_USERS_NAMED ? 'all' : [...userIds],
  };
  for (const cache of caches) cache.changing(change);
  await db.execute(sql`SELECT pg_notify(${SESSIONS_CHANNEL}, ${JSON.stringify(change)})`);
}
