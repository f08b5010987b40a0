import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { telegramBotApi } from '../../src/modules/telegram-channels/refresh/telegram-bot-api';
import { JPEG } from '../helpers/multipart';
import { buildTestApp, type TestApp } from '../helpers/test-app';
import { startFakeBotApi } from './fake-bot-api';
import { signInRoles } from './telegram-fixture';

const TOKEN = '123456:TEST-token';
let bot: Awaited<ReturnType<typeof startFakeBotApi>>;
let t: TestApp;
let call: Awaited<ReturnType<typeof signInRoles>>['call'];
let categoryId = 0;

beforeAll(async () => {
  bot = await startFakeBotApi(TOKEN);
  t = await buildTestApp({ extraEnv: { TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_API_URL: bot.url } });
  ({ call } = await signInRoles(t));
  categoryId = (await call('POST', '/api/common/tg-categories', { title: 'Новости' })).json().id;
});
afterAll(async () => {
  await t.close();
  await bot.close();
});

const channel = async (username: string) => {
  const response = await call('POST', '/api/common/tg-channels', { title: 'Старое', username, categoryId });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id as number;
};
const refresh = (id: number, role: 'admin' | 'editor' = 'editor') =>
  call('POST', `/api/common/tg-channels/${id}/refresh`, undefined, role);

describe('«Обновить из Telegram»', () => {
  it('says Telegram is configured in the list', async () => {
    expect((await call('GET', '/api/common/tg-channels')).json().telegramConfigured).toBe(true);
  });

  it('takes title, description, members and photo from getChat, getChatMemberCount and getFile', async () => {
    bot.chats.set('durov_news', {
      type: 'channel',
      title: 'Новости Дурова',
      description: 'Официальный канал',
      members: 1234567,
      photo: JPEG,
    });
    const id = await channel('Durov_News');
    const checkedAt = t.clock.now().toISOString();
    const response = await refresh(id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      title: 'Новости Дурова',
      description: 'Официальный канал',
      subscribers: 1234567,
      checkedAt,
      username: 'Durov_News',
    });
    const icon = response.json().icon as string;
    expect(icon).toMatch(/^tg-icons\/[0-9a-f-]+\.jpg$/);
    const file = await t.app.inject({ url: `/files/${icon}` });
    expect(file.rawPayload.equals(JPEG)).toBe(true);
    expect(bot.calls).toEqual([
      'getChat @Durov_News',
      'getChatMemberCount @Durov_News',
      'getFile photo-durov_news',
      'file durov_news',
    ]);

    // An unchanged photo is not downloaded again; a new one replaces the old file.
    bot.calls.length = 0;
    const again = await refresh(id);
    expect(again.json().icon).toBe(icon);
    expect(bot.calls).toEqual(['getChat @Durov_News', 'getChatMemberCount @Durov_News']);
    const chat = bot.chats.get('durov_news');
    if (chat) chat.photoVersion = 2;
    const changed = await refresh(id);
    expect(changed.json().icon).not.toBe(icon);
    expect((await t.app.inject({ url: `/files/${icon}` })).statusCode).toBe(404);
  });

  it('explains an unknown or private channel, and a name that is not a channel', async () => {
    const unknown = await refresh(await channel('nobody_here'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('TELEGRAM_CHAT_NOT_FOUND');
    bot.chats.set('some_person', { type: 'private', title: 'Иван', members: 1 });
    const person = await refresh(await channel('some_person'));
    expect(person.statusCode).toBe(409);
    expect(person.json().code).toBe('TELEGRAM_NOT_A_CHANNEL');
    expect((await refresh(99999)).json().code).toBe('TG_CHANNEL_NOT_FOUND');
  });

  it('passes Telegram’s request to wait on as 429 with Retry-After', async () => {
    bot.chats.set('busy_channel', { type: 'channel', title: 'Занят', members: 5 });
    const id = await channel('busy_channel');
    bot.throttleNext(1);
    const response = await refresh(id);
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('7');
    expect((await refresh(id)).statusCode).toBe(200);
  });

  it('answers 502 TELEGRAM_ERROR for a refused token or an unreachable API, never showing the token', async () => {
    const wrongToken = telegramBotApi('999:wrong', bot.url);
    await expect(wrongToken.getChat('@busy_channel')).rejects.toMatchObject({
      statusCode: 502,
      code: 'TELEGRAM_ERROR',
    });
    const unreachable = telegramBotApi(TOKEN, 'http://127.0.0.1:9', 2000);
    const error = await unreachable.getChat('@busy_channel').catch((e: Error) => e);
    expect(error).toMatchObject({ statusCode: 502, code: 'TELEGRAM_ERROR' });
    expect(String((error as Error).message)).not.toContain(TOKEN);
  });

  it('without a token the refresh says Telegram is not configured', async () => {
    const plain = await buildTestApp();
    const roles = await signInRoles(plain);
    const category = (await roles.call('POST', '/api/common/tg-categories', { title: 'К' })).json().id;
    const id = (
      await roles.call('POST', '/api/common/tg-channels', {
        title: 'К',
        username: 'some_channel',
        categoryId: category,
      })
    ).json().id;
    const response = await roles.call('POST', `/api/common/tg-channels/${id}/refresh`);
    expect(response.statusCode).toBe(503);
    expect(response.json().code).toBe('TELEGRAM_NOT_CONFIGURED');
    expect((await roles.call('GET', '/api/common/tg-channels')).json().telegramConfigured).toBe(false);
    await plain.close();
  });
});
