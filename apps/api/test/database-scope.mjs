/**
 * Which API test files `npm test` runs on which database (docs/decisions/0059-one-database-per-rule.md).
 *
 * Without TEST_DATABASE_URL every file runs on PGlite, the default database: a newcomer's `npm test`
 * proves every rule on the engine they run. With it (CI), a file runs on PostgreSQL unless it is listed
 * here. The API's rules are the same code over the same SQL on both engines, so a second pass over a
 * rule that does not depend on the engine repeats the same work for the same answer, at 2.5 times
 * PostgreSQL's CPU on PGlite (a whole PostgreSQL in WebAssembly inside the test process). What differs
 * between the engines is listed below and runs on both; the browser suite runs every screen against
 * the built server on an embedded PGlite folder, as `npm start` does.
 *
 * A file run on its own with vitest still runs on whichever database PULT_TEST_DB names.
 */

/**
 * Run in the PGlite pass only: pure logic (no database at all), HTTP behaviour that stops before any
 * query (headers, compression, static files, body parsing, the route guard, the log), or what exists on
 * the embedded engine alone (its folder lock, its snapshot, a real `npm start` on it).
 */
export const pgliteOnly = [
  'test/db/pglite-lock.test.ts', // a lock file in a folder: no database
  'test/db/pglite-snapshot.test.ts', // the empty embedded folder a first start copies
  'test/imports/file-reading.test.ts', // parsing files: no database
  'test/lib/csv.test.ts',
  'test/notes/share-card.test.ts', // drawing a card: satori and sharp, the note is read once
  'test/platform/compression.test.ts',
  'test/platform/create-user-cli.test.ts', // the CLI on the embedded folder
  'test/platform/engines.test.ts',
  'test/platform/env.test.ts',
  'test/platform/errors.test.ts',
  'test/platform/guard.test.ts',
  'test/platform/log-redaction.test.ts',
  'test/platform/security-headers.test.ts',
  'test/platform/shutdown.test.ts', // real `npm start` processes on the embedded folder
  'test/platform/slow-requests.test.ts',
  'test/platform/static-files.test.ts',
  'test/platform/upload-errors.test.ts',
  'test/promo-codes/generation-halves.test.ts',
  'test/seed/copy-text.test.ts',
  'test/seed/generate-billing.test.ts',
  'test/seed/generate-promo.test.ts',
  'test/seed/generate-users.test.ts',
  'test/seed/progress.test.ts',
  'test/users/bulk-rules.test.ts',
];

/**
 * Run on both databases: each file here exercises something that is not the same on the two engines.
 */
export const bothDatabases = [
  // The database layer: the migrations, constraints and routines as each engine installs them
  // (PGlite is PostgreSQL 18, the server here 15), the embedded engine's own upkeep.
  'test/db/constraints.test.ts',
  'test/db/embedded-maintenance.test.ts',
  'test/db/promo-code-series.test.ts',
  'test/db/routine-refusals.test.ts',
  'test/db/routines-drift.test.ts',
  // Each routine family called once on each engine by its small test; the seeded and property tests
  // that check the routines' arithmetic against a model run on PostgreSQL (the same SQL).
  'test/dashboard/churn-covers.test.ts',
  'test/dashboard/cohorts.test.ts',
  'test/dashboard/cohorts-own-job.test.ts',
  'test/dashboard/dashboard-today.test.ts',
  'test/dashboard/mrr-movements.test.ts',
  'test/dashboard/mrr-rollup.test.ts',
  'test/dashboard/rollup-yesterday.test.ts',
  'test/dashboard/timeline.test.ts',
  // Code with a path per engine: backups (folder copy or pg_dump, and the restore of each), the seed's
  // loaders, the export's COPY against PGlite's query, the imports' staging, the code generator and the
  // redemption batch (pg pool or PGlite's one connection), statement tags (PostgreSQL only).
  'test/backups/backup-restore.test.ts',
  'test/seed/generate-sql.test.ts',
  'test/seed/load.test.ts',
  'test/seed/load-billing.test.ts',
  'test/seed/seed-push.test.ts',
  'test/seed/seed-rollups.test.ts',
  'test/seed/seed-telegram.test.ts',
  'test/users/export.test.ts',
  'test/users/export-abort.test.ts',
  'test/users/export-bytes.test.ts',
  'test/imports/codes-and-channels-import.test.ts',
  'test/imports/staged-batch.test.ts',
  'test/imports/streamed-upload.test.ts',
  'test/imports/update-import.test.ts',
  'test/imports/users-import.test.ts',
  'test/promo-codes/series.test.ts',
  'test/promo-codes/activation-limit.test.ts',
  'test/promo-codes/redeem-batch.test.ts',
  'test/promo-codes/redeem-marks.test.ts',
  'test/promo-codes/redeem-plans.test.ts',
  'test/promo-codes/redeem-race.test.ts',
  'test/promo-codes/redeem-sets.test.ts',
  'test/platform/request-id.test.ts',
  // Notifications: PGlite's in-process LISTEN against PostgreSQL's listening connection (live events,
  // the session cache's revocations, the job worker's wake-up), and job claims on one connection.
  'test/events/events-stream.test.ts',
  'test/events/presence.test.ts',
  'test/sessions/session-cache.test.ts',
  'test/jobs/job-worker.test.ts',
  'test/jobs/wake-at-commit.test.ts',
  // A first start (the advisory lock around the first admin) and the readiness probe's database check.
  'test/platform/first-admin.test.ts',
  'test/operations/probes.test.ts',
];
