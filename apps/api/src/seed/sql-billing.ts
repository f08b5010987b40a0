import type { PlanInfo } from './generate-plans';
import { grantDays, sources } from './generate-subscriptions';
import { grantProviders, kinds, PENDING_FOR_SEC, paymentProviders, paymentStatuses } from './generate-transactions';
import { GROWTH } from './generate-users';
import { planLists } from './plan-picker';
import { type SqlChunk, sqlChunks } from './seed-target';
import { literal, pickWeightedSql, uniform } from './sql-random';
import { createdSecSql, type PlannerRange } from './sql-users';

/**
 * Subscriptions and payments of the users one run generated (sql-users.ts), generated inside
 * PostgreSQL in chunks of ids that any connection can insert in any order.
 *
 * The n-th of `count` events happens at the n-th quantile of the events' time curve, so ids grow with
 * time as in production. Activity is proportional to the users registered so far (each user about as
 * active over their lifetime as any other), and the event goes to a user registered by then: users'
 * ids are in registration order, so "registered by t" is an id below a bound known in closed form. A
 * user's share of the events thus grows with their time as a customer; the TypeScript generator
 * (PGlite, appends) picks the user first and a moment of their lifetime second, which gives every user
 * the same expected number of events. Both keep every event after its user registered.
 */
export interface EventRange {
  /** The id of the first event of the run, and how many the run makes. */
  firstId: number;
  count: number;
  users: PlannerRange;
  plans: readonly PlanInfo[];
}

const KNOTS = 1024;

/**
 * Quantiles of the events' time curve over the period (0 = its start, 1 = now): the density is the
 * number of users registered so far, e^(g·x) − 1, whose distribution ((e^(g·x) − 1)/g − x) has no
 * closed inverse; bisection at `KNOTS` + 1 points, interpolated linearly in SQL.
 */
const eventQuantiles = (() => {
  const cdf = (x: number) => (Math.expm1(GROWTH * x) / GROWTH - x) / (Math.expm1(GROWTH) / GROWTH - 1);
  return Array.from({ length: KNOTS + 1 }, (_, k) => {
    let lo = 0;
    let hi = 1;
    for (let i = 0; i < 50; i++) {
      const mid = (lo + hi) / 2;
      if (cdf(mid) < k / KNOTS) lo = mid;
      else hi = mid;
    }
    return (lo + hi) / 2;
  });
})();
const quantileArray = `(ARRAY[${eventQuantiles.map((x) => x.toPrecision(17)).join(',')}]::float8[])`;

/** Draws of an event row (sql-random.ts); salted by table so the two tables' draws differ. */
const D = {
  time: 0,
  user: 1,
  plan: 2,
  source: 3,
  renew: 4,
  grant: 5,
  periods: 6,
  cancel: 7,
  kind: 8,
  provider: 9,
  status: 10,
  x1: 11,
  x2: 12,
  x3: 13,
  x4: 14,
} as const;

/**
 * The innermost layer of an event chunk: the event's id `g`, its moment `at` (epoch seconds, at or
 * after its user registered), its user `owner`, and the draws `extra` names.
 */
function eventsSql(range: EventRange, seed: number, from: number, to: number, extra: Record<string, number>): string {
  const u = (draw: number) => uniform('g', seed, draw);
  const users = range.users;
  const knot = (offset: number) => `${quantileArray}[k + ${offset}]`;
  // Users whose slot lies below the curve's share at x are registered by then (sql-users.ts).
  const registered = `floor(${users.count} * (exp(${GROWTH} * x) - 1) / ${Math.expm1(GROWTH)})`;
  const draws = Object.entries(extra)
    .map(([name, draw]) => `${u(draw)} AS ${name}`)
    .join(', ');
  // One layer per value used more than once (OFFSET 0 keeps PostgreSQL from inlining it, which
  // would evaluate its hash again at every use).
  return `SELECT g AS id, owner, greatest(floor(${users.nowSec - users.periodSec} + x * ${users.periodSec})::int8, ${createdSecSql('owner', users)}) AS at${draws ? `, ${draws}` : ''}
    FROM (SELECT g, x, ${users.firstId} + CASE WHEN registered >= 1 THEN floor(${u(D.user)} * registered)::int8 ELSE 0 END AS owner
      FROM (SELECT g, x, ${registered} AS registered
        FROM (SELECT g, least(${knot(1)} + (q - k) * (${knot(2)} - ${knot(1)}), 1.0) AS x
          FROM (SELECT g, q, floor(q)::int AS k
            FROM (SELECT g, ((g - ${range.firstId})::float8 + ${u(D.time)}) * ${KNOTS} / ${range.count} AS q
                  FROM generate_series(${from}::int8, ${to}::int8) g OFFSET 0) quantile
            OFFSET 0) knot
          OFFSET 0) timed
        OFFSET 0) bound
      OFFSET 0) picked`;
}

