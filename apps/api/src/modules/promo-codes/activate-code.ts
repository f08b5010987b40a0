import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type Db, queryRows } from '../../db/client';
import { withDatabaseRefusals } from '../../lib/pg-errors';
import { fromGrantedRow, type GrantedRow } from '../subscriptions/grant-subscription';
import { COUNTER_SHARDS } from './series-repository';

/**
 * A planner user redeems a code (product.md §7): one call of `pult_activate_promo_code` (migration
 * 0005, docs/decisions/0009) claims the code only if it is new and its series enabled and within its
 * dates — of two concurrent redemptions exactly one wins — bumps a counter shard and grants the plan
 * through `pult_grant_subscription`, all in one transaction. Refusals come back as 404/409.
 */
export const activateCode = (db: Db, request: FastifyRequest, userId: number, rawCode: string) =>
  withDatabaseRefusals(async () => {
    const shard = Math.floor(Math.random() * COUNTER_SHARDS);
    const [row] = await queryRows<GrantedRow>(
      db,
      sql`select * from pult_activate_promo_code(${rawCode.trim().toUpperCase()}::text, ${userId}::int,
            ${request.server.clock.now()}::timestamptz, ${shard}::int, ${request.ip}::inet)`,
    );
    return fromGrantedRow(row);
  });
