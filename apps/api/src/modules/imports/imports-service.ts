import { createImportFields, type ImportRowError, type ImportState, type ImportUpdate } from '@pult/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { promoSeries } from '../../db/schema';
import { csvHeader, csvLine } from '../../lib/csv';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-errors';
import { actorOf, type ServiceContext } from '../../lib/service-context';
import { enqueueJob } from '../jobs';
import { type ImportRow, importsRepository as repo, toImportState } from './imports-repository';
import { IMPORT_JOB } from './job/import-job';
import { reasonText } from './rules/reason-texts';
import { undoImport } from './undo-import';
import type { ImportUpload } from './upload/read-import-upload';

/** Options that passed `accept`: what the import is, and its series. */
export interface AcceptedImport {
  options: NonNullable<ReturnType<typeof createImportFields.safeParse>['data']>;
  seriesId: number | null;
}

const importNotFound = () => notFound('IMPORT_NOT_FOUND', 'No such import');

/** Users are admins' (the users screen creates them only for admins); codes and channels every staff member's. */
function mayImport(ctx: ServiceContext, kind: ImportRow['kind']): boolean {
  return kind !== 'users' || actorOf(ctx).role === 'admin';
}

/** An import the caller may see: the kind's rule, and 404 rather than 403 for one they may not (it names nobody's data). */
async function visibleImport(ctx: ServiceContext, id: number): Promise<ImportRow> {
  const imp = await repo.find(ctx.db, id);
  if (!imp || !mayImport(ctx, imp.kind)) throw importNotFound();
  return imp;
}

/**
 * The refusals and updates an import shows, read once per state: a file's rows are searched for them
 * without an index (0042: `import_rows` has only its primary key), a second for a million rows, and a
 * screen (or the bench) asks for the state every fraction of a second while the job runs. They change
 * only with the counts, so those are the key; the map is per database (tests open many, ids restart).
 */
const shownLists = new WeakMap<Db, Map<number, { key: string; errors: ImportRowError[]; updates: ImportUpdate[] }>>();

async function listsOf(db: Db, imp: ImportRow): Promise<{ errors: ImportRowError[]; updates: ImportUpdate[] }> {
  // While the file is read nothing is counted (the screen shows no list then); a list whose count is 0 is empty.
  if (imp.phase === 'staging') return { errors: [], updates: [] };
  const key = `${imp.status}:${imp.invalid}:${imp.toUpdate}`;
  const known = shownLists.get(db) ?? new Map();
  shownLists.set(db, known);
  const hit = known.get(imp.id);
  if (hit?.key === key) return hit;
  const lists = {
    key,
    errors: imp.invalid > 0 ? await repo.errors(db, imp.id) : [],
    updates: imp.toUpdate > 0 ? await repo.updates(db, imp.id) : [],
  };
  known.delete(imp.id);
  known.set(imp.id, lists);
  // The few imports being followed at the moment; the oldest goes first.
  if (known.size > 50) known.delete(known.keys().next().value as number);
  return lists;
}