/**
 * The plan someone could have bought at `at` (a 1-based index into `plans`): as plan-picker.ts, the
 * archived plans sold only in the first half of the period, lifetime plans never renewed.
 */
function planIndexSql(range: EventRange, roll: string, renewable: string | null): string {
  const lists = planLists(range.plans);
  const index = (plan: PlanInfo) => String(range.plans.indexOf(plan) + 1);
  const archivedUntil = range.users.nowSec - range.users.periodSec / 2;
  const pick = (list: typeof lists.early) => pickWeightedSql(roll, list, index);
  const early = renewable
    ? `CASE WHEN ${renewable} THEN ${pick(lists.renewableEarly)} ELSE ${pick(lists.early)} END`
    : pick(lists.early);
  const late = renewable
    ? `CASE WHEN ${renewable} THEN ${pick(lists.renewableLate)} ELSE ${pick(lists.late)} END`
    : pick(lists.late);
  return `CASE WHEN at < ${archivedUntil} THEN ${early} ELSE ${late} END`;
}

const planArray = (range: EventRange, field: (plan: PlanInfo) => string, type: string) =>
  `(ARRAY[${range.plans.map(field).join(',')}]::${type}[])`;

/** Salts that keep the subscriptions' and the payments' draws apart for one seed. */
const SUBSCRIPTIONS_SALT = 0x5b5c;
const TRANSACTIONS_SALT = 0x7a3;

/** Subscriptions `from … to` (ids, inclusive), with generate-subscriptions.ts's shares and rules. */
export function insertSubscriptionsSql(range: EventRange, from: number, to: number): string {
  const seed = range.users.seed ^ SUBSCRIPTIONS_SALT;
  const now = range.users.nowSec;
  const events = eventsSql(range, seed, from, to, {
    r_plan: D.plan,
    r_source: D.source,
    r_renew: D.renew,
    r_grant: D.grant,
    r_periods: D.periods,
    r_cancel: D.cancel,
  });
  const grants = `(ARRAY[${grantDays.join(',')}]::int[])[1 + floor(r_grant * ${grantDays.length})::int]`;
  return `INSERT INTO subscriptions (id, owner, plan_id, status, source, started_at, expires_at, auto_renew, created_at)
SELECT id, owner, plan_id, CASE WHEN canceled THEN 'canceled' ELSE 'active' END, source, to_timestamp(at),
  CASE WHEN period = 'lifetime' THEN NULL
    ELSE to_timestamp(at + (CASE WHEN auto_renew
      THEN 1 + floor(power(r_periods, 1.5) * greatest(1, ceil((${now} - at)::float8 / (days * 86400))))
      ELSE 1 END)::int8 * days * 86400) END,
  auto_renew AND NOT canceled, to_timestamp(at)
FROM (
  SELECT id, owner, at, r_periods, plan_id, period, source, auto_renew,
    CASE WHEN source = 'purchase' THEN plan_days ELSE ${grants} END AS days,
    r_cancel < CASE WHEN auto_renew THEN 0.15 ELSE 0.05 END AS canceled
  FROM (
    SELECT id, owner, at, r_periods, r_cancel, r_grant, plan_id, period, plan_days, source,
      source = 'purchase' AND period <> 'lifetime' AND r_renew < 0.6 AS auto_renew
    FROM (
      SELECT id, owner, at, r_periods, r_cancel, r_grant, r_renew,
        ${planArray(range, (p) => String(p.id), 'int')}[k] AS plan_id,
        ${planArray(range, (p) => literal(p.period), 'text')}[k] AS period,
        ${planArray(range, (p) => String(p.durationDays), 'int')}[k] AS plan_days,
        ${pickWeightedSql('r_source', sources, literal)} AS source
      FROM (SELECT *, ${planIndexSql(range, 'r_plan', null)} AS k FROM (${events}) e OFFSET 0) planned
      OFFSET 0) p
    OFFSET 0) s
  OFFSET 0) r`;
}

