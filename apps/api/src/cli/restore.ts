/**
 * Restores an archive of `npm run backup` into this configuration's database and files
 * (docs/operations.md "Backups"):
 *   npm run restore -- --from /backups/pult-2026-11-27.tar.gz [--force]
 *   npm run restore -- --from <file> --check     reads and checks the archive only
 * The server must be stopped (the embedded folder is locked while it runs). The target must be empty
 * (DATA_DIR's database and files, or a database without tables) unless --force replaces it.
 */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadEnv } from '../env';
import { assertRestorable, filesSourceOf, restoreBackup, verifyArchive } from '../modules/backups';
import { storageFromEnv } from '../storage/storage-from-env';
import { exitWith } from './cli-output';

const { values } = parseArgs({
  options: {
    from: { type: 'string' },
    force: { type: 'boolean', default: false },
    check: { type: 'boolean', default: false },
    help: { type: 'boolean' },
  },
});
if (values.help || !values.from) {
  process.stderr.write('Usage: npm run restore -- --from <file.tar.gz> [--force] [--check]\n');
  process.exit(values.help ? 0 : 2);
}

const from = resolve(process.env.INIT_CWD ?? process.cwd(), values.from);

async function restore(): Promise<void> {
  if (values.check) {
    const manifest = await verifyArchive(from);
    assertRestorable(manifest.schema);
    process.stdout.write(
      `${from} is whole and restorable here: ${manifest.database.kind} at ${manifest.schema.migration}, ` +
        `${manifest.storage.files} files, made ${manifest.createdAt}.\n`,
    );
    return;
  }
  const env = loadEnv();
  const started = performance.now();
  await restoreBackup(
    from,
    {
      database: env.DATABASE_URL
        ? { kind: 'postgres', url: env.DATABASE_URL }
        : { kind: 'pglite', dir: join(env.dataDir, 'pglite') },
      files: filesSourceOf(env, storageFromEnv(env)),
      dataDir: env.dataDir,
    },
    { force: values.force ?? false, say: (line) => process.stdout.write(`${line}\n`) },
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(`Restored in ${seconds} s. Start the server on it: npm start\n`);
}

restore().then(
  () => process.exit(0),
  (error: unknown) => exitWith(error, 'Restore failed'),
);
