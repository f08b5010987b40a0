import {
  type CreatePlanBody,
  createPlanBody,
  type Plan,
  periodDays,
  type planPeriods,
  type UpdatePlanBody,
} from '@pult/contract';
import { type FieldFormats, valueAs } from '../../../lib/revision-values';

export type PlanPeriod = (typeof planPeriods)[number];

/** The plan form's fields: the price is typed in roubles, the API keeps kopecks. */
export interface PlanFormValues {
  title: string;
  description: string;
  priceRoubles: number | null;
  period: PlanPeriod;
  durationDays: number | null;
  features: string[];
  sortOrder: number | null;
}

/** What a new plan of each period usually lasts; picking a period fills this in. */
export const DEFAULT_DURATION: Record<PlanPeriod, number> = { month: 30, year: 365, lifetime: 36500 };

export const durationRange = (period: PlanPeriod) => periodDays[period];

/** The contract's rule: a "month" of 300 days is a typo, not a product. */
export const isDurationValid = (period: PlanPeriod, days: number): boolean => {
  const { min, max } = periodDays[period];
  return Number.isInteger(days) && days >= min && days <= max;
};

/**
 * After the period changes: keep a duration that still fits, otherwise the period's usual one.
 * So switching month → year turns 30 into 365, while 31 → month stays 31.
 */
export const durationForPeriod = (period: PlanPeriod, current: number | null | undefined): number =>
  current !== null && current !== undefined && isDurationValid(period, current) ? current : DEFAULT_DURATION[period];

const toKopecks = (roubles: number) => Math.round(roubles * 100);

export const emptyPlanForm = (): PlanFormValues => ({
  title: '',
  description: '',
  priceRoubles: null,
  period: 'month',
  durationDays: DEFAULT_DURATION.month,
  features: [],
  sortOrder: 0,
});

export const planToFormValues = (plan: Plan): PlanFormValues => ({
  title: plan.title,
  description: plan.description,
  priceRoubles: plan.price / 100,
  period: plan.period,
  durationDays: plan.durationDays,
  features: plan.features,
  sortOrder: plan.sortOrder,
});

const cleanFeatures = (features: string[]) => features.map((feature) => feature.trim()).filter(Boolean);

export const toCreateBody = (values: PlanFormValues): CreatePlanBody => ({
  title: values.title.trim(),
  description: values.description.trim(),
  // null becomes NaN, which the schema refuses, so a blank price never passes as zero.
  price: values.priceRoubles === null ? Number.NaN : toKopecks(values.priceRoubles),
  currency: 'RUB',
  period: values.period,
  durationDays: values.durationDays ?? Number.NaN,
  features: cleanFeatures(values.features),
  sortOrder: values.sortOrder ?? 0,
});

/** Form field names for the body's field names. */
const FIELD_OF: Record<string, keyof PlanFormValues> = { price: 'priceRoubles' };

export type PlanFieldProblem = 'durationMismatch' | 'invalid';

/**
 * The same zod schema the API parses with (contract), run before sending; returns the first
 * problem per form field. antd's own rules already word required/length/range; this catches the
 * cross-field rule and anything the rules would let through.
 */
export const validatePlanForm = (values: PlanFormValues): Partial<Record<keyof PlanFormValues, PlanFieldProblem>> => {
  const result = createPlanBody.safeParse(toCreateBody(values));
  if (result.success) return {};
  const problems: Partial<Record<keyof PlanFormValues, PlanFieldProblem>> = {};
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? '');
    const field = FIELD_OF[name] ?? (name as keyof PlanFormValues);
    if (problems[field]) continue;
    problems[field] = issue.code === 'custom' ? 'durationMismatch' : 'invalid';
  }
  return problems;
};

/** Fields an editor may not change (the commercial terms); the server answers 403 if they are sent. */
export const COMMERCIAL_FIELDS = ['priceRoubles', 'period', 'durationDays'] as const;

/**
 * Only what changed goes to PATCH, and only what the role may change: an editor saving a new
 * description must not send the (unchanged) price, which the server would refuse.
 */
export const planChanges = (plan: Plan, values: PlanFormValues, canEditTerms: boolean): UpdatePlanBody => {
  const next = toCreateBody(values);
  const changes: UpdatePlanBody = {};
  if (next.title !== plan.title) changes.title = next.title;
  if (next.description !== plan.description) changes.description = next.description;
  if (JSON.stringify(next.features) !== JSON.stringify(plan.features)) changes.features = next.features;
  if (next.sortOrder !== plan.sortOrder) changes.sortOrder = next.sortOrder;
  if (canEditTerms) {
    if (next.price !== plan.price) changes.price = next.price;
    if (next.period !== plan.period) changes.period = next.period;
    if (next.durationDays !== plan.durationDays) changes.durationDays = next.durationDays;
  }
  return changes;
};

/** The form's fields where what the person is saving differs from the plan saved now (a 412), as the form holds them. */
export function planConflictFields(mine: PlanFormValues, theirs: PlanFormValues, label: (field: string) => string) {
  const text = (value: unknown) => (Array.isArray(value) ? value.join(', ') : String(value ?? ''));
  return (Object.keys(theirs) as (keyof PlanFormValues)[])
    .filter((field) => text(mine[field]) !== text(theirs[field]))
    .map((field) => ({ name: field, label: label(field), mine: mine[field], theirs: theirs[field] }));
}

/** The form's and the history's names of a plan's fields. */
export const PLAN_FIELD_LABELS: Partial<Record<string, string>> = {
  title: 'subscriptions.form.title',
  description: 'subscriptions.form.description',
  price: 'subscriptions.form.price',
  currency: 'subscriptions.form.currency',
  priceRoubles: 'subscriptions.form.price',
  period: 'subscriptions.form.period',
  durationDays: 'subscriptions.form.durationDays',
  features: 'subscriptions.form.features',
  sortOrder: 'subscriptions.form.sortOrder',
  icon: 'subscriptions.form.icon',
  enabled: 'subscriptions.plans.enabled',
};

/**
 * How a plan's fields read in its history and its conflict dialog, as on the plans' own screen: the price in
 * roubles (the history keeps kopecks, the form roubles), the period in words, the term in days or «бессрочно».
 */
export const PLAN_FIELD_VALUES: FieldFormats = {
  price: valueAs.money('RUB'),
  priceRoubles: valueAs.majorMoney('RUB'),
  period: valueAs.choice((value, t) => t(`subscriptions.period.${value}`)),
  durationDays: valueAs.days,
  sortOrder: valueAs.number,
  icon: valueAs.file,
};
