// Writes the data folder of an empty, fully migrated PGlite database as one gzipped tar
// (`dist/pglite-empty.tar.gz`). A first start on an empty DATA_DIR loads it instead of running
// initdb and every migration in WebAssembly, which were most of the embedded cold start
// (docs/decisions/0023). Run by build.mjs after the migrations are copied next to the bundle.
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const [migrationsFolder, outFile] = process.argv.slice(2);
if (!migrationsFolder || !outFile) throw new Error('usage: pglite-snapshot.mjs <migrations folder> <out.tar.gz>');

const client = await PGlite.create('memory://', { extensions: { pg_trgm } });
await migrate(drizzle(client), { migrationsFolder });
await client.query('CHECKPOINT');
const tar = await client.dumpDataDir('none');
await client.close();
writeFileSync(outFile, gzipSync(Buffer.from(await tar.arrayBuffer()), { level: 9 }));
