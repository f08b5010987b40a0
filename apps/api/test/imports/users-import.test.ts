import { eq, sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, imports, users } from '../../src/db/schema';
import { type ImportFixture, importFixture } from './import-fixture';

let f: ImportFixture;
beforeAll(async () => {
  f = await importFixture();
  await f.t.createUser({ email: 'taken@example.ru' });
});
afterAll(() => f.t.close());

const userCount = async () =>
  Number((await f.t.database.db.select({ n: sql<number>`count(*)` }).from(users))[0]?.n ?? 0);

/** A Windows-1251 CSV with «;» as Russian Excel saves it: one good row of each shape and one row per rule. */
const FILE = iconv.encode(
  [
    'Фамилия;Имя;Электронная почта;Телефон',
    'Иванова;Анна;Anna@Example.ru;8 916 123-45-67',
    'Петров;Борис;boris@example.ru;',
    'Сидоров;Вадим;ANNA@example.ru;+7 903 000-00-00', // the same address as row 2, in other case
    'Кузнецова;Галина;taken@EXAMPLE.ru;', // already a user
    'Орлов;Дмитрий;не-почта;', // not an e-mail
    'Белова;Елена;elena@example.ru;позвоните мне', // not a phone
    ';;;',
    '',
  ].join('\r\n'),
  'windows-1251',
);

describe('importing users', () => {
  it('a dry run checks every row with the form rules and changes nothing', async () => {
    const before = await userCount();
    const state = await f.run(FILE, { kind: 'users', dryRun: 'true' });
    expect(state).toMatchObject({
      status: 'done',
      dryRun: true,
      format: 'csv',
      encoding: 'windows-1251',
      delimiter: ';',
      columns: ['Фамилия', 'Имя', 'Электронная почта', 'Телефон'],
      mapping: { lastName: 0, firstName: 1, email: 2, phoneNumber: 3 },
      total: 6,
      valid: 2,
      invalid: 4,
      imported: 0,
    });
    expect(state.errors).toEqual([
      { row: 4, field: 'email', code: 'duplicate' },
      { row: 5, field: 'email', code: 'taken' },
      { row: 6, field: 'email', code: 'invalid_format' },
      { row: 7, field: 'phoneNumber', code: 'invalid_format' },
    ]);
    expect(await userCount()).toBe(before);
  });

  it('with "nothing while a row is invalid" (the default) imports nothing and says why', async () => {
    const before = await userCount();
    const state = await f.run(FILE, { kind: 'users' });
    expect(state).toMatchObject({ status: 'failed', failure: 'invalid-rows', imported: 0, invalid: 4 });
    expect(await userCount()).toBe(before);
  });

  let imported = 0;
  it('with "skip" imports the valid rows: e-mails lower-cased, phones normalised; the audit log has it', async () => {
    const state = await f.run(FILE, { kind: 'users', onInvalid: 'skip' });
    expect(state).toMatchObject({ status: 'done', valid: 2, invalid: 4, imported: 2 });
    imported = state.id;
    const anna = await f.t.database.db.select().from(users).where(eq(users.email, 'anna@example.ru'));
    expect(anna[0]).toMatchObject({
      phoneNumber: '+79161234567',
      firstName: 'Анна',
      lastName: 'Иванова',
      role: 'user',
    });
    expect(anna[0]?.passwordHash).toBeNull();
    const audit = await f.t.database.db.select().from(auditEvents).where(eq(auditEvents.entity, 'import'));
    expect(audit.map((entry) => entry.action)).toContain('import');
    // The upload is gone from the storage once the job ended (it holds personal data).
    const [row] = await f.t.database.db.select().from(imports).where(eq(imports.id, state.id));
    expect(row?.fileKey).toBeNull();
  });

  it('errors.csv gives the refused rows as read, with the row and the reason', async () => {
    const response = await f.call('GET', `/api/imports/${imported}/errors.csv`, undefined, 'admin');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Фамилия;Имя;Электронная почта;Телефон;Строка;Причина');
    expect(lines.slice(1)).toEqual([
      "Сидоров;Вадим;ANNA@example.ru;'+7 903 000-00-00;4;E-mail: повторяется в файле",
      'Кузнецова;Галина;taken@EXAMPLE.ru;;5;E-mail: уже есть в базе',
      'Орлов;Дмитрий;не-почта;;6;E-mail: неверный формат',
      'Белова;Елена;elena@example.ru;позвоните мне;7;Телефон: неверный формат',
    ]);
  });

  it("a fixed errors file goes back in: the «'» our CSV puts before «+» is read away", async () => {
    const response = await f.call('GET', `/api/imports/${imported}/errors.csv`, undefined, 'admin');
    const fixed = response.body.replace('ANNA@example.ru', 'vadim@example.ru').replace('позвоните мне', '89035550011');
    const state = await f.run(Buffer.from(fixed), { kind: 'users', onInvalid: 'skip' });
    expect(state).toMatchObject({ status: 'done', imported: 2, invalid: 2, encoding: 'utf-8' });
    const vadim = await f.t.database.db.select().from(users).where(eq(users.email, 'vadim@example.ru'));
    expect(vadim[0]?.phoneNumber).toBe('+79030000000');
    await f.call('POST', `/api/imports/${state.id}/undo`, undefined, 'admin');
  });

  it('undo removes exactly what the import created, and is refused with the list when one changed', async () => {
    const anna = (await f.t.database.db.select().from(users).where(eq(users.email, 'anna@example.ru')))[0];
    if (!anna) throw new Error('anna missing');
    f.t.clock.advance(60_000);
    const edited = await f.call('POST', `/api/users/${anna.id}`, { firstName: 'Анна-Мария' }, 'admin');
    expect(edited.statusCode, edited.body).toBe(200);
    const before = await userCount();
    const refused = await f.call('POST', `/api/imports/${imported}/undo`, undefined, 'admin');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'IMPORT_UNDO_REFUSED', errors: { 'row.2': 'not_allowed' } });
    expect(await userCount()).toBe(before);
    expect((await f.state(imported)).undoRefusals).toEqual([{ row: 2, recordId: anna.id, reason: 'changed' }]);

    await f.t.database.db.delete(users).where(eq(users.id, anna.id));
    const undone = await f.call('POST', `/api/imports/${imported}/undo`, undefined, 'admin');
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ status: 'undone', undoRefusals: [] });
    expect(await userCount()).toBe(before - 2);
    expect(await f.t.database.db.select().from(users).where(eq(users.email, 'taken@example.ru'))).toHaveLength(1);
    const again = await f.call('POST', `/api/imports/${imported}/undo`, undefined, 'admin');
    expect(again.json()).toMatchObject({ code: 'IMPORT_NOT_UNDOABLE' });
  });

  it('a dry run cannot be undone', async () => {
    const state = await f.run(FILE, { kind: 'users', dryRun: 'true' });
    const response = await f.call('POST', `/api/imports/${state.id}/undo`, undefined, 'admin');
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('IMPORT_NOT_UNDOABLE');
  });

  it('the mapping sent wins over the guess; an XLSX is read by content, whatever its name', async () => {
    const csv = Buffer.from('Контакт;Почта\nmail-me@example.ru;x\n');
    const state = await f.run(csv, { kind: 'users', dryRun: 'true', mapping: JSON.stringify({ email: 'Контакт' }) });
    expect(state).toMatchObject({ mapping: { email: 0 }, valid: 1, invalid: 0 });
  });
});

