import { z } from 'zod';
import { dbId } from './common';
import { fieldErrorCodes } from './error-codes';
import { fieldChange } from './versions';

/** What a file can bring in (product.md §8 "Import"). */
export const importKinds = ['users', 'promo-codes', 'tg-channels'] as const;
export const importKind = z.enum(importKinds);
export type ImportKind = z.infer<typeof importKind>;

/** queued → running → done (a dry run too) or failed; a done import that was undone is `undone`. */
export const importStatuses = ['queued', 'running', 'done', 'failed', 'undone'] as const;
export const importStatus = z.enum(importStatuses);
export type ImportStatus = z.infer<typeof importStatus>;

/**
 * What a row whose key a record already has does: `refuse` it as taken (the default: a file of new
 * records), or `update` that record with the row's filled cells (users by e-mail, channels by name;
 * never promo codes, whose file carries nothing but the code). An undo puts updated records back.
 */
export const importExistingModes = ['refuse', 'update'] as const;
export const importExistingMode = z.enum(importExistingModes);
export type ImportExistingMode = z.infer<typeof importExistingMode>;

/** The kinds a file may update. */
export const updatableImportKinds: readonly ImportKind[] = ['users', 'tg-channels'];

/** The columns each kind reads, in the order the wizard shows them. */
export const importFields = {
  users: ['email', 'phoneNumber', 'firstName', 'lastName'],
  'promo-codes': ['code'],
  'tg-channels': ['title', 'username', 'category', 'description', 'published'],
} as const satisfies Record<ImportKind, readonly string[]>;
export type ImportField = (typeof importFields)[ImportKind][number];

/** Fields a row cannot go without (the others may be left unmapped). */
export const requiredImportFields: Record<ImportKind, readonly ImportField[]> = {
  users: ['email'],
  'promo-codes': ['code'],
  'tg-channels': ['title', 'username', 'category'],
};

/** A promo code brought from elsewhere: what the `promo_codes` CHECK allows, upper-cased as typed codes are. */
export const importedPromoCode = z
  .string()
  .trim()
  .toUpperCase()
  .min(2)
  .max(64)
  .regex(/^[A-Z0-9-]+$/, 'latin letters, digits and "-" only');

/** «да», «нет», yes, no, 1, 0…: a published flag as people fill a spreadsheet. */
export const importedFlag = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value, ctx) => {
    if (['1', 'true', 'yes', 'y', 'да', 'д', '+', 'x', 'v'].includes(value)) return true;
    if (['0', 'false', 'no', 'n', 'нет', 'н', '-', ''].includes(value)) return false;
    ctx.addIssue({ code: 'custom', message: 'yes or no', params: { code: 'invalid' } });
    return z.NEVER;
  });

/** What is wrong with one cell: the form's field codes, and a key repeated inside the file. */
export const importErrorCodes = [...fieldErrorCodes, 'duplicate'] as const;
export const importErrorCode = z.enum(importErrorCodes);
export type ImportErrorCode = z.infer<typeof importErrorCode>;

/** `row` counts as a spreadsheet does: the header is row 1, the first record row 2. */
export const importRowError = z.object({
  row: z.number().int(),
  field: z.string(),
  code: importErrorCode,
});
export type ImportRowError = z.infer<typeof importRowError>;

const csvSeparator = z.enum([';', ',', '\t']);

/**
 * `POST /imports`: the options, sent as multipart fields before the file or in the query (the typed
 * clients send the query). `mapping` is JSON: each field → the column's header or 0-based index.
 */
