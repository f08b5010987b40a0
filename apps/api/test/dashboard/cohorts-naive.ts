import type { CohortGrouping, CohortRow, RefundPolicy } from '@pult/contract';
import { addDays, dayOf } from '../../src/modules/dashboard/moscow-day';
import type { DashboardTest } from './dashboard-fixture';

/**
 * Decision 0046's cohort grid walked member by member in TypeScript, from the raw rows, written apart
 * from `pult_cohort_cells`: what the seeded and hand-worked tests compare the API's answer with.
 */

interface Span {
  from: string;
  to: string | null;
}

/** Epoch milliseconds (PostgreSQL keeps microseconds: rounding them can only move an instant within its millisecond). */
const iso = (ms: number) => new Date(Number(ms));

export async function naiveCohorts(
  t: DashboardTest,
  by: CohortGrouping,
  today: string,
  refunds: RefundPolicy = 'onRefundDay',
): Promise<CohortRow[]> {
  const subs = await t.rows<{
    owner: number;
    price: number;
    status: string;
    source: string;
    started: number;
    expires: number | null;
  }>(
    `SELECT s.owner, p.price, s.status, s.source, extract(epoch FROM s.started_at)::float8 * 1000 AS started,
       extract(epoch FROM s.expires_at)::float8 * 1000 AS expires
     FROM subscriptions s JOIN subscription_plans p ON p.id = s.plan_id`,
  );
  const txs = await t.rows<{ userId: number; amount: number; kind: string; status: string; at: number }>(
    `SELECT user_id AS "userId", amount, kind, status, extract(epoch FROM created_at)::float8 * 1000 AS at FROM transactions`,
  );
  const codes = await t.rows<{ seriesId: number; userId: number | null; at: number | null }>(
    `SELECT series_id AS "seriesId", activated_by AS "userId", extract(epoch FROM activated_at)::float8 * 1000 AS at FROM promo_codes`,
  );
  const series = await t.rows<{ id: number; name: string }>(`SELECT id, name FROM promo_series`);

  const paid = new Map<number, Span[]>();
  for (const s of subs) {
    if (s.source !== 'purchase' || s.status === 'canceled' || Number(s.price) <= 0) continue;
    const spans = paid.get(s.owner) ?? [];
    spans.push({ from: dayOf(iso(s.started)), to: s.expires ? dayOf(iso(s.expires)) : null });
    paid.set(s.owner, spans);
  }
  const revenueRows = new Map<number, { day: string; amount: number }[]>();
  for (const x of txs) {
    // Decision 0049: rewriting closed days drops the refunded payment and counts no refund.
    const counts =
      refunds === 'rewriteClosedDays'
        ? ['purchase', 'renewal'].includes(x.kind) && x.status === 'succeeded'
        : (['purchase', 'renewal'].includes(x.kind) && ['succeeded', 'refunded'].includes(x.status)) ||
          (x.kind === 'refund' && x.status === 'succeeded');
    if (!counts) continue;
    const list = revenueRows.get(x.userId) ?? [];
    list.push({ day: dayOf(iso(x.at)), amount: Number(x.amount) });
    revenueRows.set(x.userId, list);
  }

  // cohort key → member → anchor day
  const cohorts = new Map<string, Map<number, string>>();
  const join = (key: string, user: number, anchor: string) => {
    const members = cohorts.get(key) ?? new Map<number, string>();
    const known = members.get(user);
    if (known === undefined || anchor < known) members.set(user, anchor);
    cohorts.set(key, members);
  };
  if (by === 'month') {
    for (const [user, spans] of paid) {
      const anchor = spans.map((s) => s.from).sort()[0] as string;
      join(anchor.slice(0, 7), user, anchor);
    }
  } else {
    for (const c of codes) if (c.userId !== null && c.at !== null) join(String(c.seriesId), c.userId, dayOf(iso(c.at)));
  }

  const names = new Map(series.map((s) => [String(s.id), s.name]));
  const rows: CohortRow[] = [];
  for (const [key, members] of cohorts) {
    let revenue = 0;
    const cells = Array.from({ length: 12 }, (_, i) => ({ age: i + 1, eligible: 0, retained: 0, revenue: 0 }));
    for (const [user, anchor] of members) {
      const mine = (revenueRows.get(user) ?? []).filter((r) => r.day >= anchor);
      revenue += mine.reduce((n, r) => n + r.amount, 0);
      for (const cell of cells) {
        const mark = addDays(anchor, 30 * cell.age);
        if (mark > today) continue;
        cell.eligible += 1;
        if ((paid.get(user) ?? []).some((s) => s.from <= mark && (s.to === null || s.to > mark))) cell.retained += 1;
        cell.revenue += mine.filter((r) => r.day < mark).reduce((n, r) => n + r.amount, 0);
      }
    }
    rows.push({
      key,
      label: by === 'month' ? key : (names.get(key) ?? key),
      size: members.size,
      revenue,
      ltv: revenue / members.size,
      cells: cells.map((c) => ({
        age: c.age,
        eligible: c.eligible,
        retained: c.retained,
        share: c.eligible > 0 ? c.retained / c.eligible : null,
        ltv: c.eligible > 0 ? c.revenue / c.eligible : null,
      })),
    });
  }
  return by === 'month'
    ? rows.sort((a, b) => a.key.localeCompare(b.key))
    : rows.sort((a, b) => Number(b.key) - Number(a.key));
}