describe('who may import users, and bad uploads', () => {
  const csv = Buffer.from('email\nrole-check@example.ru\n');

  it('only admins import users (the users screen is theirs to change); editors and planner users get 403', async () => {
    expect((await f.send('editor', csv, { kind: 'users' })).statusCode).toBe(403);
    expect((await f.send('user', csv, { kind: 'users' })).statusCode).toBe(403);
    const anonymous = await f.t.app.inject({ method: 'POST', url: '/api/imports?kind=users' });
    expect(anonymous.statusCode).toBe(401);
  });

  it("an editor cannot read an admin's users import", async () => {
    const state = await f.run(csv, { kind: 'users', dryRun: 'true' });
    expect((await f.call('GET', `/api/imports/${state.id}`, undefined, 'editor')).statusCode).toBe(404);
    expect((await f.call('GET', `/api/imports/${state.id}/errors.csv`, undefined, 'editor')).statusCode).toBe(404);
    expect((await f.call('POST', `/api/imports/${state.id}/undo`, undefined, 'editor')).statusCode).toBe(404);
  });

  it('refuses what is not a CSV or XLSX by content (415), a missing file or kind (400), an unknown import (404)', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
      'base64',
    );
    const pretending = await f.send('admin', png, { kind: 'users' }, 'users.csv');
    expect(pretending.statusCode).toBe(415);
    expect(pretending.json()).toMatchObject({ code: 'FILE_TYPE_UNSUPPORTED', errors: { file: 'unsupported_type' } });
    const noKind = await f.send('admin', csv, {});
    expect(noKind.statusCode).toBe(400);
    expect(noKind.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { kind: 'invalid' } });
    expect((await f.send('admin', csv, { kind: 'cats' })).statusCode).toBe(400);
    expect((await f.send('admin', csv, { kind: 'users', mapping: '{oops' })).statusCode).toBe(400);
    const noFile = await f.t.app.inject({
      method: 'POST',
      url: '/api/imports?kind=users',
      headers: { 'api-token': f.tokens.admin, 'content-type': 'application/json' },
      payload: {},
    });
    expect(noFile.statusCode).toBe(400);
    expect((await f.call('GET', '/api/imports/999999', undefined, 'admin')).statusCode).toBe(404);
  });

  it('takes the options from the query too (the typed clients send them there)', async () => {
    const body = (await import('./import-fixture')).importBody(csv, 'q.csv');
    const response = await f.t.app.inject({
      method: 'POST',
      url: '/api/imports?kind=users&dryRun=true',
      payload: body.payload,
      headers: { ...body.headers, 'api-token': f.tokens.admin },
    });
    expect(response.statusCode, response.body).toBe(202);
    await f.t.app.jobs.idle();
    expect(await f.state(response.json().id)).toMatchObject({ status: 'done', dryRun: true, valid: 1 });
  });
});
