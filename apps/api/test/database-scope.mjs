/**
 * Which API test files `npm test` runs on which database.
 *
 * Every file runs on PGlite, the default database, and again on PostgreSQL when TEST_DATABASE_URL is
 * set: both must hold the same rules. The files below test nothing that depends on the database, so a
 * second pass repeats the same CPU work for the same answer; each runs once (scripts/test.mjs). A
 * file run on its own with vitest still runs on whichever database PULT_TEST_DB names.
 */

/**
 * Run in the PGlite pass only: pure logic (no database at all), or HTTP behaviour that stops before
 * any query (headers, compression, static files, body parsing, the route guard, the log), or a signal
 * test that already skips itself on PostgreSQL.
 */
export const pgliteOnly = [
  'test/imports/file-reading.test.ts', // parsing files: no database
  'test/lib/csv.test.ts',
  'test/notes/share-card.test.ts', // drawing a card: satori and sharp, the note is read once
  'test/platform/compression.test.ts',
  'test/platform/engines.test.ts',
  'test/platform/env.test.ts',
  'test/platform/errors.test.ts',
  'test/platform/guard.test.ts',
  'test/platform/log-redaction.test.ts',
  'test/platform/security-headers.test.ts',
  'test/platform/shutdown.test.ts',
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
 * Run on PostgreSQL when it is configured, else on PGlite. The request fuzzer checks the HTTP edge
 * (every operation answers 4xx, never 500, to random input) and both databases are the same
 * PostgreSQL, so one pass finds what two would; on PostgreSQL it costs half the CPU (72 s against
 * 135 s in one loaded run). What each database refuses is tested on both (fuzz/unstorable-text).
 */
export const postgresWhenConfigured = [
  'test/fuzz/fuzz.test.ts',
  // Backups with STORAGE_DRIVER=s3: what it adds to backup-restore (run on both) is the bucket listed by
  // key and copied, which is the same code on either database; 12 s on PostgreSQL, 20 s on PGlite.
  'test/backups/backup-s3.test.ts',
  // 100,001 devices written for one step-up rule that is the API's own (16–68 s on PGlite in `npm test`).
  'test/step-up/step-up-large-push.test.ts',
];
