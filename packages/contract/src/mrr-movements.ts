import { z } from 'zod';
import { paged } from './common';
import { listQuery } from './list-query';
import { type Locale, locale } from './locales';

/**
 * MRR movements (docs/decisions/0038-mrr-movements.md, ChartMogul's definitions). A customer's MRR on a
 * Moscow day is the sum of their counted subscriptions: purchased, not canceled, of a monthly plan (its
 * price) or a yearly one (round(price ÷ 12)), price above zero; lifetime plans and promo or staff grants
 * count nothing. A subscription counts from the day it starts through the day it expires, so a lapse is
 * churn on the day after; on a day when some counted subscription runs on past its end, only those that
 * do count (an upgrade or a renewal on that day is one step, not a spike). Each day, a customer whose
 * MRR differs from the day before makes one movement of the difference (kopecks; signed).
 */
export const mrrMovementKinds = ['new', 'expansion', 'contraction', 'churn', 'reactivation'] as const;
export const mrrMovementKind = z.enum(mrrMovementKinds);
export type MrrMovementKind = z.infer<typeof mrrMovementKind>;

export const mrrMovementDefinitions: Record<MrrMovementKind | 'net', string> = {
  new: 'From no MRR to some, for a customer who never had MRR before (kopecks, positive).',
  expansion: 'A customer with MRR whose MRR grew (kopecks, positive).',
  contraction: 'A customer whose MRR fell but stayed above zero (kopecks, negative).',
  churn: 'A customer whose MRR fell to zero: on the day after the last counted subscription expired (negative).',
  reactivation: 'From no MRR to some, for a customer who had MRR before (kopecks, positive).',
  net: 'new + expansion + contraction + churn + reactivation: the change of MRR over the period.',
};

export const mrrMovements = z
  .object({
    new: z.number().int().meta({ description: mrrMovementDefinitions.new }),
    expansion: z.number().int().meta({ description: mrrMovementDefinitions.expansion }),
    contraction: z.number().int().meta({ description: mrrMovementDefinitions.contraction }),
    churn: z.number().int().meta({ description: mrrMovementDefinitions.churn }),
    reactivation: z.number().int().meta({ description: mrrMovementDefinitions.reactivation }),
    net: z.number().int().meta({ description: mrrMovementDefinitions.net }),
  })
  .meta({
    description:
      'MRR movements of the period, kopecks, by Moscow day (decision 0038): a customer with MRR counts a ' +
      'monthly plan at its price and a yearly one at round(price ÷ 12); lifetime plans and grants count nothing.',
  });
export type MrrMovements = z.infer<typeof mrrMovements>;

/** The widest range one drill-down covers: a year and a day (the dashboard's periods are 7, 30, 90 days). */
export const MRR_MOVEMENTS_MAX_DAYS = 366;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};
/** A Moscow day, as every analytics drill-down takes its range (MRR movements, the people behind a figure). */
export const analyticsDay = z
  .string()
  .regex(DAY, 'a day as YYYY-MM-DD')
  .refine(isRealDay, 'not a calendar day')
  .meta({ description: 'YYYY-MM-DD, a Moscow day (both ends included).' });

/** The range of days every analytics drill-down takes: both optional, in order, at most a year. */
export const analyticsRange = {
  from: analyticsDay
    .optional()
    .meta({ description: 'First day (YYYY-MM-DD, Moscow); 29 days before `to` when left out.' }),
  to: analyticsDay.optional().meta({ description: 'Last day (YYYY-MM-DD, Moscow), included; today when left out.' }),
};
export const checkAnalyticsRange = (query: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (!query.from || !query.to) return;
  if (query.from > query.to) ctx.addIssue({ code: 'custom', path: ['from'], message: 'from is after to' });
  const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 + 1;
  if (days > MRR_MOVEMENTS_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: `at most ${MRR_MOVEMENTS_MAX_DAYS} days` });
};

export const mrrMovementsQuery = listQuery({
  kind: mrrMovementKind.meta({ description: 'Which figure to list.' }),
  ...analyticsRange,
}).superRefine(checkAnalyticsRange);
export type MrrMovementsQuery = z.infer<typeof mrrMovementsQuery>;

export const mrrMovementItem = z.object({
  userId: z.number().int(),
  email: z.string(),
  planId: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'The largest counted plan after the movement (before it, for churn).' }),
  amount: z.number().int().meta({ description: 'Kopecks of MRR gained (positive) or lost (negative).' }),
  at: z.string().meta({ description: 'The Moscow day of the movement (YYYY-MM-DD).' }),
});
export type MrrMovementItem = z.infer<typeof mrrMovementItem>;
export const mrrMovementsPage = paged(mrrMovementItem);

/** The CSV of one figure's customers: the same range rules, every row (at most a year of one kind). */
export const mrrMovementsExportQuery = z
  .object({
    kind: mrrMovementKind,
    ...analyticsRange,
    lang: locale.optional().meta({ description: 'Language of the header row; Russian when left out.' }),
  })
  .superRefine(checkAnalyticsRange);
export type MrrMovementsExportQuery = z.infer<typeof mrrMovementsExportQuery>;

/** The CSV's columns, in each language: kopecks, so the sums are exact in any spreadsheet. */
export const mrrMovementsCsvHeader: Record<Locale, readonly string[]> = {
  ru: ['День', 'ID пользователя', 'E-mail', 'ID тарифа', 'Изменение MRR, коп.'],
  en: ['Day', 'User ID', 'E-mail', 'Plan ID', 'MRR change, kopecks'],
  zh: ['日期', '用户 ID', '电子邮件', '套餐 ID', 'MRR 变化（戈比）'],
  fr: ['Jour', 'ID utilisateur', 'E-mail', 'ID du forfait', 'Variation du MRR, kopecks'],
  ja: ['日付', 'ユーザー ID', 'メール', 'プラン ID', 'MRR の変化（コペイカ）'],
};
