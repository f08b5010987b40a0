import { z } from 'zod';
import { paged } from './common';

/**
 * The list screens whose columns and saved views staff can keep (issue #15). A new list screen
 * adds its key here (and to the database CHECK of `list_column_settings` and `saved_views`).
 */
export const listKeys = [
  'users',
  'subscriptions',
  'user-subscriptions',
  'transactions',
  'promo-series',
  'promo-codes-generated',
  'promo-codes-activated',
  'notes',
  'push-notifications',
  'tg-channels',
  'audit-log',
] as const;
export const listKey = z.enum(listKeys);
export type ListKey = z.infer<typeof listKey>;
export const listKeyParam = z.object({ listKey });

/** How many views one person may keep per list: enough for real use, not a storage to fill. */
export const MAX_VIEWS_PER_LIST = 50;
/** A list has at most a few dozen columns; a URL at most a few dozen parameters. */
const MAX_COLUMNS = 40;
const MAX_QUERY_PARAMS = 30;

/** A column's stable key (what the screen calls it), not its translated title. */
const columnKey = z
  .string()
  .min(1)
  .max(60)
  .regex(/^[A-Za-z0-9_.-]+$/);

export const columnSetting = z.strictObject({ key: columnKey, visible: z.boolean() });
export type ColumnSetting = z.infer<typeof columnSetting>;

/** The columns in the order shown, each shown or hidden; a key appears once. */
export const columnSettings = z
  .array(columnSetting)
  .max(MAX_COLUMNS)
  .refine((columns) => new Set(columns.map((column) => column.key)).size === columns.length, {
    message: 'A column appears twice',
  });

/** A person's column settings for one list; no columns means the screen's defaults. */
export const listColumns = z.object({ listKey, columns: z.array(columnSetting) }).meta({ id: 'ListColumns' });
export type ListColumns = z.infer<typeof listColumns>;
export const putListColumnsBody = z.strictObject({ columns: columnSettings });
export type PutListColumnsBody = z.input<typeof putListColumnsBody>;

/**
 * What a view remembers: the list's URL parameters (its filters, sort and page size, as the screen
 * writes them) and, optionally, its columns. Only strings: the screen reads them as it reads its URL.
 */
export const viewState = z.strictObject({
  query: z
    .record(
      z
        .string()
        .min(1)
        .max(40)
        .regex(/^[A-Za-z0-9_.-]+$/),
      z.string().max(1000),
    )
    .refine((query) => Object.keys(query).length <= MAX_QUERY_PARAMS, { message: 'Too many parameters' }),
  columns: columnSettings.nullable().default(null),
});
export type ViewState = z.infer<typeof viewState>;

export const viewName = z.string().trim().min(1).max(60);

export const savedView = z
  .object({
    id: z.number().int(),
    listKey,
    name: z.string(),
    state: z.object({ query: z.record(z.string(), z.string()), columns: z.array(columnSetting).nullable() }),
    /** Seen by every staff member; only an admin shares. */
    shared: z.boolean(),
    ownerId: z.number().int(),
    /** The owner's name, or e-mail when the name is empty. */
    ownerName: z.string(),
    /** Whether the caller may rename, change or delete it (the owner; an admin for a shared view). */
    canEdit: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'SavedView' });
export type SavedView = z.infer<typeof savedView>;
export const savedViewsList = paged(savedView);

export const createViewBody = z.strictObject({
  name: viewName,
  state: viewState,
  shared: z.boolean().default(false),
});
export type CreateViewBody = z.input<typeof createViewBody>;

export const updateViewBody = z
  .strictObject({ name: viewName.optional(), state: viewState.optional(), shared: z.boolean().optional() })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Nothing to change' });
export type UpdateViewBody = z.input<typeof updateViewBody>;
