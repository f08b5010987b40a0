import { eq, sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgPoolOf } from '../../src/db/copy-out';
import { importRows, imports, promoCodes, promoSeries, tgChannels } from '../../src/db/schema';
import { importsRepository, StagedBatch } from '../../src/modules/imports/imports-repository';
import { insertBatch } from '../../src/modules/imports/rules/kind-sql';
import { type ImportFixture, importFixture } from './import-fixture';

let f: ImportFixture;
let seriesId = 0;
let otherSeriesId = 0;
let takenCode = '';
beforeAll(async () => {
  f = await importFixture();
  seriesId = (await f.createSeries({ name: 'Маркетплейс', codesCount: 3 })).id;
  otherSeriesId = (await f.createSeries({ name: 'Другая', codesCount: 2 })).id;
  const [code] = await f.t.database.db
    .select({ value: promoCodes.value })
    .from(promoCodes)
    .where(eq(promoCodes.seriesId, otherSeriesId));
  takenCode = code?.value ?? '';
});
afterAll(() => f.t.close());

const seriesCounts = async (id: number) =>
  (
    await f.t.database.db
      .select({ codesCount: promoSeries.codesCount, generated: promoSeries.generated })
      .from(promoSeries)
      .where(eq(promoSeries.id, id))
  )[0];
const codesOf = async (id: number) =>
  Number(
    (await f.t.database.db.select({ n: sql<number>`count(*)` }).from(promoCodes).where(eq(promoCodes.seriesId, id)))[0]
      ?.n ?? 0,
  );

