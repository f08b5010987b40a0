import { z } from 'zod';
import { dbId, dbIdValue, estimatedPage } from './common';
import { commaList, filter, instant, jsonParam, listQuery, MAX_PAGE, MAX_TAKE, optionalFilter } from './list-query';
import { planPeriod } from './subscriptions';
import { recordVersion } from './versions';

/** No 0/O, 1/I/L: codes are read aloud and typed from screens. */
export const PROMO_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const MAX_CODES_PER_SERIES = 10_000_000;
/** The longest grant a series may set. A lifetime plan's grant never ends whatever the series says. */
export const MAX_SERIES_DAYS = 3650;

export const promoSeriesStatus = z.enum(['enabled', 'disabled']);
export const generationStatus = z.enum(['pending', 'running', 'done', 'failed']);

export const promoSeries = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  codeLength: z.number().int(),
  codesCount: z.number().int(),
  planId: z.number().int(),
  planTitle: z.string(),
  /** The plan's period: a `lifetime` plan's subscriptions never end, whatever `durationDays` says. */
  planPeriod,
  durationDays: z.number().int(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  status: promoSeriesStatus,
  basketId: z.string().nullable(),
  basketName: z.string().nullable(),
  generationStatus,
  generationError: z.string().nullable(),
  generated: z.number().int(),
  activated: z.number().int(),
  blocked: z.number().int(),
  createdAt: z.string(),
  createdBy: z.number().int().nullable(),
  /** The series' version; its theme is part of it (docs/decisions/0036). */
  version: recordVersion,
});
export type PromoSeries = z.infer<typeof promoSeries>;

export const promoSeriesQuery = listQuery({
  /** Part of the name, any case. */
  name: filter.text(100),
  status: filter.oneOf(promoSeriesStatus),
  planId: filter.id(),
  /** Created from / to, both included. */
  from: filter.instant(),
  to: filter.instant(),
});
export type PromoSeriesQuery = z.input<typeof promoSeriesQuery>;

export const createPromoSeriesBody = z
  .object({
    name: z.string().trim().min(1).max(100),
    prefix: z
      .string()
      .trim()
      .toUpperCase()
      .max(10)
      .regex(/^[A-Z0-9-]*$/, 'latin letters, digits and "-" only')
      .default(''),
    codeLength: z.number().int().min(2).max(32),
    codesCount: z.number().int().min(1).max(MAX_CODES_PER_SERIES),
    planId: dbIdValue,
    durationDays: z.number().int().min(1).max(MAX_SERIES_DAYS),
    startsAt: instant.nullable().optional(),
    endsAt: instant.nullable().optional(),
    basketId: z.string().trim().min(1).max(64).nullable().optional(),
  })
  .refine((b) => !b.startsAt || !b.endsAt || Date.parse(b.endsAt) > Date.parse(b.startsAt), {
    path: ['endsAt'],
    message: 'must be after the start',
  })
  .refine((b) => PROMO_ALPHABET.length ** b.codeLength >= b.codesCount, {
    path: ['codesCount'],
    message: 'more codes than this length can make; make the codes longer',
  });
export type CreatePromoSeriesBody = z.input<typeof createPromoSeriesBody>;

export type PrefilledSeries = z.infer<typeof prefilledSeries>;
export const prefilledSeries = z.object({
  name: z.string(),
  prefix: z.string(),
  codeLength: z.number().int(),
  codesCount: z.number().int(),
  planId: z.number().int().nullable(),
  durationDays: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
});

export const promoCodeStatus = z.enum(['new', 'activated', 'blocked']);

export const generatedCode = z.object({
  value: z.string(),
  status: promoCodeStatus,
  activatedAt: z.string().nullable(),
});

export const generatedCodesQuery = listQuery({
  /** `csv` is the older spelling of the CSV download (`…/generated-codes.csv`), kept working. */
  format: z.enum(['json', 'csv']).default('json'),
  /**
   * The start of a code, with or without the series' prefix (`PULT7K` or `7K`), any case. A start, not
   * any part: it is answered from the index on the value, however many codes the series has.
   */
  code: optionalFilter(
    z
      .string()
      .trim()
      .max(64)
      .regex(/^[A-Za-z0-9-]*$/, 'letters, digits and dashes only')
      .transform((value) => value.toUpperCase()),
  ),
});

/** A page of a series' codes, with the series' name for the page title. */
export const generatedCodesPage = estimatedPage(generatedCode, { seriesName: z.string() });
export type GeneratedCodesPage = z.infer<typeof generatedCodesPage>;
export type GeneratedCode = z.infer<typeof generatedCode>;

export const promoSeriesPage = estimatedPage(promoSeries);
export type PromoSeriesPage = z.infer<typeof promoSeriesPage>;

export const activatedStatuses = ['activated', 'blocked'] as const;

/** The seed's `…/activated?where=` JSON: take, page, text and statuses, kept as the seed has them. */
export const activatedWhere = z
  .object({
    take: z.number().int().min(1).max(MAX_TAKE).optional(),
    page: z.number().int().min(1).max(MAX_PAGE).optional(),
    text: z.string().trim().max(100).optional(),
    statuses: z.array(z.enum(activatedStatuses)).max(2).optional(),
  })
  .strict();
