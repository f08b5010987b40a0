import type { JobProgress } from '@pult/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import { pgPoolOf } from '../../../db/copy-out';
import type { Clock } from '../../../lib/clock';
import type { Storage } from '../../../storage/storage';
import { type JobHandler, type JobOutcome, jobKind } from '../../jobs';
import { type ImportRow, importsRepository as repo } from '../imports-repository';
import { insertBatch } from '../rules/kind-sql';
import { stageFile } from './stage-file';

/** Rows turned into records per statement (each statement also writes the ids back to its rows). */
const PG_INSERT_BATCH = 20_000;
const PGLITE_INSERT_BATCH = 2_000;

/** The jobs screen's progress: records made or updated of the valid rows that change something (0 of 0 while the file is read). */
async function importProgress(db: Db, ids: readonly number[]): Promise<Map<number, JobProgress>> {
  const rows = await repo.progress(db, ids);
  return new Map(rows.map((row) => [row.id, { done: row.imported, total: row.valid - row.unchanged }]));
}

/** An admin canceled the job: the import says so and stops at its next batch; what it made stays, undoable. */
async function cancelImport(db: Db, importId: number, now: Date): Promise<void> {
  await repo.settle(db, importId, { status: 'failed', failure: 'canceled', finishedAt: now });
}

/**
 * Reading a file and writing its rows: a run that throws three times (a database gone, a storage
 * outage) waits as failed for an admin's retry, which starts the reading again or goes on inserting.
 */
export const IMPORT_JOB = jobKind('import', { maxAttempts: 3, progress: importProgress, onCancel: cancelImport });

/**
 * Runs an import (docs/decisions/0037): stage and check the file, then, unless it is a dry run or the
 * person chose "nothing while a row is invalid" and one is, insert the valid rows in batches. The
 * upload is removed from the storage when the import ends: its rows are in `import_rows`.
 */
export function importJobHandler(setup: {
  db: Db;
  storage: Storage;
  clock: Clock;
  log: FastifyBaseLogger;
}): JobHandler {
  const { db, storage, clock, log } = setup;

  const finish = async (imp: ImportRow, values: Parameters<typeof repo.settle>[2]): Promise<JobOutcome> => {
    await repo.settle(db, imp.id, { ...values, finishedAt: clock.now(), fileKey: null });
    if (imp.fileKey)
      await storage
        .delete(imp.fileKey)
        .catch((error: unknown) => log.warn({ err: error }, 'import upload not removed'));
    return { status: 'done' };
  };

  return async (job, control) => {
    let imp = await repo.find(db, job.subjectId);
    if (!imp || (imp.status !== 'queued' && imp.status !== 'running')) return { status: 'done' };
    if (imp.status === 'queued') await repo.update(db, imp.id, { status: 'running' });
    if (imp.phase === 'staging') {
      const staged = await stageFile(db, storage, imp, control);
      if (staged === 'lost') return { status: 'done' };
      if (staged === 'stopped') return { status: 'later' };
      if (staged !== 'staged') return finish(imp, { status: 'failed', failure: staged.failure });
      imp = (await repo.find(db, imp.id)) ?? imp;
      if (imp.status !== 'running') return { status: 'done' };
    }
    if (imp.dryRun) {
      await repo.dropValidRows(db, imp.id);
      return finish(imp, { status: 'done' });
    }
    if (imp.onInvalid === 'abort' && imp.invalid > 0) return finish(imp, { status: 'failed', failure: 'invalid-rows' });
    // One batch per run, handed back to the queue between batches: the job is pending then, so an
    // admin's cancel on the jobs screen lands (it stops pending work) and the import stops there.
    const postgres = pgPoolOf(db) !== undefined;
    const take = postgres ? PG_INSERT_BATCH : PGLITE_INSERT_BATCH;
    const target = { importId: imp.id, seriesId: imp.seriesId, updates: imp.onExisting === 'update', postgres };
    const done = await insertBatch(db, imp.kind, target, take, clock.now());
    if (done.spanned > 0) return { status: 'later' };
    return finish(imp, { status: 'done' });
  };
}