export const createImportFields = z
  .object({
    kind: importKind,
    seriesId: dbId.optional(),
    dryRun: z.stringbool().default(false),
    /** Import the valid rows and skip the others, or import nothing while any row is invalid. */
    onInvalid: z.enum(['skip', 'abort']).default('abort'),
    onExisting: importExistingMode.default('refuse'),
    /** Detected when absent: UTF-8 (with or without BOM) unless the bytes are not UTF-8, then Windows-1251. */
    encoding: z.enum(['utf-8', 'windows-1251']).optional(),
    /** Guessed from the first lines when absent. */
    delimiter: csvSeparator.optional(),
    /** XLSX: the sheet's 1-based number or its name; the first sheet when absent. */
    sheet: z.string().trim().min(1).max(100).optional(),
    mapping: z
      .string()
      .max(4000)
      .optional()
      .transform((text, ctx) => {
        if (text === undefined || text.trim() === '') return undefined;
        try {
          return z
            .record(z.string().max(50), z.union([z.string().max(200), z.number().int().min(0).max(1000)]))
            .parse(JSON.parse(text));
        } catch {
          ctx.addIssue({ code: 'custom', message: 'a JSON object of field → column', params: { code: 'invalid' } });
          return z.NEVER;
        }
      }),
  })
  .refine((fields) => fields.kind !== 'promo-codes' || fields.seriesId !== undefined, {
    path: ['seriesId'],
    message: 'promo codes go into a series',
    params: { code: 'required' },
  })
  .refine((fields) => fields.onExisting === 'refuse' || updatableImportKinds.includes(fields.kind), {
    path: ['onExisting'],
    message: 'promo codes are only added',
    params: { code: 'not_allowed' },
  });
export type CreateImportFields = z.input<typeof createImportFields>;

/** The same options as the query of the typed clients (every one optional there; the service checks them whole). */
export const createImportQuery = z.object({
  kind: importKind.optional(),
  seriesId: z.string().max(12).optional(),
  dryRun: z.enum(['true', 'false']).optional(),
  onInvalid: z.enum(['skip', 'abort']).optional(),
  onExisting: importExistingMode.optional(),
  encoding: z.enum(['utf-8', 'windows-1251']).optional(),
  delimiter: csvSeparator.optional(),
  sheet: z.string().max(100).optional(),
  mapping: z.string().max(4000).optional(),
});

export const importCreated = z.object({ id: z.number().int() });

/** Why an import's record cannot be taken back: it changed, was used, or other records now point at it. */
export const undoRefusalReasons = ['changed', 'activated', 'in_use'] as const;
export const undoRefusal = z.object({
  row: z.number().int(),
  recordId: z.number().int(),
  reason: z.enum(undoRefusalReasons),
});
export type UndoRefusal = z.infer<typeof undoRefusal>;

/**
 * A row that updates (or, in a dry run, would update) a record, and the fields it changes, as a
 * record's history shows them (a channel's category by its title).
 */
export const importUpdate = z.object({
  row: z.number().int(),
  recordId: z.number().int(),
  changes: z.array(fieldChange),
});
export type ImportUpdate = z.infer<typeof importUpdate>;

/** Where an import stands (product.md §8), with what the wizard shows besides. */
export const importState = z
  .object({
    id: z.number().int(),
    kind: importKind,
    status: importStatus,
    dryRun: z.boolean(),
    onInvalid: z.enum(['skip', 'abort']),
    onExisting: importExistingMode,
    seriesId: z.number().int().nullable(),
    fileName: z.string(),
    /** `csv` or `xlsx`, by content. */
    format: z.string().nullable(),
    encoding: z.string().nullable(),
    delimiter: z.string().nullable(),
    /** The header row as read. */
    columns: z.array(z.string()),
    /** Each field → its column's index, as guessed from the headers or as sent. */
    mapping: z.record(z.string(), z.number().int()),
    total: z.number().int(),
    valid: z.number().int(),
    invalid: z.number().int(),
    imported: z.number().int(),
    /** Valid rows whose key a record has and which change it (update mode); the rest of `valid` create. */
    toUpdate: z.number().int(),
    /** Valid rows whose key a record has and which would change nothing in it: left alone. */
    unchanged: z.number().int(),
    /** Of `imported`, the records updated rather than created. */
    updated: z.number().int(),
    /** The first 1,000 rows that update a record, in row order, with the fields they change. */
    updates: z.array(importUpdate),
    /** The first 1,000 refusals in row order; `errors.csv` has them all with the rows. */
    errors: z.array(importRowError),
    /** Why a failed import stopped: `invalid-rows` (abort chosen), `canceled`, `unreadable`, or the error. */
    failure: z.string().nullable(),
    /** Records that kept the last undo from running (empty until one was refused). */
    undoRefusals: z.array(undoRefusal),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'Import' });
export type ImportState = z.infer<typeof importState>;
