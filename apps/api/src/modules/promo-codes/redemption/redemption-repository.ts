import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client';
import { pgPoolOf } from '../../../db/copy-out';
import { refusalError } from '../../../lib/pg-errors';
import type { GrantedRow } from '../../subscriptions';
import { COUNTER_SHARDS } from '../series/series-repository';

export interface RedeemCall {
  code: string;
  userId: number;
  at: Date;
  ip: string | null;
  /** The request that redeems it (its audit event's `request_id`). */
  requestId?: string | null;
  userKey: string;
  ipKey: string;
  perUser: number;
  perIp: number;
  windowMs: number;
}

/** A redemption's answer: seconds to wait when a limit refused the attempt, else the grant. */
export type Redeemed = { retryAfter: number } | { granted: GrantedRow };

/** What pult_redeem_promo_codes answers for one redemption (migrations 0025 and 0026). */
type BatchResult = Redeemed | { error: { code: string; message: string; hint: string | null } };

/**
 * A failure the procedure caught for one redemption that is not a refusal (a deadlock, a bug), thrown
 * as the database error it was: code, message, hint.
 */
class RedemptionFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly hint: string | undefined,
  ) {
    super(message);
  }
}

/** The most redemptions in one batch: the procedure's subtransactions stay within PostgreSQL's 64 per backend. */
export const MAX_BATCH = 32;
const CALL_NAME = 'pult-redeem-promo-codes';
const CALL = 'CALL pult_redeem_promo_codes($1::jsonb, $2::int)';

interface Pending {
  call: RedeemCall;
  resolve: (value: Redeemed) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for redemptions (docs/decisions/0027). A redemption that arrives while no batch is in
 * the database goes at once, alone; those that arrive meanwhile wait for it and then go together, up to
 * MAX_BATCH, in one CALL of pult_redeem_promo_codes. One batch at a time per database handle: the
 * procedure takes its locks in one order (limiter keys, codes, users, counters), so batches from
 * several processes cannot deadlock either. Under load a batch grows with the requests in flight;
 * alone, nothing waits.
 */
class RedemptionQueue {
  private readonly waiting: Pending[] = [];
  private running = false;

  constructor(private readonly db: Db) {}

  redeem(call: RedeemCall): Promise<Redeemed> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ call, resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, MAX_BATCH);
        try {
          const results = await runBatch(this.db, batch, Math.floor(Math.random() * COUNTER_SHARDS));
          for (const [i, pending] of batch.entries()) settle(pending, results[i]);
        } catch (error) {
          for (const pending of batch) pending.reject(error);
        }
      }
    } finally {
      this.running = false;
    }
  }
}

function settle(pending: Pending, result: BatchResult | undefined): void {
  if (!result) pending.reject(new Error('pult_redeem_promo_codes: no result for a redemption'));
  else if ('error' in result) {
    const { code, message, hint } = result.error;
    pending.reject(refusalError(result.error) ?? new RedemptionFailure(code, message, hint ?? undefined));
  } else pending.resolve(result);
}

async function runBatch(db: Db, batch: Pending[], shard: number): Promise<BatchResult[]> {
  const items = JSON.stringify(
    batch.map(({ call }) => ({
      value: call.code,
      user: call.userId,
      at: call.at.toISOString(),
      ip: call.ip,
      requestId: call.requestId ?? null,
      userKey: call.userKey,
      ipKey: call.ipKey,
      perUser: call.perUser,
      perIp: call.perIp,
      windowMs: call.windowMs,
    })),
  );
  const pool = pgPoolOf(db);
  // A named prepared statement on PostgreSQL (parsed and planned once per connection); PGlite runs the same CALL.
  const [row] = pool
    ? (await pool.query<{ results: BatchResult[] }>({ name: CALL_NAME, text: CALL, values: [items, shard] })).rows
    : await queryRows<{ results: BatchResult[] }>(
        db,
        sql`CALL pult_redeem_promo_codes(${items}::jsonb, ${shard}::int)`,
      );
  return row?.results ?? [];
}

const queues = new WeakMap<Db, RedemptionQueue>();

/**
 * Redeems one code through its database's queue: reserves the attempt, claims the code, grants the
 * plan and gives the attempt back on success (pult_redeem_promo_codes, db/functions). A refusal
 * rejects with its HttpError (lib/pg-errors.ts ROUTINE_REFUSALS: 404 CODE_NOT_FOUND, 409 CODE_USED, …).
 */
export function redeemPromoCode(db: Db, call: RedeemCall): Promise<Redeemed> {
  let queue = queues.get(db);
  if (!queue) {
    queue = new RedemptionQueue(db);
    queues.set(db, queue);
  }
  return queue.redeem(call);
}
