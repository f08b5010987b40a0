import { z } from 'zod';
import { analyticsPolicies } from './analytics-policies';
import { paged } from './common';
import { commaList, listQuery } from './list-query';
import { mrrMovements } from './mrr-movements';

/**
 * The home dashboard's figures. Each is defined once, here (these descriptions reach the OpenAPI
 * document) and in docs/decisions/0016-dashboard-figures.md, and a test recomputes each from raw rows.
 *
 * A "day" is a calendar day in Europe/Moscow. A period of N days is the N days ending today
 * (today included, up to now); the previous period is the N days before it.
 */
export const dashboardPeriods = [7, 30, 90] as const;
export const dashboardPeriod = z.union([z.literal(7), z.literal(30), z.literal(90)]);
export type DashboardPeriod = z.infer<typeof dashboardPeriod>;

export const dashboardQuery = z.object({
  period: z.coerce
    .number()
    .pipe(dashboardPeriod)
    .default(30)
    .meta({ description: 'Days in the period, today included: 7, 30 or 90.' }),
});

/** A figure for the period and the same figure for the previous period (null where history is not kept). */
const compared = (description: string) =>
  z.object({ current: z.number(), previous: z.number().nullable() }).meta({ description });

const planCount = z.object({
  planId: z.number().int(),
  title: z.string(),
  period: z.string(),
  count: z.number().int(),
});

const seriesFunnel = z.object({
  seriesId: z.number().int(),
  name: z.string(),
  generated: z.number().int().meta({ description: 'Codes generated in the series so far.' }),
  activated: z.number().int().meta({ description: 'Codes of the series ever activated.' }),
  activatedInPeriod: z.number().int().meta({ description: 'Codes of the series activated in the period.' }),
  retained: z
    .number()
    .int()
    .meta({
      description:
        'Users who activated a code of the series, whose promo time has run out (activation + the series duration ' +
        'before the start of today), and who hold an active purchased subscription: counted once a day, at the ' +
        'start of the day.',
    }),
});

export const dailyPoint = z.object({
  day: z.string().meta({ description: 'YYYY-MM-DD, Europe/Moscow.' }),
  registrations: z.number().int(),
  revenue: z.number().int().meta({ description: 'As money.revenue, under the same refund policy.' }),
  newByPurchase: z.number().int(),
  newByPromo: z.number().int(),
  newByAdmin: z.number().int(),
  activations: z.number().int(),
});

