import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../../src/db/client';
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

/** The build ships an empty migrated folder (scripts/pglite-snapshot.mjs); a new folder starts as its copy. */
// PGlite only, whatever the pass: run once, in the PGlite pass.
describe.skipIf(testDbKind === 'postgres')('PGlite start from the empty snapshot', () => {
  it('starts an empty folder from the snapshot, migrated, and leaves the snapshot untouched', async () => {
    // The snapshot is what the build makes: a folder PGlite created and migrated, then closed.
    const snapshot = folder();
    await (await openDatabase({ pgliteDir: snapshot, pgliteSnapshot: '/nonexistent' })).close();
    rmSync(join(snapshot, 'pult.lock'), { force: true });

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
    const snapshot = folder();
    await (await openDatabase({ pgliteDir: snapshot, pgliteSnapshot: '/nonexistent' })).close();
    rmSync(join(snapshot, 'pult.lock'), { force: true });
    const dir = folder();
    const first = await openDatabase({ pgliteDir: dir, pgliteSnapshot: snapshot });
    await queryRows(first.db, sql`insert into users (email, role) values ('kept@pult.test', 'user')`);
    await first.close();
    const restarted = await openDatabase({ pgliteDir: dir, pgliteSnapshot: snapshot });
    expect(await userCount(restarted.db)).toBe(1);
    await restarted.close();
  });
});
