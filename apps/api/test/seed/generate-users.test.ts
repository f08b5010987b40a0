import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateUsers } from '../../src/seed/generate-users';
import { femaleFirstNames, feminineSurname, maleFirstNames } from '../../src/seed/russian-names';
import { transliterate } from '../../src/seed/transliterate';

const now = new Date('2025-06-01T12:00:00Z');
const twoYearsAgo = now.getTime() - 730 * 86_400_000;
const take = (count: number, seed = 1, firstId = 1) => [...generateUsers({ count, firstId, seed, now })];

describe('generateUsers', () => {
  const users = take(20_000);

  it('gives every user a unique, lower-case e-mail with a known domain', () => {
    const emails = users.map((u) => u.email);
    expect(new Set(emails).size).toBe(emails.length);
    for (const email of emails) {
      expect(email).toMatch(
        /^[a-z][a-z._]*\d+@(mail\.ru|yandex\.ru|gmail\.com|bk\.ru|inbox\.ru|list\.ru|rambler\.ru|ya\.ru|icloud\.com|outlook\.com)$/,
      );
    }
  });

  it('derives e-mails from the transliterated name', () => {
    for (const user of users.slice(0, 500)) {
      const local = user.email.split('@')[0] ?? '';
      const last = transliterate(user.lastName);
      const first = transliterate(user.firstName);
      expect(local.includes(last) || local.startsWith(first)).toBe(true);
    }
  });

  it('writes phones as +7 9xx in E.164, leaving some empty', () => {
    const phones = users.map((u) => u.phoneNumber);
    for (const phone of phones) if (phone !== null) expect(phone).toMatch(/^\+79\d{9}$/);
    const empty = phones.filter((p) => p === null).length / phones.length;
    expect(empty).toBeGreaterThan(0.05);
    expect(empty).toBeLessThan(0.3);
  });

  it('spreads registrations over two years, denser towards now, and last seen after registration', () => {
    for (const user of users) {
      expect(user.createdAt.getTime()).toBeGreaterThanOrEqual(twoYearsAgo - 1000);
      expect(user.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(user.lastSeenAt?.getTime()).toBeGreaterThanOrEqual(user.createdAt.getTime());
      expect(user.lastSeenAt?.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(user.updatedAt.getTime()).toBeGreaterThanOrEqual(user.createdAt.getTime());
    }
    const middle = twoYearsAgo + 365 * 86_400_000;
    const recentHalf = users.filter((u) => u.createdAt.getTime() >= middle).length;
    expect(recentHalf / users.length).toBeGreaterThan(0.6);
  });

  it('blocks and deletes a few users, and makes no staff', () => {
    const count = (status: string) => users.filter((u) => u.status === status).length;
    expect(count('blocked')).toBeGreaterThan(0);
    expect(count('deleted')).toBeGreaterThan(0);
    expect(count('active') / users.length).toBeGreaterThan(0.95);
    expect(users.every((u) => u.role === 'user' && u.passwordHash === null)).toBe(true);
  });

  it('numbers ids from firstId', () => {
    expect(take(3, 1, 41).map((u) => u.id)).toEqual([41, 42, 43]);
  });

  it('is deterministic for a seed and differs between seeds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), (seed) => {
        expect(take(50, seed)).toEqual(take(50, seed));
        expect(take(50, seed).map((u) => u.email)).not.toEqual(take(50, seed + 1).map((u) => u.email));
      }),
      { numRuns: 25 },
    );
  });

  it('keeps e-mails unique across appended runs with the same seed', () => {
    const first = take(5000, 1, 1);
    const second = take(5000, 1, 5001);
    expect(new Set([...first, ...second].map((u) => u.email)).size).toBe(10_000);
  });
});

describe('Russian names', () => {
  it('gives women the feminine surname', () => {
    expect(feminineSurname('Иванов')).toBe('Иванова');
    expect(feminineSurname('Соловьёв')).toBe('Соловьёва');
    expect(feminineSurname('Ильин')).toBe('Ильина');
    expect(feminineSurname('Островский')).toBe('Островская');
    expect(feminineSurname('Высоцкий')).toBe('Высоцкая');
    expect(feminineSurname('Толстой')).toBe('Толстая');
    expect(feminineSurname('Шевченко')).toBe('Шевченко');
    expect(feminineSurname('Черных')).toBe('Черных');
  });

  it('pairs female first names with feminine surnames, male with masculine', () => {
    const female = new Set<string>(femaleFirstNames);
    const male = new Set<string>(maleFirstNames);
    const people = take(2000);
    const women = people.filter((u) => female.has(u.firstName));
    expect(women.length).toBeGreaterThan(700);
    expect(people.every((u) => female.has(u.firstName) || male.has(u.firstName))).toBe(true);
    for (const woman of women) expect(woman.lastName).toMatch(/(а|ая|о|к|х)$/);
    for (const man of people.filter((u) => male.has(u.firstName)))
      expect(man.lastName).not.toMatch(/(ова|ева|ина|ая)$/);
  });

  it('transliterates the way e-mails are spelt', () => {
    expect(transliterate('Юлия')).toBe('yuliya');
    expect(transliterate('Щербаков')).toBe('shcherbakov');
    expect(transliterate('Соловьёв')).toBe('solovyov');
    expect(transliterate('Артём')).toBe('artyom');
  });
});
