import { DAY_MS, GROWTH, localParts, mailDomains, PERIOD_DAYS } from './generate-users';
import { femaleFirstNames, feminineSurname, maleFirstNames, surnames } from './russian-names';
import { type SqlChunk, sqlChunks } from './seed-target';
import { literal, pickWeightedSql, skewedIndex, textArray, uniform } from './sql-random';
import { transliterate } from './transliterate';

/**
 * The planner users one run generates inside PostgreSQL: ids `firstId … firstId + count − 1`. Each
 * user's registration time is a function of its id alone (`createdSecSql`), growing with the id as in
 * production, so the subscriptions and payments of these users can be generated on any connection
 * without reading the users back (sql-billing.ts).
 */
export interface PlannerRange {
  firstId: number;
  count: number;
  seed: number;
  /** The end of the registration period, epoch seconds. */
  nowSec: number;
  periodSec: number;
}

export function plannerRange(options: { firstId: number; count: number; seed: number; now: Date }): PlannerRange {
  return {
    firstId: options.firstId,
    count: options.count,
    seed: options.seed,
    nowSec: Math.floor(options.now.getTime() / 1000),
    periodSec: (PERIOD_DAYS * DAY_MS) / 1000,
  };
}

/** Draw numbers of a user row (sql-random.ts), one per independent choice. */
const D = {
  registered: 0,
  seenWindow: 1,
  seenAt: 2,
  status: 3,
  female: 4,
  surname: 5,
  firstName: 6,
  localPart: 7,
  domain: 8,
  noPhone: 9,
  phone: 10,
} as const;

/**
 * Registration time (epoch seconds) of the user with id `id`: the inverse of the same exponential
 * curve as the TypeScript generator (the last day gets e^1.6 ≈ 5× the first day's sign-ups), taken at
 * the user's own slot `(index + u) / count`, so ids are in registration order.
 */
export function createdSecSql(id: string, range: PlannerRange): string {
  const q = `(((${id}) - ${range.firstId})::float8 + ${uniform(id, range.seed, D.registered)}) / ${range.count}`;
  const x = `(ln(1 + ${q} * ${Math.expm1(GROWTH)}) / ${GROWTH})`;
  return `floor(${range.nowSec - range.periodSec} + ${x} * ${range.periodSec})::int8`;
}

/** The pick lists, spelled once here: names and their Latin spellings side by side (1-based in SQL). */
const names = () => {
  const feminine = surnames.map(feminineSurname);
  return {
    male: textArray(maleFirstNames),
    maleLatin: textArray(maleFirstNames.map(transliterate)),
    female: textArray(femaleFirstNames),
    femaleLatin: textArray(femaleFirstNames.map(transliterate)),
    surname: textArray(surnames),
    surnameLatin: textArray(surnames.map(transliterate)),
    feminine: textArray(feminine),
    feminineLatin: textArray(feminine.map(transliterate)),
  };
};

/** The address forms of `localParts` (same order and weights): first, last and id as SQL text. */
const localForms = [
  (f: string, l: string, n: string) => `${f} || '.' || ${l} || ${n}`,
  (f: string, l: string, n: string) => `${l} || '.' || ${f} || ${n}`,
  (f: string, l: string, n: string) => `left(${f}, 1) || '.' || ${l} || ${n}`,
  (f: string, l: string, n: string) => `${f} || '_' || ${l} || ${n}`,
  (f: string, l: string, n: string) => `${f} || ${l} || ${n}`,
  (_f: string, l: string, n: string) => `${l} || ${n}`,
  (f: string, _l: string, n: string) => `${f} || ${n}`,
];

/**
 * One `INSERT … SELECT` of the users with ids `from … to` (inclusive) of the range: the same
 * distributions as generate-users.ts (53 % women, names by frequency spelled as people spell them,
 * address forms and mail domains by share, 85 % with a mobile number, last seen mostly within days,
 * 1 % deleted and 1.5 % blocked), drawn from hashes instead of a stream.
 */
export function insertUsersSql(range: PlannerRange, from: number, to: number): string {
  const u = (draw: number) => uniform('g', range.seed, draw);
  const n = names();
  const now = range.nowSec;
  const forms = localParts.map(([, weight], i) => [i, weight] as const);
  const email = `${pickWeightedSql('r_local', forms, (i) => `(${localForms[i]?.('fl', 'll', 'id::text')})`)} || '@' || ${pickWeightedSql(
    'r_domain',
    mailDomains,
    literal,
  )}`;
  return `INSERT INTO users (id, email, phone_number, first_name, last_name, role, status, password_hash, created_at, updated_at, last_seen_at)
SELECT id, ${email}, phone, fname, lname, 'user', status, NULL,
  to_timestamp(created), to_timestamp(CASE WHEN status = 'active' THEN created ELSE seen END), to_timestamp(seen)
FROM (
  SELECT id, created, status, phone, r_local, r_domain,
    floor(seen_from + r_seen * (${now} - seen_from))::int8 AS seen,
    CASE WHEN female THEN (${n.female})[fi] ELSE (${n.male})[mi] END AS fname,
    CASE WHEN female THEN (${n.femaleLatin})[fi] ELSE (${n.maleLatin})[mi] END AS fl,
    CASE WHEN female THEN (${n.feminine})[si] ELSE (${n.surname})[si] END AS lname,
    CASE WHEN female THEN (${n.feminineLatin})[si] ELSE (${n.surnameLatin})[si] END AS ll
  FROM (
    SELECT g AS id, ${createdSecSql('g', range)} AS created,
      ${u(D.female)} < 0.53 AS female,
      ${skewedIndex(u(D.surname), surnames.length)} AS si,
      ${skewedIndex(u(D.firstName), maleFirstNames.length)} AS mi,
      ${skewedIndex(u(D.firstName), femaleFirstNames.length)} AS fi,
      CASE WHEN ${u(D.status)} < 0.01 THEN 'deleted' WHEN ${u(D.status)} < 0.025 THEN 'blocked' ELSE 'active' END AS status,
      CASE WHEN ${u(D.noPhone)} < 0.15 THEN NULL ELSE '+79' || lpad(floor(${u(D.phone)} * 1000000000)::int8::text, 9, '0') END AS phone,
      ${u(D.seenWindow)} AS r_window, ${u(D.seenAt)} AS r_seen, ${u(D.localPart)} AS r_local, ${u(D.domain)} AS r_domain
    FROM generate_series(${from}::int8, ${to}::int8) g
    OFFSET 0
  ) drawn,
  LATERAL (SELECT greatest(created, ${now} - CASE WHEN r_window < 0.35 THEN ${7 * 86_400}
    WHEN r_window < 0.6 THEN ${30 * 86_400} ELSE ${now} - created END) AS seen_from) s
  OFFSET 0
) person`;
}

/** The range's users as chunks of `INSERT … SELECT`. */
export const userChunks = (range: PlannerRange): SqlChunk[] =>
  sqlChunks(range.firstId, range.count, (from, to) => insertUsersSql(range, from, to));
