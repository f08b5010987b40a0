import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase, queryRows } from '../../src/db/client';
import { testDbKind } from '../helpers/test-database';

const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'pult-snapshot-'));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

const userCount = async (db: Awaited<ReturnType<typeof openDatabase>>['db']) =>
  Number((await queryRows<{ n: number }>(db, sql`select count(*)::int as n from users`))[0]?.n);

const snapshotScript = fileURLToPath(new URL('../../scripts/pglite-snapshot.mjs', import.meta.url));

/** The build ships an empty migrated folder (scripts/pglite-snapshot.mjs); a new folder starts as its copy. */
// PGlite only, whatever the pass: run once, in the PGlite pass.
describe.skipIf(testDbKind === 'postgres')('PGlite start from the empty snapshot', () => {
  // What the build makes, made by the build's own script.
  let snapshot = '';
  beforeAll(() => {
    snapshot = join(folder(), 'pglite-empty');
    execFileSync(process.execPath, [snapshotScript, migrationsFolder, snapshot], { stdio: 'pipe' });
    // The build's whole script: initdb and every migration, ~10 CPU seconds (7 s on a quiet machine).
    // Two clean-clone runs at load 15-20 spent over 180 s on it in this niced stage; a bound, not a timing.
  }, 600_000);

  it('holds the one database PGlite serves: the templates and their 600 files are gone', async () => {
    expect(readdirSync(join(snapshot, 'base'))).toHaveLength(1);
    const dir = folder();
    const database = await openDatabase({ pgliteDir: dir, pgliteSnapshot: snapshot });
    const names = await queryRows<{ datname: string }>(database.db, sql`select datname from pg_database`);
    expect(names.map((row) => row.datname)).toEqual(['postgres']);
    // The start's own setting, not the folder's postgresql.conf (128 MB, half a second of memset).
    const [buffers] = await queryRows<{ shared_buffers: string }>(database.db, sql`show shared_buffers`);
    expect(buffers?.shared_buffers).toBe('32MB');
    // What the embedded maintenance and the app do still works on it.
    await queryRows(database.db, sql`vacuum analyze users`);
    await database.close();
  });

  it('starts an empty folder from the snapshot, migrated, and leaves the snapshot untouched', async () => {
    const dir = folder();
    const database = await openDatabase({ pgliteDir: dir, pgliteSnapshot: snapshot });
    expect(existsSync(join(dir, 'PG_VERSION'))).toBe(true);
    await queryRows(database.db, sql`insert into users (email, role) values ('copy@pult.test', 'user')`);
    expect(await userCount(database.db)).toBe(1);
    await database.close();

    const again = await openDatabase({ pgliteDir: snapshot, pgliteSnapshot: '/nonexistent' });
    expect(await userCount(again.db)).toBe(0);
    await again.close();
  });

  it('never copies over a folder that already holds a database: a restart keeps its rows', async () => {
    const dir = folder();
    const first = await openDatabase({ pgliteDir: dir, pgliteSnapshot: snapshot });
    await queryRows(first.db, sql`insert into users (email, role) values ('kept@pult.test', 'user')`);
    await first.close();
    const restarted = await openDatabase({ pgliteDir: dir, pgliteSnapshot: snapshot });
    expect(await userCount(restarted.db)).toBe(1);
    await restarted.close();
  });

  it('finishes a copy that a stopped start left half done (PG_VERSION is copied last)', async () => {
    const dir = folder();
    // What a start killed mid-copy leaves: some of the files, not the version file.
    mkdirSync(join(dir, 'base'), { recursive: true });
    writeFileSync(join(dir, 'base', 'partial'), 'x');
    writeFileSync(join(dir, 'postgresql.conf'), '');
    const database = await openDatabase({ pgliteDir: dir, pgliteSnapshot: snapshot });
    // The snapshot's copy, not a database PGlite made anew (that one would have initdb's templates).
    const names = await queryRows<{ datname: string }>(database.db, sql`select datname from pg_database`);
    expect(names.map((row) => row.datname)).toEqual(['postgres']);
    await queryRows(database.db, sql`insert into users (email, role) values ('after@pult.test', 'user')`);
    expect(await userCount(database.db)).toBe(1);
    await database.close();
  });

  it('takes the folder before copying: a second opener is refused and copies nothing', async () => {
    const dir = folder();
    const first = await openDatabase({ pgliteDir: dir, pgliteSnapshot: snapshot });
    await expect(openDatabase({ pgliteDir: dir, pgliteSnapshot: snapshot })).rejects.toThrow(/in use by process/);
    await queryRows(first.db, sql`insert into users (email, role) values ('owner@pult.test', 'user')`);
    expect(await userCount(first.db)).toBe(1);
    await first.close();
  });
});
