import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushMessage, PushProvider } from '../../src/modules/push';
import { type PushFixture, pushFixture } from './push-fixture';

/**
 * Advertising pushes (38-FZ art. 18) reach only users whose latest advertising consent is granted,
 * read when each batch goes: a withdrawal stops every delivery not yet sent.
 */
const consent = (f: PushFixture, as: string, granted: boolean) =>
  f.t.app.inject({
    method: 'POST',
    url: '/api/client/consents',
    payload: { type: 'advertising', granted },
    headers: { 'api-token': f.tokens[as] ?? '' },
  });

describe('advertising and service pushes', () => {
  let f: PushFixture;
  beforeAll(async () => {
    f = await pushFixture();
    await f.device('subscriber', 's-1');
    await f.device('subscriber', 's-2', 'ios');
    await f.device('free', 'f-1');
    await f.device('other', 'o-1', 'web');
    await consent(f, 'subscriber', true);
    await consent(f, 'free', true);
    await consent(f, 'free', false);
  });
  afterAll(() => f.t.close());

  it('counts the audience without consent for advertising only', async () => {
    const count = (body: object) => f.call('POST', '/api/reminders/audience-count', body);
    expect((await count({ type: 'all', category: 'advertising' })).json()).toEqual({
      users: 3,
      devices: 4,
      withoutConsent: 2,
      isEstimate: false,
    });
    expect((await count({ type: 'all' })).json().withoutConsent).toBe(0);
    expect((await count({ type: 'all', category: 'service' })).json().withoutConsent).toBe(0);
    expect((await count({ type: 'all', category: 'promo' })).statusCode).toBe(400);
  });

  it('sends advertising only to consenting users, counts the others as skipped, and service to everyone', async () => {
    const ad = await f.schedule({ category: 'advertising' });
    expect(ad).toMatchObject({ category: 'advertising', skipped: 0 });
    await f.drain();
    const detail = (await f.call('GET', `/api/reminders/${ad.id}`)).json();
    expect(detail).toMatchObject({ status: 'sent', targeted: 4, sent: 2, skipped: 2, failed: 0, pending: 0 });
    expect(detail.skippedBy).toEqual([{ reason: 'no_consent', count: 2 }]);
    expect(detail.byProvider).toEqual([
      { provider: 'fcm', targeted: 3, skipped: 1, sent: 2, failed: 0, opened: 0 },
      { provider: 'webpush', targeted: 1, skipped: 1, sent: 0, failed: 0, opened: 0 },
    ]);
    const service = await f.schedule({});
    expect(service.category).toBe('service');
    await f.drain();
    expect((await f.call('GET', `/api/reminders/${service.id}`)).json()).toMatchObject({ sent: 4, skipped: 0 });
  });

  it('refuses a bad category and planner users', async () => {
    const bad = await f.call('POST', '/api/reminders/create-push-notification', {
      title: 'A',
      body: 'B',
      type: 'all',
      category: 'spam',
      scheduledAt: f.t.clock.now().toISOString(),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('category');
    const asUser = await f.call(
      'POST',
      '/api/reminders/create-push-notification',
      { title: 'A', body: 'B', type: 'all', category: 'advertising', scheduledAt: f.t.clock.now().toISOString() },
      'free',
    );
    expect(asUser.statusCode).toBe(403);
  });
});

describe('property: no advertising without consent, whatever the histories and withdrawals between batches', () => {
  const USERS = 6;
  let f: PushFixture;
  const names = Array.from({ length: USERS }, (_, i) => `p${i}`);
  const ownerOf = new Map<string, string>();
  const ids: number[] = [];
  /** The test's own record of each user's latest answer, updated as the API is called. */
  const model = new Map<string, boolean>();
  let onSend: (messages: PushMessage[]) => Promise<void> = async () => undefined;
  const violations: string[] = [];
  const provider: PushProvider = {
    name: 'capture',
    async send(messages) {
      for (const message of messages) {
        const who = ownerOf.get(message.token) ?? '?';
        if (message.category === 'advertising' && model.get(who) !== true)
          violations.push(`${who} got ${message.deliveryId} without consent`);
      }
      await onSend(messages);
      return messages.map(() => ({ status: 'sent' as const }));
    },
  };

  beforeAll(async () => {
    f = await pushFixture({ push: { provider, batchSize: 2 } });
    for (const name of names) {
      ids.push(await f.t.createUser({ email: `${name}@pult.test`, role: 'user' }));
      f.tokens[name] = (await f.t.signin(`${name}@pult.test`)).apiToken;
      for (const suffix of ['a', 'b']) {
        const token = `${name}-${suffix}`;
        const response = await f.call('POST', '/api/client/devices', { token, platform: 'android' }, name);
        expect(response.statusCode).toBe(200);
        ownerOf.set(token, name);
      }
    }
  }, 120_000);
  afterAll(() => f.t.close());

  const record = async (name: string, granted: boolean) => {
    const response = await f.t.app.inject({
      method: 'POST',
      url: '/api/client/consents',
      payload: { type: 'advertising', granted },
      headers: { 'api-token': f.tokens[name] ?? '' },
    });
    expect(response.statusCode).toBe(200);
    model.set(name, granted);
  };

  it('holds for random histories', async () => {
    const scenario = fc.record({
      histories: fc.array(fc.array(fc.boolean(), { maxLength: 3 }), { minLength: USERS, maxLength: USERS }),
      /** After the n-th provider call, these users change their answer. */
      changes: fc.array(
        fc.record({
          afterCall: fc.nat({ max: 4 }),
          user: fc.nat({ max: USERS - 1 }),
          granted: fc.boolean(),
        }),
        { maxLength: 6 },
      ),
    });
    await fc.assert(
      fc.asyncProperty(scenario, async ({ histories, changes }) => {
        f.t.clock.advance(1000);
        for (const [index, history] of histories.entries()) {
          const name = names[index] as string;
          // A user with no record this time keeps none that counts: withdraw first, then the history.
          await record(name, false);
          for (const granted of history) await record(name, granted);
        }
        const steady = names.filter((name) => !changes.some((c) => names[c.user] === name));
        const steadyAnswer = new Map(steady.map((name) => [name, model.get(name) === true]));
        let calls = 0;
        onSend = async () => {
          for (const change of changes.filter((c) => c.afterCall === calls))
            await record(names[change.user] as string, change.granted);
          calls += 1;
        };
        const sentTo = new Set<string>();
        const before = violations.length;
        const capture = provider.send.bind(provider);
        provider.send = async (messages) => {
          for (const m of messages) sentTo.add(ownerOf.get(m.token) ?? '?');
          return capture(messages);
        };
        try {
          const ad = await f.schedule({ category: 'advertising', type: 'users', userIds: ids });
          await f.drain();
          const detail = (await f.call('GET', `/api/reminders/${ad.id}`)).json();
          expect(violations.slice(before)).toEqual([]);
          expect(detail.sent + detail.skipped).toBe(USERS * 2);
          expect(detail.pending).toBe(0);
          // Users whose answer did not change during the send: all of their devices or none.
          for (const [name, granted] of steadyAnswer) expect(sentTo.has(name)).toBe(granted);
        } finally {
          provider.send = capture;
          onSend = async () => undefined;
        }
      }),
      { numRuns: 12 },
    );
  }, 600_000);
});