describe('importing promo codes into a series', () => {
  // A list of codes as a marketplace sends it: no header, one code a line, lower case, a blank line.
  const file = () => Buffer.from(`mp-0001\nMP-0002\nmp-0001\n${takenCode}\nx\nMP 3\n\nMP-0004\n`);

  it('codes are unique across all series; repeats, a code of another series, bad codes are refused', async () => {
    const state = await f.run(file(), { kind: 'promo-codes', seriesId: String(seriesId), dryRun: 'true' }, 'editor');
    expect(state).toMatchObject({
      status: 'done',
      columns: ['1'],
      mapping: { code: 0 },
      total: 7,
      valid: 3,
      invalid: 4,
    });
    expect(state.errors).toEqual([
      { row: 3, field: 'code', code: 'duplicate' },
      { row: 4, field: 'code', code: 'taken' },
      { row: 5, field: 'code', code: 'too_short' },
      { row: 6, field: 'code', code: 'invalid_format' },
    ]);
    expect(await codesOf(seriesId)).toBe(3);
  });

  let importId = 0;
  it('imports the valid codes upper-cased into the series, which counts them', async () => {
    const state = await f.run(file(), { kind: 'promo-codes', seriesId: String(seriesId), onInvalid: 'skip' }, 'editor');
    expect(state).toMatchObject({ status: 'done', imported: 3 });
    importId = state.id;
    expect(await codesOf(seriesId)).toBe(6);
    expect(await seriesCounts(seriesId)).toEqual({ codesCount: 6, generated: 6 });
    const values = await f.t.database.db
      .select({ value: promoCodes.value })
      .from(promoCodes)
      .where(eq(promoCodes.seriesId, seriesId));
    expect(values.map((row) => row.value)).toEqual(expect.arrayContaining(['MP-0001', 'MP-0002', 'MP-0004']));
  });

  it('an activated code keeps the undo back, with the row; once it is gone the undo removes exactly the rest', async () => {
    const user = await f.t.createUser({ email: 'buyer@example.ru' });
    await f.t.database.db
      .update(promoCodes)
      .set({ status: 'activated', activatedAt: new Date(), activatedBy: user })
      .where(eq(promoCodes.value, 'MP-0002'));
    const refused = await f.call('POST', `/api/imports/${importId}/undo`, undefined, 'editor');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'IMPORT_UNDO_REFUSED' });
    expect((await f.state(importId, 'editor')).undoRefusals).toMatchObject([{ row: 2, reason: 'activated' }]);
    expect(await codesOf(seriesId)).toBe(6);

    await f.t.database.db.delete(promoCodes).where(eq(promoCodes.value, 'MP-0002'));
    const undone = await f.call('POST', `/api/imports/${importId}/undo`, undefined, 'editor');
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await codesOf(seriesId)).toBe(3);
    expect(await codesOf(otherSeriesId)).toBe(2);
    expect(await seriesCounts(seriesId)).toEqual({ codesCount: 4, generated: 4 });
  });

  it('a code taken between the check and the insert is refused as taken; the others are made with the ids staged for them', async () => {
    const db = f.t.database.db;
    const [imp] = await db
      .insert(imports)
      .values({
        kind: 'promo-codes',
        status: 'running',
        dryRun: false,
        onInvalid: 'skip',
        seriesId,
        fileName: 'race.csv',
        phase: 'inserting',
        total: 3,
        valid: 3,
        createdAt: new Date(),
      })
      .returning();
    const id = imp?.id ?? 0;
    const row = (n: number, code: string) => ({ row: n, key: code, data: { code }, cells: [code], errors: null });
    const batch = new StagedBatch(id, pgPoolOf(db) !== undefined);
    for (const [n, code] of ['RACE-1', 'RACE-2', 'RACE-3'].entries()) batch.add(row(n + 1, code));
    await importsRepository.stage(db, batch, 'promo_codes');
    const staged = await db.select().from(importRows).where(eq(importRows.importId, id)).orderBy(importRows.row);
    expect(staged.every((one) => one.recordId !== null)).toBe(true);
    // Another series takes RACE-2 meanwhile (a form, another import).
    await db.insert(promoCodes).values({ value: 'RACE-2', seriesId: otherSeriesId });
    const done = await insertBatch(
      db,
      'promo-codes',
      { importId: id, seriesId, updates: false, postgres: pgPoolOf(db) !== undefined },
      100,
      new Date(),
    );
    expect(done).toEqual({ spanned: 3, imported: 2, updated: 0, refused: 1 });
    const rows = await db.select().from(importRows).where(eq(importRows.importId, id)).orderBy(importRows.row);
    expect(rows.map((one) => [one.row, one.errors, one.recordId])).toEqual([
      [1, null, staged[0]?.recordId],
      [2, [{ field: 'code', code: 'taken' }], null],
      [3, null, staged[2]?.recordId],
    ]);
    const made = await db
      .select({ id: promoCodes.id, value: promoCodes.value })
      .from(promoCodes)
      .where(eq(promoCodes.seriesId, seriesId));
    expect(made).toEqual(
      expect.arrayContaining([
        { id: Number(staged[0]?.recordId), value: 'RACE-1' },
        { id: Number(staged[2]?.recordId), value: 'RACE-3' },
      ]),
    );
    await db.update(imports).set({ status: 'done' }).where(eq(imports.id, id));
    expect(await f.state(id, 'editor')).toMatchObject({
      valid: 2,
      invalid: 1,
      imported: 2,
      errors: [{ row: 2, field: 'code', code: 'taken' }],
    });
    const undone = await f.call('POST', `/api/imports/${id}/undo`, undefined, 'editor');
    expect(undone.statusCode, undone.body).toBe(200);
    const left = await db
      .select({ value: promoCodes.value })
      .from(promoCodes)
      .where(sql`${promoCodes.value} LIKE 'RACE-%'`);
    expect(left).toEqual([{ value: 'RACE-2' }]);
  });

  it('codes go into an existing series that has made its own (404 without one, 409 while it generates, 400 without seriesId)', async () => {
    const missing = await f.send('editor', file(), { kind: 'promo-codes', seriesId: '999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('SERIES_NOT_FOUND');
    await f.t.database.db.update(promoSeries).set({ generationStatus: 'running' }).where(eq(promoSeries.id, seriesId));
    const busy = await f.send('editor', file(), { kind: 'promo-codes', seriesId: String(seriesId) });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().code).toBe('IMPORT_SERIES_BUSY');
    await f.t.database.db.update(promoSeries).set({ generationStatus: 'done' }).where(eq(promoSeries.id, seriesId));
    const noSeries = await f.send('editor', file(), { kind: 'promo-codes' });
    expect(noSeries.statusCode).toBe(400);
    expect(noSeries.json().errors).toMatchObject({ seriesId: 'invalid' });
    expect((await f.send('user', file(), { kind: 'promo-codes', seriesId: String(seriesId) })).statusCode).toBe(403);
  });
});

