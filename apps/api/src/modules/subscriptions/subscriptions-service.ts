import type { api, ParsedQuery, Subscription, SubscriptionsPage } from '@pult/contract';
import { withDatabaseRefusals } from '../../lib/pg-errors';
import type { ServiceContext } from '../../lib/service-context';
import { requireStepUp } from '../../lib/step-up';
import { toUserWithRegister } from '../users';
import { subscriptionConditions } from './subscription-filters';
import { toSubscription } from './subscription-row';
import { subscriptionsRepository as repo } from './subscriptions-repository';

type ListQuery = ParsedQuery<typeof api.subscriptions.list>;

/** The rules about users' subscriptions: how a page is read, and the admin's grant. */
export const subscriptionsService = {
  /**
   * In the sort's order (newest first by default), with `additionalInfo.relatedUsers`: exactly the users the page's `owner` values
   * name, in the order they first appear, with their current subscriptions; they come joined to the
   * page's rows, in the same statement.
   */
  async list(ctx: ServiceContext, query: ListQuery): Promise<SubscriptionsPage> {
    const { take, page, sort, ...filter } = query;
    const now = ctx.clock.now();
    const condition = subscriptionConditions(filter, now);
    // One owner's subscriptions are a handful: count them exactly in the page's own query.
    const result = filter.owner
      ? await repo.smallPage(ctx.db, condition, sort, take, page)
      : await repo.largePage(ctx.db, condition, sort, take, page);
    const items = result.rows.map((row) => toSubscription(row.subscription, row.planTitle, now));
    const owners = new Map(result.rows.map((row) => [row.owner.id, row]));
    return {
      items,
      count: result.count,
      countIsEstimate: result.isEstimate,
      additionalInfo: {
        relatedUsers: [...owners.values()].map((row) =>
          toUserWithRegister({ user: row.owner, current: row.ownerCurrent }, now),
        ),
      },
    };
  },

  /**
   * Starts the user's subscription to the plan, or extends the live one from its current expiry.
   * The database function refuses an unknown user or plan (404), a deleted user or a disabled plan
   * (409), each with its code; nothing is written then.
   */
  async grantByAdmin(ctx: ServiceContext, userId: number, planId: number): Promise<Subscription> {
    await requireStepUp(ctx);
    const at = ctx.clock.now();
    const granted = await withDatabaseRefusals(() =>
      repo.grant(ctx.db, {
        userId,
        planId,
        source: 'admin',
        provider: 'admin',
        at,
        actorId: ctx.actor?.userId ?? null,
        ip: ctx.ip,
        requestId: ctx.requestId,
      }),
    );
    return toSubscription(granted.subscription, granted.planTitle, at);
  },
};
