import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { pgPoolOf } from '../../db/copy-out';
import type { GrantedRow } from '../subscriptions';

export interface RedeemCall {
  code: string;
  userId: number;
  at: Date;
  shard: number;
  ip: string | null;
  userKey: string;
  ipKey: string;
  perUser: number;
  perIp: number;
  windowMs: number;
}

/** The procedure's answer: `retry_after` when a limit refused the attempt, else the grant. */
export type RedeemRow = GrantedRow & { retry_after: number | null };

const CALL = `CALL pult_redeem_promo_code($1::text, $2::int, $3::timestamptz, $4::int, $5::inet,
  $6::text, $7::text, $8::int, $9::int, $10::interval)`;

/**
 * One round trip for a redemption: `pult_redeem_promo_code` (migration 0016) reserves the attempt,
 * claims the code and grants the plan, and gives the attempt back on success. On PostgreSQL it is a
 * named prepared statement (parsed and planned once per connection); PGlite runs the same CALL.
 */
export async function redeemPromoCode(db: Db, call: RedeemCall): Promise<RedeemRow | undefined> {
  const values = [
    call.code,
    call.userId,
    call.at.toISOString(),
    call.shard,
    call.ip,
    call.userKey,
    call.ipKey,
    call.perUser,
    call.perIp,
    `${call.windowMs} milliseconds`,
  ];
  const pool = pgPoolOf(db);
  if (pool) {
    const result = await pool.query<RedeemRow>({ name: 'pult-redeem-promo-code', text: CALL, values });
    return result.rows[0];
  }
  const [row] = await queryRows<RedeemRow>(
    db,
    sql`CALL pult_redeem_promo_code(${values[0]}::text, ${values[1]}::int, ${values[2]}::timestamptz,
      ${values[3]}::int, ${values[4]}::inet, ${values[5]}::text, ${values[6]}::text, ${values[7]}::int,
      ${values[8]}::int, ${values[9]}::interval)`,
  );
  return row;
}
