import { type MrrMovementItem, type MrrMovementKind, type MrrMovements, mrrMovementKinds } from '@pult/contract';
import { addDays, dayOf } from '../../src/modules/dashboard/moscow-day';
import type { DashboardTest } from './dashboard-fixture';

/**
 * The second method: every customer's MRR walked day by day from the raw rows, straight from the
 * definition (decision 0038), with no candidate days and no SQL beyond reading the rows.
 */
export async function naiveMrrMovements(
  t: DashboardTest,
  from: string,
  to: string,
): Promise<{ sums: MrrMovements; items: Map<MrrMovementKind, MrrMovementItem[]> }> {
  const rows = await t.rows<{
    owner: number;
    plan_id: number;
    status: string;
    source: string;
    started_at: string | Date;
    expires_at: string | Date | null;
    period: string;
    price: number;
  }>(`SELECT s.owner, s.plan_id, s.status, s.source, s.started_at, s.expires_at, p.period, p.price
      FROM subscriptions s JOIN subscription_plans p ON p.id = s.plan_id`);
  const counted = rows
    .filter((r) => r.source === 'purchase' && r.status !== 'canceled' && r.period !== 'lifetime' && r.price > 0)
    .map((r) => ({
      owner: r.owner,
      planId: r.plan_id,
      sd: dayOf(new Date(r.started_at)),
      ed: r.expires_at === null ? null : dayOf(new Date(r.expires_at)),
      mrr: r.period === 'year' ? Math.round(r.price / 12) : r.price,
    }));
  const sums: MrrMovements = { new: 0, expansion: 0, contraction: 0, churn: 0, reactivation: 0, net: 0 };
  const items = new Map<MrrMovementKind, MrrMovementItem[]>(mrrMovementKinds.map((k) => [k, []]));
  for (const owner of new Set(counted.map((c) => c.owner))) {
    const subs = counted.filter((c) => c.owner === owner);
    const mrrOn = (day: string) => {
      const on = subs.filter((s) => s.sd <= day && (s.ed === null || s.ed >= day));
      const running = on.filter((s) => s.ed === null || s.ed > day);
      return (running.length > 0 ? running : on).reduce((n, s) => n + s.mrr, 0);
    };
    let day = subs.map((s) => s.sd).sort()[0] ?? from;
    let before = 0;
    let ever = false;
    for (; day <= to; day = addDays(day, 1)) {
      const now = mrrOn(day);
      if (day >= from && now !== before) {
        const kind: MrrMovementKind =
          before === 0
            ? ever
              ? 'reactivation'
              : 'new'
            : now === 0
              ? 'churn'
              : now > before
                ? 'expansion'
                : 'contraction';
        sums[kind] += now - before;
        items
          .get(kind)
          ?.push({ userId: owner, email: `mrr${owner}@p.test`, planId: null, amount: now - before, at: day });
      }
      if (now > 0) ever = true;
      before = now;
    }
  }
  sums.net = mrrMovementKinds.reduce((n, k) => n + sums[k], 0);
  return { sums, items };
}
