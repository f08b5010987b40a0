import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database, Db } from './db/client';
import type { Env } from './env';
import type { Clock } from './lib/clock';
import type { UndoableAction } from './modules/bulk-undos';
import type { JobKind, JobRegistration } from './modules/jobs';
import type { VersionedResource } from './modules/revisions';
import type { ServiceDeps } from './service-deps';
import type { Storage } from './storage/storage';

/** A set of routes registered as one Fastify plugin (its own encapsulated scope). */
export type RoutesPlugin = (app: FastifyInstance) => Promise<void>;

/** What a job handler is built from: the process's database, clock and log, and the service deps. */
export interface JobSetup {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  deps: ServiceDeps;
  /** The open database itself (its kind, its folder) and the files' storage: what a backup copies. */
  database: Database;
  storage: Storage;
  env: Env;
}

/**
 * What a feature module brings to the app, declared once in its `index.ts`; `app.ts` loops over the
 * list in `all-modules.ts` and wires each field the same way for every module (docs/decisions/0032).
 * A new concern that every module may contribute to is one more field here, not twenty edits.
 */
export interface PultModule {
  /** The module's folder under `modules/` (logs, the README's feature table). */
  name: string;
  /** Route plugins under `/api`, staff and planner (`api.client.*`) endpoints alike, each in its scope. */
  routes?: readonly RoutesPlugin[];
  /** Route plugins served at the root, outside `/api` and its guard (the promo landing page). */
  rootRoutes?: readonly RoutesPlugin[];
  /** Kinds of background work the module runs, each with its handler. */
  jobs?: (setup: JobSetup) => JobRegistration[];
  /** The same kinds as declarations (limits, progress, what a cancel does), for the jobs screen. */
  jobKinds?: readonly JobKind[];
  /**
   * Kinds of record staff edit whose changes are versioned, kept as revisions and announced live
   * (docs/decisions/0036): each audited change of one becomes a revision in its transaction.
   */
  versioned?: readonly VersionedResource[];
  /** Bulk actions whose run can be undone for a short while, and how (docs/decisions/0043). */
  undoable?: readonly UndoableAction[];
}