describe('importing Telegram channels', () => {
  let news = 0;
  beforeAll(async () => {
    const created = await f.call('POST', '/api/common/tg-categories', { title: 'Новости' }, 'editor');
    news = created.json().id;
    await f.call(
      'POST',
      '/api/common/tg-channels',
      { title: 'Старый', username: 'old_channel', categoryId: news },
      'editor',
    );
  });

  const file = () =>
    iconv.encode(
      [
        'Название;Ссылка;Категория;Описание;Опубликован',
        'Новости дня;https://t.me/news_day;новости;"Главное за день;\r\nкоротко";да',
        'Ещё раз;@NEWS_DAY;Новости;;да',
        'Старый;old_channel;Новости;;нет',
        'Без категории;no_category;Кино;;да',
        'Плохое имя;ab;Новости;;да',
        ';good_name;Новости;;может быть',
        'Утро;morning_news;Новости;;нет',
      ].join('\r\n'),
      'windows-1251',
    );

  let importId = 0;
  it('checks names, categories by title, flags; imports the valid ones last in their category', async () => {
    const dry = await f.run(file(), { kind: 'tg-channels', dryRun: 'true' }, 'editor');
    expect(dry.errors).toEqual([
      { row: 3, field: 'username', code: 'duplicate' },
      { row: 4, field: 'username', code: 'taken' },
      { row: 5, field: 'category', code: 'not_found' },
      { row: 6, field: 'username', code: 'invalid_format' },
      { row: 7, field: 'published', code: 'invalid' },
      { row: 7, field: 'title', code: 'required' },
    ]);
    const state = await f.run(file(), { kind: 'tg-channels', onInvalid: 'skip' }, 'editor');
    expect(state).toMatchObject({ status: 'done', valid: 2, imported: 2 });
    importId = state.id;
    const rows = await f.t.database.db.select().from(tgChannels).where(eq(tgChannels.categoryId, news));
    const byName = Object.fromEntries(rows.map((row) => [row.username, row]));
    expect(byName.news_day).toMatchObject({
      description: 'Главное за день;\r\nкоротко',
      published: true,
      sortOrder: 1,
    });
    expect(byName.morning_news).toMatchObject({ published: false, sortOrder: 2 });
  });

  it('an edited channel keeps the undo back; undone after the edit is reverted away', async () => {
    const channel = (await f.t.database.db.select().from(tgChannels).where(eq(tgChannels.username, 'morning_news')))[0];
    if (!channel) throw new Error('no channel');
    f.t.clock.advance(60_000);
    await f.call('POST', '/api/common/tg-channels', { id: channel.id, title: 'Доброе утро' }, 'editor');
    const refused = await f.call('POST', `/api/imports/${importId}/undo`, undefined, 'admin');
    expect(refused.statusCode).toBe(409);
    expect((await f.state(importId)).undoRefusals).toEqual([{ row: 8, recordId: channel.id, reason: 'changed' }]);
    await f.call('DELETE', `/api/common/tg-channels/${channel.id}`, undefined, 'editor');
    const undone = await f.call('POST', `/api/imports/${importId}/undo`, undefined, 'admin');
    expect(undone.statusCode, undone.body).toBe(200);
    const left = await f.t.database.db.select({ username: tgChannels.username }).from(tgChannels);
    expect(left.map((row) => row.username)).toEqual(['old_channel']);
  });
});
