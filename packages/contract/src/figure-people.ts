import { z } from 'zod';
import { filter, listQuery, optionalFilter } from './list-query';
import { type Locale, locale } from './locales';
import { analyticsRange, checkAnalyticsRange } from './mrr-movements';

/**
 * The home screen's figures that count or sum rows of people, each listable
 * (`GET /analytics/people?figure=…`, docs/decisions/0050). Every list holds exactly the rows its figure
 * counts (docs/decisions/0016) for the same Moscow days: a flow the rows whose own time falls in the
 * days, a stock the rows running at the end of the last day (now, when it is today); under the counting
 * policies in force (docs/decisions/0049), as the dashboard counts them.
 */
export const peopleFigures = [
  'usersTotal',
  'usersNew',
  'usersActive',
  'subscriptionsActive',
  'subscriptionsNew',
  'subscriptionsChurned',
  'lifetime',
  'revenue',
  'promoActivations',
  'promoRefused',
  'promoActivated',
  'promoRetained',
  'pushSent',
  'pushFailed',
  'pushOpened',
] as const;
export const peopleFigure = z.enum(peopleFigures);
export type PeopleFigure = z.infer<typeof peopleFigure>;

export const peopleFigureDefinitions: Record<PeopleFigure, string> = {
  usersTotal: 'Planner accounts registered up to the end of `to` (`from` is not used); `at` is the registration.',
  usersNew: 'Planner accounts registered in the days; `at` is the registration.',
  usersActive: 'Planner accounts last seen (sign-in or refresh) in the days; `at` is the last sighting.',
  subscriptionsActive:
    'Subscriptions not canceled, started and not expired at the end of `to` (now for today; `from` is not used); `at` is the start.',
  subscriptionsNew: 'Subscriptions started in the days, any source or status; `at` is the start.',
  subscriptionsChurned:
    'Subscriptions ending in the days (up to now) whose owner held no other non-canceled subscription running then; `at` is the end.',
  lifetime:
    'Active purchased subscriptions of lifetime plans at the end of `to` (`from` is not used); `at` is the start.',
  revenue:
    'Paid purchases and renewals (succeeded, or refunded later) and succeeded refunds (negative) made in the days; `amount` in kopecks, `total` their sum.',
  promoActivations: 'Promo codes activated in the days; `at` is the activation, `seriesId` the series.',
  promoRefused:
    'Refused promo activation attempts in the days (of one refusal code with `reason`); `at` is the attempt, `reason` the refusal code.',
  promoActivated:
    "Promo codes activated up to the end of `to` (`from` is not used), of one series with `seriesId`: the promo funnel's «activated»; `at` is the activation.",
  promoRetained:
    "The promo funnel's «retained» (`from` and `to` are not used): per series (one with `seriesId`), each user who activated one of its codes, whose promo time ran out by the start of the day of the latest snapshot and who held a running purchased subscription then; `id` and `at` are that user's latest code of the series and its activation.",
  pushSent:
    'Deliveries sent, of the push notifications scheduled in the days (the whole of each day); `at` is the scheduled time, `id` the delivery.',
  pushFailed:
    "Deliveries that failed, of the push notifications scheduled in the days; `at` is the scheduled time, `reason` the provider's error.",
  pushOpened:
    'Deliveries opened (whenever), of the push notifications scheduled in the days; `at` is the scheduled time.',
};

/** The figures a promo series narrows (`seriesId`), and the one a refusal code narrows (`reason`). */
export const peopleBySeries: readonly PeopleFigure[] = ['promoActivations', 'promoActivated', 'promoRetained'];
export const peopleByReason: readonly PeopleFigure[] = ['promoRefused'];

/** Narrowing filters of a list: one promo series, one refusal code (docs/decisions/0050). */
const peopleFilters = {
  seriesId: filter
    .id()
    .meta({ description: 'Only this promo series (promoActivations, promoActivated, promoRetained).' }),
  reason: optionalFilter(
    z
      .string()
      .max(64)
      .regex(/^[A-Z][A-Z_]*$/, 'an error code'),
  ).meta({ description: 'Only this refusal code (promoRefused), e.g. CODE_NOT_FOUND.' }),
};

