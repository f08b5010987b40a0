import { z } from 'zod';
import { bulkUndoTicket } from './bulk-undo';
import { dbIdValue } from './common';
import { errorCode } from './errors';

/** One bulk request acts on at most this many rows: one transaction, one answer, no job needed. */
export const BULK_LIMIT = 1000;

/** What happened to one row: changed, already so, refused by a rule (with its code), or not there. */
export const bulkOutcomes = ['done', 'unchanged', 'refused', 'not_found'] as const;
export const bulkOutcome = z.enum(bulkOutcomes);
export type BulkOutcome = z.infer<typeof bulkOutcome>;

const unique = <T>(items: readonly T[]) => new Set(items).size === items.length;

/** 1…BULK_LIMIT distinct values: a repeated id is a client bug, not something to deduplicate silently. */
const bulkList = <S extends z.ZodType>(item: S) =>
  z
    .array(item)
    .min(1)
    .max(BULK_LIMIT)
    .refine((items) => unique(items), { message: 'values must be unique', params: { code: 'invalid' } });

export const bulkIds = bulkList(dbIdValue);

/**
 * The per-row report of a bulk action. A dry run answers the same report without changing anything:
 * that is the preview the SPA shows before the staff member confirms.
 */
export const bulkReport = <S extends z.ZodType>(key: S) =>
  z.object({
    dryRun: z.boolean(),
    results: z.array(z.object({ id: key, outcome: bulkOutcome, code: errorCode.optional() })),
    summary: z.object({
      done: z.number().int(),
      unchanged: z.number().int(),
      refused: z.number().int(),
      notFound: z.number().int(),
    }),
  });

/** A real (not dry) bulk block also answers its undo (docs/decisions/0043); null when nothing can be undone. */
export const bulkUsersReport = bulkReport(z.number().int())
  .extend({ undo: bulkUndoTicket.nullable().optional() })
  .meta({ id: 'BulkUsersReport' });
export type BulkUsersReport = z.infer<typeof bulkUsersReport>;

export const bulkUserActions = ['block', 'unblock', 'logout'] as const;
export const bulkUserAction = z.enum(bulkUserActions);
export type BulkUserAction = z.infer<typeof bulkUserAction>;

export const bulkUsersBody = z
  .object({ action: bulkUserAction, ids: bulkIds, dryRun: z.boolean().default(false) })
  .strict();
export type BulkUsersBody = z.input<typeof bulkUsersBody>;

/** Export of chosen rows: the same CSV as the filtered export, only these users. */
export const exportSelectedUsersBody = z.object({ ids: bulkIds }).strict();

/** A real bulk block of codes also answers its undo, as the users' does (docs/decisions/0043). */
export const bulkCodesReport = bulkReport(z.string())
  .extend({ undo: bulkUndoTicket.nullable().optional() })
  .meta({ id: 'BulkCodesReport' });
export type BulkCodesReport = z.infer<typeof bulkCodesReport>;

/** Code values of one series, compared case-insensitively as the single block does. */
export const bulkBlockCodesBody = z
  .object({
    codes: bulkList(
      z
        .string()
        .trim()
        .min(1)
        .max(64)
        .transform((value) => value.toUpperCase()),
    ),
    dryRun: z.boolean().default(false),
  })
  .strict();
export type BulkBlockCodesBody = z.input<typeof bulkBlockCodesBody>;
