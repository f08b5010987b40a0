import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agreementConsents, agreements } from '../../src/db/schema';
import { buildTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let tokens: Record<string, string> = {};
let ids: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp({ extraEnv: { TRUST_PROXY: '127.0.0.1' } });
  ({ ids, tokens } = await t.accounts(['admin', 'editor', 'user']));
});
afterAll(() => t.close());

const publish = (body: unknown, token = tokens.editor) =>
  t.app.inject({
    method: 'POST',
    url: '/api/common/agreements',
    payload: body as object,
    headers: { 'api-token': token ?? '' },
  });
const latest = (headers: Record<string, string> = {}) => t.app.inject({ url: '/api/common/agreements', headers });
const accept = (body: unknown, token = tokens.user, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/client/agreements/accept',
    payload: body as object,
    headers: { 'api-token': token ?? '', ...headers },
  });
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('publishing agreements', () => {
  it('starts empty; the public list needs no token', async () => {
    const response = await latest();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ items: [], count: 0 });
  });

  it('versions grow by one per type and keep the content hash', async () => {
    const first = await publish({ type: 'privacy-policy', title: 'Политика', content: '# Версия 1' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      type: 'privacy-policy',
      version: 1,
      contentHash: sha256('# Версия 1'),
      createdBy: ids.editor,
    });
    const second = await publish({ type: 'privacy-policy', title: 'Политика', content: '# Версия 2' }, tokens.admin);
    expect(second.json().version).toBe(2);
    const other = await publish({ type: 'personal-data-consent', title: 'Согласие', content: 'Я согласен' });
    expect(other.json().version).toBe(1);
  });

  it('the public list answers the latest of each type with an ETag, and 304 when unchanged', async () => {
    t.clock.advance(2000);
    const response = await latest();
    expect(response.headers['cache-control']).toBe('public, no-cache');
    const etag = String(response.headers.etag);
    const items = response.json().items as Array<{ type: string; version: number }>;
    expect(items.map((item) => [item.type, item.version]).sort()).toEqual([
      ['personal-data-consent', 1],
      ['privacy-policy', 2],
    ]);
    const again = await latest({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await publish({ type: 'user-agreement', title: 'Соглашение', content: 'Текст' });
    const changed = await latest({ 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().count).toBe(3);
  });

  it('published versions cannot be changed or deleted, even in SQL', async () => {
    const [row] = await t.database.db.select().from(agreements).limit(1);
    await expect(
      t.database.db
        .update(agreements)
        .set({ content: 'forged' })
        .where(eq(agreements.id, row?.id ?? 0)),
    ).rejects.toThrow();
    await expect(t.database.db.delete(agreements).where(eq(agreements.id, row?.id ?? 0))).rejects.toThrow();
  });

  it('validates the body', async () => {
    for (const body of [
      { type: 'cookies', title: 'x', content: 'y' },
      { type: 'privacy-policy', title: '', content: 'y' },
      { type: 'privacy-policy', title: 'x', content: '   ' },
      { type: 'privacy-policy', title: 'x', content: 'y'.repeat(200_001) },
      {},
    ]) {
      const response = await publish(body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
  });

  it('is for staff: a planner user and nobody cannot publish or read the history', async () => {
    const body = { type: 'privacy-policy', title: 'x', content: 'y' };
    expect((await publish(body, tokens.user)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/common/agreements', payload: body })).statusCode).toBe(401);
    const history = (token?: string) =>
      t.app.inject({
        url: '/api/common/agreements/history?type=privacy-policy',
        headers: token ? { 'api-token': token } : {},
      });
    expect((await history(tokens.user)).statusCode).toBe(403);
    expect((await history()).statusCode).toBe(401);
    expect((await history(tokens.editor)).statusCode).toBe(200);
  });
});

describe('consent records', () => {
  it('records the accepted version with hash, time, address, user agent and app version', async () => {
    const response = await accept({ type: 'privacy-policy', version: 2 }, tokens.user, {
      'user-agent': 'PlannerApp/3.1 (iOS 18)',
      'x-app-version': '3.1.0',
      'x-forwarded-for': '198.51.100.4',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      userId: ids.user,
      type: 'privacy-policy',
      version: 2,
      contentHash: sha256('# Версия 2'),
      ip: '198.51.100.4',
      userAgent: 'PlannerApp/3.1 (iOS 18)',
      appVersion: '3.1.0',
      acceptedAt: t.clock.now().toISOString(),
    });
    const body = await accept({ type: 'personal-data-consent', version: 1, appVersion: '3.2.0' });
    expect(body.json().appVersion).toBe('3.2.0');
  });

  it('refuses an outdated or unknown version', async () => {
    const outdated = await accept({ type: 'privacy-policy', version: 1 });
    expect(outdated.statusCode).toBe(409);
    expect(outdated.json().code).toBe('AGREEMENT_OUTDATED');
    const unknown = await accept({ type: 'privacy-policy', version: 9 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('AGREEMENT_NOT_FOUND');
    expect((await accept({ type: 'nope', version: 1 })).statusCode).toBe(400);
    expect((await accept({ type: 'privacy-policy', version: 0 })).statusCode).toBe(400);
  });

  it('is for planner users only', async () => {
    expect((await accept({ type: 'privacy-policy', version: 2 }, tokens.editor)).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/client/agreements/accept',
      payload: { type: 'privacy-policy', version: 2 },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('is append-only in the database', async () => {
    const [row] = await t.database.db.select().from(agreementConsents).limit(1);
    const id = row?.id ?? 0;
    await expect(
      t.database.db
        .update(agreementConsents)
        .set({ contentHash: 'f'.repeat(64) })
        .where(eq(agreementConsents.id, id)),
    ).rejects.toThrow();
    await expect(t.database.db.delete(agreementConsents).where(eq(agreementConsents.id, id))).rejects.toThrow();
    // Anonymisation may erase the address and user agent, nothing else.
    await t.database.db.execute(sql`update agreement_consents set ip = null, user_agent = null where id = ${id}`);
  });

  it('staff see acceptance counts per version and what a user accepted', async () => {
    await accept({ type: 'privacy-policy', version: 2 });
    const history = await t.app.inject({
      url: '/api/common/agreements/history?type=privacy-policy',
      headers: { 'api-token': tokens.editor },
    });
    expect(history.json().count).toBe(2);
    expect(
      history
        .json()
        .items.map((item: { version: number; acceptedCount: number }) => [item.version, item.acceptedCount]),
    ).toEqual([
      [2, 2],
      [1, 0],
    ]);
    const consents = await t.app.inject({
      url: `/api/users/${ids.user}/agreements`,
      headers: { 'api-token': tokens.editor },
    });
    expect(consents.statusCode).toBe(200);
    expect(consents.json().count).toBe(3);
    expect(consents.json().items[0]).toMatchObject({ type: 'privacy-policy', version: 2, title: 'Политика' });
    const missing = await t.app.inject({ url: '/api/users/999999/agreements', headers: { 'api-token': tokens.admin } });
    expect(missing.json().code).toBe('USER_NOT_FOUND');
    const byUser = await t.app.inject({
      url: `/api/users/${ids.user}/agreements`,
      headers: { 'api-token': tokens.user },
    });
    expect(byUser.statusCode).toBe(403);
  });

  it('publishing is audit-logged', async () => {
    const events = await t.app.inject({
      url: '/api/audit-events?entity=agreement&action=publish',
      headers: { 'api-token': tokens.admin },
    });
    expect(events.json().items).toHaveLength(4);
    expect(events.json().items[0].after).toMatchObject({ type: 'user-agreement', version: 1 });
  });
});
