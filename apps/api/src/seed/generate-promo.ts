import type { PlanInfo } from './generate-plans';
import { createRandom } from './prng';
import { SEEDED_CODE_LENGTH, seededCode } from './promo-code-space';
import type { SeedSource } from './seed-source';
import { type UserPool, userRegisteredBy } from './user-pool';

export interface PromoSeriesRow {
  id: number;
  name: string;
  prefix: string;
  codesCount: number;
  planId: number;
  durationDays: number;
  startsAt: Date;
  endsAt: Date | null;
  status: 'enabled' | 'disabled';
  createdAt: Date;
  createdBy: number | null;
}

interface Campaign {
  name: string;
  prefix: string;
  period: 'month' | 'year';
  durationDays: number;
  /** Share of the codes this campaign gets. */
  weight: number;
  /** Days the campaign runs; null for open-ended. */
  runsDays: number | null;
  enabled: boolean;
}

/** Ten campaigns a planner app runs in a year, largest first. */
const campaigns: readonly Campaign[] = [
  {
    name: 'Блогеры: год в подарок',
    prefix: 'BLOG',
    period: 'year',
    durationDays: 365,
    weight: 30,
    runsDays: null,
    enabled: true,
  },
  {
    name: 'Весенняя акция',
    prefix: 'VESNA',
    period: 'month',
    durationDays: 30,
    weight: 20,
    runsDays: 92,
    enabled: true,
  },
  {
    name: 'Партнёры: банк',
    prefix: 'BANK',
    period: 'year',
    durationDays: 180,
    weight: 12,
    runsDays: 365,
    enabled: true,
  },
  {
    name: 'Новогодняя распродажа',
    prefix: 'NY',
    period: 'year',
    durationDays: 365,
    weight: 10,
    runsDays: 45,
    enabled: true,
  },
  { name: 'Чёрная пятница', prefix: 'BF', period: 'month', durationDays: 90, weight: 8, runsDays: 14, enabled: true },
  {
    name: 'Студенческая скидка',
    prefix: 'STUD',
    period: 'month',
    durationDays: 30,
    weight: 6,
    runsDays: null,
    enabled: true,
  },
  {
    name: 'Возвращаем ушедших',
    prefix: 'BACK',
    period: 'month',
    durationDays: 30,
    weight: 5,
    runsDays: 60,
    enabled: true,
  },
  {
    name: 'Конференция «Продуктивность»',
    prefix: 'CONF',
    period: 'month',
    durationDays: 60,
    weight: 4,
    runsDays: 30,
    enabled: true,
  },
  {
    name: 'Подарок сотрудникам',
    prefix: 'TEAM',
    period: 'year',
    durationDays: 365,
    weight: 3,
    runsDays: null,
    enabled: true,
  },
  { name: 'Тест рассылки', prefix: 'TEST', period: 'month', durationDays: 7, weight: 2, runsDays: 7, enabled: false },
];

/** Splits `total` over the weights: one each first, the rest by weight (largest remainder). */
export function splitCount(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const rest = total - weights.length;
  if (rest < 0) throw new Error('fewer items than parts');
  const raw = weights.map((w) => (rest * w) / sum);
  const parts = raw.map((r) => 1 + Math.floor(r));
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = raw.map((r, i) => [r - Math.floor(r), i] as const).sort((a, b) => b[0] - a[0]);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) {
    const i = order[k]?.[1] ?? 0;
    parts[i] = (parts[i] ?? 0) + 1;
  }
  return parts;
}

const DAY = 86_400;

export interface PromoSeriesOptions {
  totalCodes: number;
  firstId: number;
  plans: readonly PlanInfo[];
  createdBy: number | null;
  seed: number;
  now: Date;
}

/** Up to ten series summing to `totalCodes`, created over the last year, each on a plan of its kind. */
export function promoSeriesRows(options: PromoSeriesOptions): PromoSeriesRow[] {
  const chosen = campaigns.slice(0, Math.min(campaigns.length, options.totalCodes));
  if (chosen.length === 0) return [];
  const enabledPlans = options.plans.filter((p) => p.enabled);
  const fallback = enabledPlans[0];
  if (!fallback) throw new Error('No enabled subscription plan for promo series');
  const sizes = splitCount(
    options.totalCodes,
    chosen.map((c) => c.weight),
  );
  const random = createRandom((options.seed ^ Math.imul(options.firstId, 0x27d4eb2f) ^ 0x960) >>> 0);
  const nowSec = Math.floor(options.now.getTime() / 1000);
  return chosen.map((campaign, i) => {
    const createdSec = nowSec - random.int(20, 365) * DAY - random.int(0, DAY - 1);
    return {
      id: options.firstId + i,
      name: campaign.name,
      prefix: campaign.prefix,
      codesCount: sizes[i] ?? 1,
      planId: (enabledPlans.find((p) => p.period === campaign.period) ?? fallback).id,
      durationDays: campaign.durationDays,
      startsAt: new Date(createdSec * 1000),
      endsAt: campaign.runsDays === null ? null : new Date((createdSec + campaign.runsDays * DAY) * 1000),
      status: campaign.enabled ? 'enabled' : 'disabled',
      createdAt: new Date(createdSec * 1000),
      createdBy: options.createdBy,
    };
  });
}