export const dashboardData = z.object({
  period: dashboardPeriod,
  policies: analyticsPolicies,
  from: z.string().meta({ description: 'First day of the period (YYYY-MM-DD, Europe/Moscow).' }),
  to: z.string().meta({ description: 'Last day of the period: today.' }),
  asOf: z.string().meta({ description: 'The moment "now" of this answer (ISO).' }),
  currency: z.literal('RUB'),
  users: z.object({
    total: compared('Planner accounts (role user) registered up to the end of the period, deleted ones included.'),
    new: compared('Planner accounts registered in the period.'),
    active: compared(
      'Planner accounts whose last sign-in or token refresh falls in the period. Only the latest sighting is ' +
        'stored, so the previous period is null.',
    ),
  }),
  subscriptions: z.object({
    active: compared(
      'Subscriptions not canceled, started and not yet expired at the end of the period (now). A canceled ' +
        'subscription never counts as active: the time of cancellation is not recorded. Promo grants count ' +
        'only while policies.promoGrantsAsSubscribers (so in byPlan, new, churned and churnRate too).',
    ),
    byPlan: z.array(planCount).meta({ description: 'Active subscriptions now, per plan.' }),
    bySource: z
      .object({ purchase: z.number().int(), promo: z.number().int(), admin: z.number().int() })
      .meta({ description: 'Active subscriptions now, per source.' }),
    new: compared('Subscriptions started in the period, any source and status.'),
    churned: compared(
      'Subscriptions (canceled or not) whose end falls in the period, up to now, when the owner holds no other ' +
        'non-canceled subscription running at that moment (not renewed).',
    ),
    churnRate: compared('churned ÷ active at the start of the period, as a fraction; 0 when nothing was active.'),
  }),
  money: z.object({
    revenue: compared(
      'Kopecks: purchases and renewals that were paid (succeeded, or refunded later) plus succeeded refunds ' +
        '(negative), each on the day of its own transaction: a refund lowers the period it happens in. With ' +
        'policies.refunds = rewriteClosedDays: only payments still succeeded, on the day paid, and no refunds.',
    ),
    mrr: compared(
      'Kopecks per month: active purchased subscriptions of monthly plans at their plan price, of yearly plans ' +
        'at price ÷ 12 (current plan prices), at the end of the period. Lifetime plans are excluded.',
    ),
    arppu: compared('Kopecks: MRR ÷ active purchased monthly/yearly subscriptions; 0 when there are none.'),
    lifetime: compared('Active purchased subscriptions of lifetime plans at the end of the period (not in MRR).'),
  }),
  promo: z.object({
    activations: compared('Promo codes activated in the period.'),
    refused: compared(
      'Refused promo redemptions in the period (unknown, used or blocked codes, inactive series, rate limit): ' +
        'an abuse signal.',
    ),
    refusedByReason: z.array(z.object({ reason: z.string(), count: z.number().int() })),
    funnel: z.array(seriesFunnel).meta({ description: 'The ten series with most activations in the period.' }),
  }),
  mrrMovements,
  freshness: z
    .object({
      today: z.string().meta({
        description:
          "The instant up to which today's figures were counted whole by the rollup job (or now, when counted " +
          'live): rows added since are counted live at each request; a change to an earlier row of today shows ' +
          'from the next run (every 30 s).',
      }),
      mrrMovements: z.string().nullable().meta({
        description: 'When the rollup job last folded changed subscriptions into the MRR movements (null: never).',
      }),
    })
    .meta({ description: 'How fresh the figures are (decision 0038).' }),
  mrrOpening: z
    .number()
    .int()
    .meta({
      description:
        'MRR (kopecks) at the end of the day before the period, as the movements count it (decision 0038): the sum of ' +
        'every earlier movement. The waterfall starts here; mrrOpening + mrrMovements.net is MRR today by the same count.',
    }),
  push: z
    .object({
      sent: compared('Deliveries sent, of the push notifications scheduled in the period.'),
      failed: compared('Deliveries that failed, of the push notifications scheduled in the period.'),
      opened: compared('Deliveries opened, of the push notifications scheduled in the period (whenever opened).'),
    })
    .meta({
      description:
        'Per notification, counted under the Moscow day it was scheduled for: its sent, failed and opened ' +
        'counters, which the dispatcher keeps with its delivery rows. Canceled ones count what they sent.',
    }),
  daily: z.array(dailyPoint).meta({ description: 'One point per day of the period, oldest first.' }),
});
export type DashboardData = z.infer<typeof dashboardData>;

/**
 * The kinds of a user's timeline. Each kind has one or more sources (modules/dashboard/timeline-sources.ts);
 * a feature with new events adds a source, and its entries appear without changing this contract.
 */
export const timelineKinds = [
  'registration',
  'subscription',
  'transaction',
  'promo',
  'push',
  'agreement',
  'staff',
] as const;
export const timelineKind = z.enum(timelineKinds);
export type TimelineKind = z.infer<typeof timelineKind>;

export const timelineQuery = listQuery({
  kind: commaList(timelineKinds).meta({ description: 'Comma-separated kinds; all when left out.' }),
});

const detailValue = z.unknown();

export const timelineEntry = z.object({
  key: z.string().meta({ description: 'Stable and unique within the timeline.' }),
  kind: timelineKind,
  event: z.string().meta({
    description:
      'registered · subscription-started · subscription-expired · transaction · promo-activated · promo-refused · ' +
      'the audit action for staff entries (block, update, grant-subscription, …)',
  }),
  at: z.string(),
  entity: z.string().nullable().meta({ description: 'What the entry links to: user, subscription, transaction, …' }),
  entityId: z.string().nullable(),
  actor: z.object({ id: z.number().int(), email: z.string() }).nullable(),
  details: z.record(z.string(), detailValue),
});
export type TimelineEntry = z.infer<typeof timelineEntry>;
export const timelinePage = paged(timelineEntry);
