import type { AbState } from '@pult/contract';
import { type SQL, sql } from 'drizzle-orm';

/**
 * Where a recipient falls in an A/B push, as SQL over `user_id` (set-based: one expression in the
 * targeting INSERT, never a query per device). The bucket 0–99 is a hash of the push and the person,
 * so all of a person's phones get the same text, a person's buckets differ between pushes, and a
 * resumed targeting computes the same split. Buckets fill A, B, … by their shares, then the holdout,
 * then the rest.
 */
export function abPlacement(reminderId: number, ab: AbState, userId: SQL) {
  // Whole numbers the contract bounded (shares 1–100, holdout 0–50), written into the statement so the
  // planner sees constants rather than parameters of a type it must guess.
  const n = (value: number) => sql.raw(String(Math.trunc(value)));
  // hashtext is int4: taken modulo in bigint, so the most negative value needs no absolute value.
  const bucket = sql`((hashtext(${n(reminderId)}::text || ':' || ${userId}::text)::bigint % 100 + 100) % 100)`;
  const bounds: number[] = [];
  let edge = 0;
  for (const share of ab.split) {
    edge += share;
    bounds.push(edge);
  }
  const tested = edge;
  const heldOut = tested + ab.holdout;
  const variant = sql`CASE ${sql.join(
    bounds.map((bound, index) => sql`WHEN ${bucket} < ${n(bound)} THEN ${n(index)}`),
    sql` `,
  )} END`;
  return {
    /** smallint text index, null for the holdout and the rest. */
    variant: sql`(${variant})::smallint`,
    state: sql`CASE WHEN ${bucket} < ${n(tested)} THEN 'pending' WHEN ${bucket} < ${n(heldOut)} THEN 'skipped' ELSE 'held' END`,
    skipReason: sql`CASE WHEN ${bucket} >= ${n(tested)} AND ${bucket} < ${n(heldOut)} THEN 'holdout' END`,
  };
}
