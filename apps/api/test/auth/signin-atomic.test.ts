import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/db/schema';
import { buildTestApp, PASSWORD, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.createUser({ email: 'admin@pult.test', role: 'admin' });
});
afterAll(() => t.close());

describe('a sign-in that fails after the password was checked', () => {
  it('leaves no live session behind', async () => {
    // The audit log refuses the event: the sign-in must fail whole, session included.
    await t.database.db.execute(
      sql`alter table audit_events add constraint test_refuse_signin check (action <> 'signin') not valid`,
    );
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/users/signin',
        payload: { email: 'admin@pult.test', password: PASSWORD },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ code: 'INTERNAL' });
      expect(await t.database.db.select().from(sessions)).toEqual([]);
    } finally {
      await t.database.db.execute(sql`alter table audit_events drop constraint test_refuse_signin`);
    }
    expect((await t.signin('admin@pult.test')).apiToken).toBeTruthy();
    expect(await t.database.db.select().from(sessions)).toHaveLength(1);
  });
});
