import { renderPlaceholders } from '@pult/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { captureProvider, type PushFixture, pushFixture } from './push-fixture';

describe('renderPlaceholders', () => {
  it('fills values, takes the fallback for a missing one, and closes up what an empty one leaves', () => {
    const text = '{firstName|Друг}, ваш тариф {planTitle|} ждёт продления';
    expect(renderPlaceholders(text, { firstName: 'Анна', planTitle: 'Год' })).toBe(
      'Анна, ваш тариф Год ждёт продления',
    );
    expect(renderPlaceholders(text, { firstName: null, planTitle: null })).toBe('Друг, ваш тариф ждёт продления');
    expect(renderPlaceholders('Привет, {firstName}!', {})).toBe('Привет!');
    expect(renderPlaceholders('Привет, {firstName}!', { firstName: '  ' })).toBe('Привет!');
    expect(renderPlaceholders('{firstName}, скидка для вас', {})).toBe('скидка для вас');
    // Unknown names and plain braces stay as written.
    expect(renderPlaceholders('{lastName} {x} {firstName}', { firstName: 'Олег' })).toBe('{lastName} {x} Олег');
    expect(renderPlaceholders('Без подстановок', { firstName: 'Олег' })).toBe('Без подстановок');
  });
});

describe('a personalised push', () => {
  let f: PushFixture;
  const { provider, sent } = captureProvider();
  beforeAll(async () => {
    f = await pushFixture({ push: { provider } });
    await f.t.database.db.update(users).set({ firstName: 'Мария' }).where(eq(users.id, f.ids.subscriber));
    await f.device('subscriber', 'sub-1');
    await f.device('free', 'free-1');
  });
  afterAll(() => f.t.close());

  it("fills each recipient's first name and current plan, with the fallback where one is missing", async () => {
    await f.schedule({
      type: 'users',
      userIds: [f.ids.subscriber, f.ids.free],
      title: '{firstName|Друг}, новости',
      body: 'Тариф «{planTitle|Бесплатный}» продлится сам',
    });
    await f.drain();
    const byToken = new Map(sent.map((m) => [m.token, m]));
    expect(byToken.get('sub-1')).toMatchObject({ title: 'Мария, новости', body: 'Тариф «Месяц» продлится сам' });
    expect(byToken.get('free-1')).toMatchObject({ title: 'Друг, новости', body: 'Тариф «Бесплатный» продлится сам' });
  });
});