const hex8 = (roll: string) => `lpad(to_hex(floor(${roll} * 4294967296)::int8), 8, '0')`;
const digitsSql = (roll: string, n: number) => `lpad(floor(${roll} * ${10 ** n})::int8::text, ${n}, '0')`;

/** Each provider's own id format, as generate-transactions.ts writes them. */
const externalIdSql = `CASE provider
    WHEN 'yookassa' THEN ${hex8('r_x1')} || '-' || left(${hex8('r_x2')}, 4) || '-5000-' || right(${hex8('r_x2')}, 4) || '-' || ${hex8('r_x3')} || left(${hex8('r_x4')}, 4)
    WHEN 'cloudpayments' THEN (2000000000 + floor(r_x1 * 1000000000))::int8::text
    WHEN 'appstore' THEN '2000000' || ${digitsSql('r_x1', 9)}
    WHEN 'googleplay' THEN 'GPA.33' || ${digitsSql('r_x1', 2)} || '-' || ${digitsSql('r_x2', 4)} || '-' || ${digitsSql('r_x3', 4)} || '-' || ${digitsSql('r_x4', 5)}
  END`;

/** Payments `from … to` (ids, inclusive), with generate-transactions.ts's kinds, providers and outcomes. */
export function insertTransactionsSql(range: EventRange, from: number, to: number): string {
  const seed = range.users.seed ^ TRANSACTIONS_SALT;
  const now = range.users.nowSec;
  const events = eventsSql(range, seed, from, to, {
    r_kind: D.kind,
    r_plan: D.plan,
    r_provider: D.provider,
    r_status: D.status,
    r_x1: D.x1,
    r_x2: D.x2,
    r_x3: D.x3,
    r_x4: D.x4,
  });
  const paymentStatus = pickWeightedSql('r_status', paymentStatuses, literal);
  return `INSERT INTO transactions (id, user_id, plan_id, amount, status, provider, kind, external_id, created_at)
SELECT id, owner, plan_id, amount,
  CASE WHEN status = 'pending' AND ${now} - at > ${PENDING_FOR_SEC} THEN 'failed' ELSE status END,
  provider, kind, ${externalIdSql}, to_timestamp(at)
FROM (
  SELECT id, owner, at, kind, r_x1, r_x2, r_x3, r_x4,
    ${planArray(range, (p) => String(p.id), 'int')}[k] AS plan_id,
    CASE kind WHEN 'grant' THEN 0 WHEN 'refund' THEN -${planArray(range, (p) => String(p.price), 'int8')}[k]
      ELSE ${planArray(range, (p) => String(p.price), 'int8')}[k] END AS amount,
    CASE WHEN kind = 'grant' THEN ${pickWeightedSql('r_provider', grantProviders, literal)}
      ELSE ${pickWeightedSql('r_provider', paymentProviders, literal)} END AS provider,
    CASE kind WHEN 'grant' THEN 'succeeded' WHEN 'refund' THEN CASE WHEN r_status < 0.95 THEN 'succeeded' ELSE 'pending' END
      ELSE ${paymentStatus} END AS status
  FROM (SELECT *, ${planIndexSql(range, 'r_plan', "kind = 'renewal'")} AS k
        FROM (SELECT *, ${pickWeightedSql('r_kind', kinds, literal)} AS kind FROM (${events}) e OFFSET 0) kinded
        OFFSET 0) planned
  OFFSET 0) t`;
}

export const subscriptionChunks = (range: EventRange): SqlChunk[] =>
  sqlChunks(range.firstId, range.count, (from, to) => insertSubscriptionsSql(range, from, to));

export const transactionChunks = (range: EventRange): SqlChunk[] =>
  sqlChunks(range.firstId, range.count, (from, to) => insertTransactionsSql(range, from, to));