/** A filter only where its figure has it: a series for the promo figures, a code for the refusals. */
const checkPeopleFilters = (
  query: { figure: PeopleFigure; seriesId?: number | undefined; reason?: string | undefined },
  ctx: z.RefinementCtx,
) => {
  if (query.seriesId !== undefined && !peopleBySeries.includes(query.figure))
    ctx.addIssue({ code: 'custom', path: ['seriesId'], message: `only with ${peopleBySeries.join(', ')}` });
  if (query.reason !== undefined && !peopleByReason.includes(query.figure))
    ctx.addIssue({ code: 'custom', path: ['reason'], message: `only with ${peopleByReason.join(', ')}` });
};

export const peopleQuery = listQuery({
  figure: peopleFigure.meta({ description: 'Which figure of the dashboard to list.' }),
  ...analyticsRange,
  ...peopleFilters,
}).superRefine((query, ctx) => {
  checkAnalyticsRange(query, ctx);
  checkPeopleFilters(query, ctx);
});
export type PeopleQuery = z.infer<typeof peopleQuery>;

export const peopleItem = z.object({
  id: z.number().int().meta({
    description: 'The counted row: the user, subscription, transaction, promo code or refused attempt.',
  }),
  userId: z.number().int().nullable().meta({ description: 'Null only for a code whose activating account is gone.' }),
  email: z.string(),
  at: z.string().meta({ description: "The instant that places the row in the figure (see the figure's definition)." }),
  planId: z.number().int().nullable(),
  amount: z.number().int().nullable().meta({ description: 'Kopecks, for revenue; null otherwise.' }),
  seriesId: z.number().int().nullable(),
  reason: z
    .string()
    .nullable()
    .meta({ description: "The refusal code, for promoRefused; the provider's error, for pushFailed; null otherwise." }),
});
export type PeopleItem = z.infer<typeof peopleItem>;

export const peoplePage = z.object({
  items: z.array(peopleItem),
  count: z
    .number()
    .int()
    .nonnegative()
    .meta({ description: "Rows in the list: the card's figure, except for revenue (the payments behind it)." }),
  countIsEstimate: z.boolean().meta({
    description:
      "Only revenue's payments are counted like the other large lists (exactly up to 10 000, else the planner's estimate); every other count is the dashboard's own figure.",
  }),
  total: z
    .number()
    .int()
    .nullable()
    .meta({ description: "For revenue, the amounts' sum in kopecks (the card's figure); null for the others." }),
});
export type PeoplePage = z.infer<typeof peoplePage>;

export const peopleExportQuery = z
  .object({
    figure: peopleFigure,
    ...analyticsRange,
    ...peopleFilters,
    lang: locale.optional().meta({ description: 'Language of the header row; Russian when left out.' }),
  })
  .superRefine((query, ctx) => {
    checkAnalyticsRange(query, ctx);
    checkPeopleFilters(query, ctx);
  });
export type PeopleExportQuery = z.infer<typeof peopleExportQuery>;

/** The CSV's columns, in each language, the same for every figure (blank where a figure has none). */
export const peopleCsvHeader: Record<Locale, readonly string[]> = {
  ru: ['Время', 'ID записи', 'ID пользователя', 'E-mail', 'ID тарифа', 'Сумма, коп.', 'ID серии', 'Причина'],
  en: ['Time', 'Row ID', 'User ID', 'E-mail', 'Plan ID', 'Amount, kopecks', 'Series ID', 'Reason'],
  zh: ['时间', '记录 ID', '用户 ID', '电子邮件', '套餐 ID', '金额（戈比）', '系列 ID', '原因'],
  fr: [
    'Heure',
    'ID de la ligne',
    'ID utilisateur',
    'E-mail',
    'ID du forfait',
    'Montant, kopecks',
    'ID de la série',
    'Motif',
  ],
  ja: ['日時', '行 ID', 'ユーザー ID', 'メール', 'プラン ID', '金額（コペイカ）', 'シリーズ ID', '理由'],
};
