import { createRandom, type Random } from './prng';
import { femaleFirstNames, feminineSurname, maleFirstNames, surnames } from './russian-names';
import type { SeedSource } from './seed-source';
import { transliterate } from './transliterate';

export interface UserRow {
  id: number;
  email: string;
  phoneNumber: string | null;
  firstName: string;
  lastName: string;
  role: 'user' | 'editor' | 'admin';
  status: 'active' | 'blocked' | 'deleted';
  passwordHash: string | null;
  createdAt: Date;
  updatedAt: Date;
  lastSeenAt: Date | null;
}

export interface GenerateUsersOptions {
  count: number;
  /** The first row's id; every e-mail carries its id, which keeps e-mails unique across appends. */
  firstId: number;
  seed: number;
  /** The end of the registration period; fixed in tests so the output is reproducible. */
  now: Date;
  /** How far back registrations go. Default two years. */
  periodDays?: number;
}

export const DAY_MS = 86_400_000;
/** How far back registrations go by default: two years. */
export const PERIOD_DAYS = 730;

/** Growth factor of the registration curve: the last day gets e^1.6 ≈ 5× the first day's sign-ups. */
export const GROWTH = 1.6;

export const mailDomains = [
  ['mail.ru', 30],
  ['yandex.ru', 24],
  ['gmail.com', 18],
  ['bk.ru', 5],
  ['inbox.ru', 5],
  ['list.ru', 4],
  ['rambler.ru', 5],
  ['ya.ru', 4],
  ['icloud.com', 3],
  ['outlook.com', 2],
] as const;

type LocalPart = (first: string, last: string, n: number) => string;

/**
 * The ways people build an address from their name; the trailing id makes each one unique. The SQL
 * generator (sql-users.ts) spells the same forms with the same weights.
 */
export const localParts: readonly (readonly [LocalPart, number])[] = [
  [(first, last, n) => `${first}.${last}${n}`, 30],
  [(first, last, n) => `${last}.${first}${n}`, 15],
  [(first, last, n) => `${first.charAt(0)}.${last}${n}`, 15],
  [(first, last, n) => `${first}_${last}${n}`, 10],
  [(first, last, n) => `${first}${last}${n}`, 10],
  [(_first, last, n) => `${last}${n}`, 10],
  [(first, _last, n) => `${first}${n}`, 10],
];

export interface Person {
  firstName: string;
  lastName: string;
}

export function generatePerson(random: Random): Person {
  const female = random.chance(0.53);
  const surname = random.pickSkewed(surnames);
  return female
    ? { firstName: random.pickSkewed(femaleFirstNames), lastName: feminineSurname(surname) }
    : { firstName: random.pickSkewed(maleFirstNames), lastName: surname };
}

export function emailFor(person: Person, id: number, random: Random): string {
  const first = transliterate(person.firstName);
  const last = transliterate(person.lastName);
  const local = random.pickWeighted(localParts)(first, last, id);
  return `${local}@${random.pickWeighted(mailDomains)}`;
}

/** +7 9xx: Russian mobile numbers in E.164. */
export function mobilePhone(random: Random): string {
  return `+79${String(random.int(0, 999_999_999)).padStart(9, '0')}`;
}

const wholeSeconds = (ms: number) => new Date(Math.floor(ms / 1000) * 1000);

/** Registration time with density growing towards `now` (inverse CDF of an exponential curve). */
function registeredAt(random: Random, nowMs: number, periodMs: number): Date {
  const x = Math.log(1 + random.next() * (Math.exp(GROWTH) - 1)) / GROWTH;
  return wholeSeconds(nowMs - periodMs + x * periodMs);
}

/** Most people come back within days; the rest were last seen somewhere since they registered. */
function lastSeenAfter(random: Random, createdMs: number, nowMs: number): Date {
  const roll = random.next();
  const window = roll < 0.35 ? 7 * DAY_MS : roll < 0.6 ? 30 * DAY_MS : nowMs - createdMs;
  const from = Math.max(createdMs, nowMs - window);
  return wholeSeconds(from + random.next() * (nowMs - from));
}

/** A pure, deterministic stream of planner-app users (role `user`), so 1 000 000 rows never sit in memory. */
export function* generateUsers(options: GenerateUsersOptions): Generator<UserRow> {
  // The first id joins the seed, so an append run with the same --seed does not repeat the names.
  const random = createRandom((options.seed ^ Math.imul(options.firstId, 0x9e3779b1)) >>> 0);
  const nowMs = options.now.getTime();
  const periodMs = (options.periodDays ?? PERIOD_DAYS) * DAY_MS;
  for (let i = 0; i < options.count; i++) {
    const id = options.firstId + i;
    const person = generatePerson(random);
    const createdAt = registeredAt(random, nowMs, periodMs);
    const lastSeenAt = lastSeenAfter(random, createdAt.getTime(), nowMs);
    const statusRoll = random.next();
    const status = statusRoll < 0.01 ? 'deleted' : statusRoll < 0.025 ? 'blocked' : 'active';
    // A block or deletion is the last change to a row; everyone else was last updated on sign-up.
    const updatedAt = status === 'active' ? createdAt : lastSeenAt;
    yield {
      id,
      email: emailFor(person, id, random),
      phoneNumber: random.chance(0.15) ? null : mobilePhone(random),
      firstName: person.firstName,
      lastName: person.lastName,
      role: 'user',
      status,
      passwordHash: null,
      createdAt,
      updatedAt,
      lastSeenAt,
    };
  }
}

export const userColumns = [
  'id',
  'email',
  'phone_number',
  'first_name',
  'last_name',
  'role',
  'status',
  'password_hash',
  'created_at',
  'updated_at',
  'last_seen_at',
] as const;

/** Wraps user rows for a loader (`avatar` is left to its default, null). */
export function userSource(rows: Iterable<UserRow>, total: number): SeedSource {
  return {
    table: 'users',
    columns: userColumns,
    total,
    rows: mapRows(rows),
  };
}

function* mapRows(rows: Iterable<UserRow>) {
  for (const u of rows) {
    yield [
      u.id,
      u.email,
      u.phoneNumber,
      u.firstName,
      u.lastName,
      u.role,
      u.status,
      u.passwordHash,
      u.createdAt,
      u.updatedAt,
      u.lastSeenAt,
    ] as const;
  }
}