/** Imports (docs/decisions/0037): the upload and its options, the state, the refused rows, the undo. */
export const importsService = {
  /**
   * The options of an upload, checked before its file is stored (readImportUpload calls it when the
   * file begins): the query and the fields sent before the file; the caller's right to the kind; the
   * series, which must exist and be done generating.
   */
  accept: async (
    ctx: ServiceContext,
    query: Record<string, unknown>,
    fields: Record<string, string>,
  ): Promise<AcceptedImport> => {
    const parsed = createImportFields.safeParse({ ...query, ...fields });
    if (!parsed.success) {
      const errors = Object.fromEntries(
        parsed.error.issues.map((issue) => [String(issue.path[0] ?? ''), 'invalid' as const]),
      );
      throw badRequest('VALIDATION_FAILED', `Invalid import options: ${parsed.error.issues[0]?.message ?? ''}`, errors);
    }
    const options = parsed.data;
    if (!mayImport(ctx, options.kind)) throw forbidden('FORBIDDEN', 'Only admins import users');
    const seriesId = options.kind === 'promo-codes' ? (options.seriesId ?? null) : null;
    if (seriesId !== null) {
      const [series] = await ctx.db
        .select({ status: promoSeries.generationStatus })
        .from(promoSeries)
        .where(eq(promoSeries.id, seriesId));
      if (!series) throw notFound('SERIES_NOT_FOUND', 'No such promo series');
      // The generator counts a series' codes to know how many are left to make: imported codes would
      // end it early. A series takes codes from a file once its own are made.
      if (series.status === 'pending' || series.status === 'running')
        throw conflict('IMPORT_SERIES_BUSY', 'The series is still generating its codes; import when it is done');
    }
    return { options, seriesId };
  },

  /** The import of an accepted, stored upload: its row and its job. A refusal here removes the stored file. */
  create: async (ctx: ServiceContext, upload: ImportUpload<AcceptedImport>): Promise<{ id: number }> => {
    try {
      return await createImport(ctx, upload);
    } catch (error) {
      await ctx.storage.delete(upload.fileKey).catch(() => undefined);
      throw error;
    }
  },

  get: async (ctx: ServiceContext, id: number): Promise<ImportState> => {
    const imp = await visibleImport(ctx, id);
    const { errors, updates } = await listsOf(ctx.db, imp);
    return toImportState(imp, errors, updates);
  },

  /** The refused rows as CSV, checked before the first byte is sent (then streamed page by page). */
  errorsCsv: async (ctx: ServiceContext, id: number): Promise<AsyncGenerator<string>> => {
    const imp = await visibleImport(ctx, id);
    return refusedRowsCsv(ctx, imp);
  },

  undo: async (ctx: ServiceContext, id: number): Promise<ImportState> => {
    await visibleImport(ctx, id);
    await undoImport(ctx, id);
    return importsService.get(ctx, id);
  },
};

/** The file's header and two more columns (row, reason), then each refused row's cells as read. */
async function* refusedRowsCsv(ctx: ServiceContext, imp: ImportRow): AsyncGenerator<string> {
  yield csvHeader([...imp.columns, 'Строка', 'Причина']);
  let after = 0;
  for (;;) {
    const page = await repo.refusedPage(ctx.db, imp.id, after, 2000);
    if (page.length === 0) return;
    let chunk = '';
    for (const row of page) {
      const cells = imp.columns.map((_, index) => row.cells[index] ?? '');
      chunk += csvLine([...cells, row.row, reasonText(row.errors ?? [])]);
      after = row.row;
    }
    yield chunk;
  }
}

/** The import's row, its job and its audit entry, in one transaction. */
async function createImport(ctx: ServiceContext, upload: ImportUpload<AcceptedImport>): Promise<{ id: number }> {
  const actor = actorOf(ctx);
  const { options, seriesId } = upload.checked;
  const now = ctx.clock.now();
  const created = await ctx.db.transaction(async (tx) => {
    const imp = await repo.insert(tx, {
      kind: options.kind,
      dryRun: options.dryRun,
      onInvalid: options.onInvalid,
      onExisting: options.onExisting,
      seriesId,
      fileKey: upload.fileKey,
      fileName: upload.fileName,
      format: upload.format,
      encoding: options.encoding ?? null,
      delimiter: options.delimiter ?? null,
      sheet: options.sheet ?? null,
      mappingSent: options.mapping ?? null,
      createdBy: actor.userId,
      createdAt: now,
    });
    await enqueueJob(tx, { kind: IMPORT_JOB, subjectId: imp.id, runAt: now, requestId: ctx.requestId });
    await ctx.audit(
      {
        action: 'import',
        entity: 'import',
        entityId: imp.id,
        after: {
          kind: imp.kind,
          fileName: imp.fileName,
          dryRun: imp.dryRun,
          onInvalid: imp.onInvalid,
          onExisting: imp.onExisting,
          seriesId,
        },
      },
      tx,
    );
    return imp;
  });
  return { id: created.id };
}