export const promoSeriesColumns = [
  'id',
  'name',
  'prefix',
  'code_length',
  'codes_count',
  'plan_id',
  'duration_days',
  'starts_at',
  'ends_at',
  'status',
  'generation_status',
  'generated',
  'created_at',
  'created_by',
] as const;

/** The series already generated: `done`, with `generated` equal to the codes loaded after them. */
export function promoSeriesSource(rows: readonly PromoSeriesRow[]): SeedSource {
  return {
    table: 'promo_series',
    columns: promoSeriesColumns,
    total: rows.length,
    rows: rows.map((s) => [
      s.id,
      s.name,
      s.prefix,
      SEEDED_CODE_LENGTH,
      s.codesCount,
      s.planId,
      s.durationDays,
      s.startsAt,
      s.endsAt,
      s.status,
      'done',
      s.codesCount,
      s.createdAt,
      s.createdBy,
    ]),
  };
}

export interface PromoCodeRow {
  id: number;
  value: string;
  seriesId: number;
  status: 'new' | 'activated' | 'blocked';
  activatedBy: number | null;
  activatedAt: Date | null;
  blockedAt: Date | null;
}

/** Per series, what the counters must say once the codes are in. */
export type PromoTally = Map<number, { activated: number; blocked: number }>;

export interface PromoCodesOptions {
  series: readonly PromoSeriesRow[];
  firstId: number;
  pool: UserPool;
  seed: number;
  now: Date;
  /** Filled while the codes stream by; read it after the load for the counter rows. */
  tally: PromoTally;
}

const ACTIVATED = 0.1;
const BLOCKED = 0.01;

/**
 * Every code of every series, series by series: ~10% activated by a user who had registered by then,
 * within the campaign's dates; ~1% blocked unused. Streamed, since ten million codes are ~1 GB as objects.
 */
export function* generatePromoCodes(options: PromoCodesOptions): Generator<PromoCodeRow> {
  const random = createRandom((options.seed ^ Math.imul(options.firstId, 0x165667b1) ^ 0xc0de) >>> 0);
  const nowSec = Math.floor(options.now.getTime() / 1000);
  // Without planner users nobody can have activated a code: all stay new (or blocked).
  const activated = options.pool.size > 0 ? ACTIVATED : 0;
  let id = options.firstId;
  for (const series of options.series) {
    const tally = { activated: 0, blocked: 0 };
    options.tally.set(series.id, tally);
    const fromSec = Math.floor(series.startsAt.getTime() / 1000);
    const toSec = Math.min(nowSec, series.endsAt ? Math.floor(series.endsAt.getTime() / 1000) : nowSec);
    for (let i = 0; i < series.codesCount; i++) {
      const roll = random.next();
      const value = seededCode(series.prefix, series.id, i);
      if (roll < BLOCKED) {
        tally.blocked++;
        const at = random.int(fromSec, nowSec);
        yield {
          id: id++,
          value,
          seriesId: series.id,
          status: 'blocked',
          activatedBy: null,
          activatedAt: null,
          blockedAt: new Date(at * 1000),
        };
      } else if (roll < BLOCKED + activated) {
        tally.activated++;
        let at = random.int(fromSec, toSec);
        const user = userRegisteredBy(options.pool, at, random);
        at = Math.max(at, options.pool.createdSec[user] ?? at);
        yield {
          id: id++,
          value,
          seriesId: series.id,
          status: 'activated',
          activatedBy: options.pool.ids[user] ?? null,
          activatedAt: new Date(at * 1000),
          blockedAt: null,
        };
      } else {
        yield {
          id: id++,
          value,
          seriesId: series.id,
          status: 'new',
          activatedBy: null,
          activatedAt: null,
          blockedAt: null,
        };
      }
    }
  }
}

export const promoCodeColumns = [
  'id',
  'value',
  'series_id',
  'status',
  'activated_by',
  'activated_at',
  'blocked_at',
] as const;

export function promoCodeSource(rows: Iterable<PromoCodeRow>, total: number): SeedSource {
  return { table: 'promo_codes', columns: promoCodeColumns, total, rows: mapCodes(rows) };
}

function* mapCodes(rows: Iterable<PromoCodeRow>) {
  for (const c of rows) yield [c.id, c.value, c.seriesId, c.status, c.activatedBy, c.activatedAt, c.blockedAt] as const;
}

/** One counter row per series (shard 0; the API spreads later activations over the other shards). */
export function promoCountersSource(tally: PromoTally): SeedSource {
  return {
    table: 'promo_series_counters',
    columns: ['series_id', 'shard', 'activated', 'blocked'],
    total: tally.size,
    rows: [...tally].map(([seriesId, t]) => [seriesId, 0, t.activated, t.blocked]),
  };
}