/** The `where` JSON as a client writes it. */
export type ActivatedWhere = z.input<typeof activatedWhere>;

/**
 * The activated codes: flat parameters (`take`, `page`, `text`, `status=activated,blocked`) or the
 * seed's `where` JSON. The list opens at page 1 with 10 rows, as the seed says.
 */
export const activatedQuery = listQuery(
  {
    /** In the code or the user's e-mail or phone. */
    text: filter.text(100),
    status: commaList(activatedStatuses),
    where: jsonParam(activatedWhere).optional(),
  },
  { take: 10 },
);

/** The activated list's filter, whichever way the query wrote it (a `where` field wins over its flat twin). */
export interface ActivatedFilter {
  take: number;
  page: number;
  text?: string;
  statuses?: (typeof activatedStatuses)[number][];
}

export type ActivatedQuery = z.output<typeof activatedQuery>;

export function activatedFilterOf(query: ActivatedQuery): ActivatedFilter {
  const { where } = query;
  const result: ActivatedFilter = { take: where?.take ?? query.take, page: where?.page ?? query.page };
  const text = where?.text || query.text;
  if (text) result.text = text;
  const statuses = where?.statuses ?? query.status;
  if (statuses) result.statuses = statuses;
  return result;
}

export const activatedCode = z.object({
  value: z.string(),
  status: promoCodeStatus,
  activatedAt: z.string().nullable(),
  blockedAt: z.string().nullable(),
  activatedBy: z.object({ id: z.number().int(), email: z.string(), phoneNumber: z.string().nullable() }).nullable(),
});
export type ActivatedCode = z.infer<typeof activatedCode>;

export const activatedCodesPage = estimatedPage(activatedCode);
export type ActivatedCodesPage = z.infer<typeof activatedCodesPage>;

/**
 * `GET /promo-codes/lookup?code=`: one code by its exact value, in whichever series it is (values are
 * unique across series). Case does not matter; anything but letters, digits and dashes cannot be a code.
 */
export const codeLookupQuery = z.object({
  code: z
    .string()
    .trim()
    .min(2)
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/, 'letters, digits and dashes only')
    .transform((value) => value.toUpperCase()),
});
export const codeLookup = z.object({
  code: activatedCode,
  series: z.object({ id: z.number().int(), name: z.string() }),
});
export type CodeLookup = z.infer<typeof codeLookup>;

export const promoSeriesAction = z.enum(['enable', 'disable']);
export type PromoSeriesAction = z.infer<typeof promoSeriesAction>;
export const manageSeriesParams = z.object({ id: dbId, action: promoSeriesAction });
export const blockCodeParams = z.object({
  id: dbId,
  code: z.string().trim().min(1).max(64),
});

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour like #3e82f7');
export const themeImageKinds = ['logo', 'background', 'banner'] as const;
export const themeImageKind = z.enum(themeImageKinds);
export type ThemeImageKind = z.infer<typeof themeImageKind>;

export const promoTheme = z.object({
  colors: z.object({ primary: hexColor, background: hexColor, text: hexColor }),
  texts: z.object({
    headline: z.string().trim().max(120),
    subtitle: z.string().trim().max(300),
    buttonText: z.string().trim().min(1).max(40),
  }),
  images: z.object({ logo: z.string().nullable(), background: z.string().nullable(), banner: z.string().nullable() }),
});
export type PromoTheme = z.infer<typeof promoTheme>;

/** The theme as the API answers it: with its series' version, the ETag an edit sends back. */
export const promoThemeAnswer = promoTheme.extend({ version: recordVersion });
export type PromoThemeAnswer = z.infer<typeof promoThemeAnswer>;

export const DEFAULT_PROMO_THEME: PromoTheme = {
  colors: { primary: '#2563d9', background: '#ffffff', text: '#1a3353' },
  texts: { headline: 'Подарок для вас', subtitle: 'Введите промокод и получите подписку', buttonText: 'Активировать' },
  images: { logo: null, background: null, banner: null },
};

export type UpdatePromoThemeBody = z.input<typeof updatePromoThemeBody>;
/**
 * Colours and texts change here; `images` is read-only (uploads change it) but accepted when it matches
 * the stored images, so a client can read the theme, edit it and send the whole document back.
 */
export const updatePromoThemeBody = z
  .object({
    colors: promoTheme.shape.colors.partial().strict(),
    texts: promoTheme.shape.texts.partial().strict(),
    images: promoTheme.shape.images.partial().strict(),
    /** The version GET answered, sent back with the whole document: ignored (the If-Match header is what counts). */
    version: recordVersion,
  })
  .partial()
  .strict();

export const themeImageParams = z.object({ id: dbId, kind: themeImageKind });

export const customizationQuery = z.object({ basketId: z.string().trim().min(1).max(64) });
export const customization = z.object({ basketId: z.string(), nameProject: z.string() });
export type Customization = z.infer<typeof customization>;

export const activatePromoBody = z.object({ code: z.string().trim().min(1).max(64) });

/** The landing page's own form (urlencoded): an empty or overlong code is answered on the page, not as a 400. */
export const landingCheckBody = z.object({ code: z.string().max(200).default('') });
