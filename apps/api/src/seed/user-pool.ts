import type { Random } from './prng';
import type { SeedTarget } from './seed-target';

/**
 * The planner users that later seeders hand subscriptions, payments and activations to: ids and
 * registration times (epoch seconds) in typed arrays, 8 bytes a user, so a million users take 8 MB.
 */
export interface UserPool {
  size: number;
  ids: Int32Array;
  createdSec: Uint32Array;
  /** Index of the earliest registered user. */
  oldest: number;
}

const PAGE = 100_000;

/** Every planner user (role `user`) in id order, read by keyset in pages (the seeder's transaction sees its own rows). */
export async function loadUserPool(target: Pick<SeedTarget, 'query'>): Promise<UserPool> {
  const ids: number[] = [];
  const created: number[] = [];
  let lastId = 0;
  for (;;) {
    const rows = await target.query<{ id: number; t: number | string }>(
      `SELECT id, extract(epoch FROM created_at)::int AS t FROM users
        WHERE role = 'user' AND id > ${lastId} ORDER BY id LIMIT ${PAGE}`,
    );
    for (const row of rows) {
      ids.push(row.id);
      created.push(Number(row.t));
    }
    const last = rows.at(-1);
    if (!last || rows.length < PAGE) break;
    lastId = last.id;
  }
  let oldest = 0;
  for (let i = 1; i < created.length; i++) if ((created[i] ?? 0) < (created[oldest] ?? 0)) oldest = i;
  return { size: ids.length, ids: Int32Array.from(ids), createdSec: Uint32Array.from(created), oldest };
}

export interface TimedPick {
  /** Index into the pool. */
  user: number;
  /** Epoch seconds, at or after the user registered and not after `nowSec`. */
  at: number;
}

/**
 * `count` events (subscriptions, payments), each of a random user at a random moment of that user's
 * lifetime so far, yielded oldest first, so ids grow with time as they do in production. The pairs are
 * packed into one number (seconds since the first registration × pool size + user index) and sorted
 * natively: 5 000 000 events cost 40 MB and about a second, with no objects per event.
 */
export function* timedPicks(pool: UserPool, count: number, random: Random, nowSec: number): Generator<TimedPick> {
  if (count === 0) return;
  if (pool.size === 0) throw new Error('No planner users to attach rows to: seed users first (--users N)');
  let base = nowSec;
  for (const t of pool.createdSec) if (t < base) base = t;
  const span = nowSec - base + 1;
  if (span * pool.size >= Number.MAX_SAFE_INTEGER) throw new Error('Too many users for one packed sort key');
  const keys = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const user = Math.floor(random.next() * pool.size);
    const from = (pool.createdSec[user] ?? base) - base;
    const offset = Math.max(0, Math.min(span - 1, from + Math.floor(random.next() * (span - from))));
    keys[i] = offset * pool.size + user;
  }
  keys.sort();
  for (const key of keys) {
    const user = key % pool.size;
    yield { user, at: base + (key - user) / pool.size };
  }
}

/** A random user registered by `atSec` (tried a few times, else the first user of the pool). */
export function userRegisteredBy(pool: UserPool, atSec: number, random: Random): number {
  for (let attempt = 0; attempt < 8; attempt++) {
    const user = Math.floor(random.next() * pool.size);
    if ((pool.createdSec[user] ?? 0) <= atSec) return user;
  }
  return pool.oldest;
}
