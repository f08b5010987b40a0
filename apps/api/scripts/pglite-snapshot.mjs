// Creates the data folder of an empty, fully migrated PGlite database (`dist/pglite-empty/`). A first
// start on an empty DATA_DIR copies it instead of running initdb and every migration in WebAssembly,
// which were most of the embedded cold start (docs/decisions/0023). A plain folder, not a tarball: a
// native copy costs a fraction of untarring through PGlite's emulated file system. Run by build.mjs
// after the migrations are copied next to the bundle.
import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const [migrationsFolder, outDir] = process.argv.slice(2);
if (!migrationsFolder || !outDir) throw new Error('usage: pglite-snapshot.mjs <migrations folder> <out dir>');

rmSync(outDir, { recursive: true, force: true });
const client = await PGlite.create(outDir, { extensions: { pg_trgm } });
await migrate(drizzle(client), { migrationsFolder });
// initdb's template databases are 600 of the folder's 1,171 files, and creating a file costs about a
// millisecond of system time on our machines: half of a first start's copy. PGlite serves the one
// database `postgres` and never creates another, so the templates go (properly, catalog and files).
for (const template of ['template0', 'template1']) {
  await client.query(`ALTER DATABASE ${template} WITH IS_TEMPLATE false ALLOW_CONNECTIONS true`);
  await client.query(`DROP DATABASE ${template}`);
}
await client.query('CHECKPOINT');
await client.close();
