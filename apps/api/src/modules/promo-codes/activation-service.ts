import type { Subscription } from '@pult/contract';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { withDatabaseRefusals } from '../../lib/pg-errors';
import { actorOf, type ServiceContext } from '../../lib/service-context';
import { fromGrantedRow, type GrantedRow, toSubscription } from '../subscriptions';
import { COUNTER_SHARDS } from './series-repository';

/**
 * A planner user redeems a code: one call of `pult_activate_promo_code` (migration 0005,
 * docs/decisions/0009) claims the code only if it is new and its series enabled and within its
 * dates — of two concurrent redemptions exactly one wins — bumps a counter shard and grants the
 * plan through `pult_grant_subscription`, all in one transaction. Its refusals name their code in
 * HINT (CODE_NOT_FOUND, CODE_USED, CODE_BLOCKED, SERIES_INACTIVE/NOT_STARTED/ENDED, PLAN_DISABLED).
 */
export const activationService = {
  activate: (ctx: ServiceContext, rawCode: string): Promise<Subscription> =>
    withDatabaseRefusals(async () => {
      const shard = Math.floor(Math.random() * COUNTER_SHARDS);
      const now = ctx.clock.now();
      const [row] = await queryRows<GrantedRow>(
        ctx.db,
        sql`select * from pult_activate_promo_code(${rawCode.trim().toUpperCase()}::text, ${actorOf(ctx).userId}::int,
              ${now}::timestamptz, ${shard}::int, ${ctx.ip}::inet)`,
      );
      const granted = fromGrantedRow(row);
      return toSubscription(granted.subscription, granted.planTitle, now);
    }),
};
