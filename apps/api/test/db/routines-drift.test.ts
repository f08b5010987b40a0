import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { compareRoutines, databaseRoutines, type RoutineState, readRoutineFiles } from '../../src/db/routines';
import { openTestDatabase } from '../helpers/test-database';

/**
 * The files of db/functions are the routines' source (docs/decisions/0031): a migrated database holds
 * exactly what they create. When this fails after editing a file, `npm run db:routines` writes the
 * migration that brings the database there; when it fails after editing a migration, move the change
 * into the routine's file instead.
 */
let database: Database;
let states: RoutineState[];

beforeAll(async () => {
  database = await openTestDatabase();
  states = await compareRoutines(database.db, readRoutineFiles());
});
afterAll(() => database.close());

/** What differs, one line per routine, so a failure names the files and says how. */
const drift = () =>
  states
    .filter((s) => s.state !== 'same')
    .map((s) => {
      if (s.state === 'failed') return `${s.name}.sql does not run: ${s.error}`;
      if (s.state === 'no file') return `${s.name}: in the database, but db/functions has no ${s.name}.sql`;
      if (s.state === 'new') return `${s.name}.sql: not in the migrated database`;
      const [old] = s.held;
      const was = old?.definition.split('\n') ?? [];
      const now = s.definition.split('\n');
      const line = now.findIndex((text, i) => text !== was[i]);
      return `${s.name}.sql differs from the migrated database at line ${line + 1} of its definition:\n  database: ${was[line] ?? '(end)'}\n  file:     ${now[line] ?? '(end)'}`;
    });

describe('database routines', () => {
  it('every routine in the migrated database is defined by its file in db/functions, as the file says', () => {
    expect(drift()).toEqual([]);
  });

  it('every file names one routine of the database, and every routine of the database has a file', async () => {
    const files = readRoutineFiles().map((file) => file.name);
    const routines = (await databaseRoutines(database.db)).map((routine) => routine.name);
    // One routine per name: a file holds one definition, so an overload would have none.
    expect(new Set(routines).size).toBe(routines.length);
    expect(files).toEqual([...routines].sort());
    expect(files.length).toBeGreaterThan(20);
  });
});
