import type { SeedTarget } from './seed-target';

/** Russia's eleven zones, Moscow's listed several times: most planner users live on Moscow time. */
const ZONES = [
  'Europe/Moscow',
  'Europe/Moscow',
  'Europe/Moscow',
  'Europe/Moscow',
  'Europe/Kaliningrad',
  'Europe/Samara',
  'Asia/Yekaterinburg',
  'Asia/Yekaterinburg',
  'Asia/Omsk',
  'Asia/Krasnoyarsk',
  'Asia/Novosibirsk',
  'Asia/Irkutsk',
  'Asia/Yakutsk',
  'Asia/Vladivostok',
  'Asia/Magadan',
  'Asia/Kamchatka',
];
const zones = `ARRAY[${ZONES.map((zone) => `'${zone}'`).join(',')}]`;
/** A stable pseudo-random 0..99 from an id (Knuth's multiplicative hash), so a seed is repeatable. */
const pct = (expr: string, salt: number | string = 0) => `((((${expr})::bigint + ${salt}) * 2654435761) % 100)`;
/**
 * A stable 0..99 independent of `pct`'s: `pct` depends on the id modulo 100 alone, so two of its
 * draws for one row are tied (a salt only shifts it); a share within a share needs a hash of its own.
 */
const mixed = (text: string) => `(('x' || substr(md5(${text}), 1, 8))::bit(32)::bigint % 100)`;

const TITLES = [
  ['Новая неделя — новые планы', 'Загляните в планировщик: мы собрали идеи на неделю'],
  ['Скидка 20% на годовую подписку', 'Только до воскресенья — успейте продлить выгодно'],
  ['Вы давно не заходили', 'Ваши планы ждут вас. Продолжим?'],
  ['Новый раздел «Привычки»', 'Отмечайте привычки и смотрите прогресс по дням'],
  ['Итоги месяца готовы', 'Посмотрите, сколько задач вы закрыли в этом месяце'],
  ['Подписка скоро закончится', 'Продлите подписку, чтобы не потерять доступ к функциям'],
];

/**
 * Devices for planner users who have none (about 1.3 per user: everyone a phone, three in ten a
 * second one; Android, iOS and web; zones across Russia; each with the push service that issued its
 * token: web on Web Push, iOS through FCM, Android a third without Google services: RuStore 25 %,
 * Huawei 10 %), advertising consents (60 % granted, one in ten of those withdrawn since), then a
 * history of pushes with their delivery rows and counters that agree with them, and two still scheduled.
 */
export async function seedPush(
  target: Pick<SeedTarget, 'query' | 'bulkInsert'>,
  options: { now: Date },
): Promise<{ devices: number; reminders: number; deliveries: number }> {
  const [before] = await target.query<{ n: number }>('SELECT count(*)::int AS n FROM devices');
  // Into an empty table (a fresh seed) without its foreign key and user index meanwhile; the unique
  // token index stays, ON CONFLICT names it. Into an empty table no token can conflict (each holds its
  // user's id and number), so the insert goes without ON CONFLICT and needs no unique index meanwhile
  // (the parallel seed builds it afterwards: 12.9 M speculative insertions at 10 M users).
  const onConflict = Number(before?.n ?? 0) > 0 ? 'ON CONFLICT (token) DO NOTHING' : '';
  const devices = `
    INSERT INTO devices (user_id, token, platform, provider, time_zone, locale, app_version, created_at, last_seen_at)
    SELECT u.id, 'seed-' || u.id || '-' || k || '-' || md5(u.id::text || k::text),
      CASE WHEN ${pct('u.id', 'k')} < 55 THEN 'android' WHEN ${pct('u.id', 'k')} < 90 THEN 'ios' ELSE 'web' END,
      CASE WHEN ${pct('u.id', 'k')} >= 90 THEN 'webpush' WHEN ${pct('u.id', 'k')} >= 55 THEN 'fcm'
        WHEN ${mixed("'provider' || u.id || ':' || k")} < 25 THEN 'rustore'
        WHEN ${mixed("'provider' || u.id || ':' || k")} < 35 THEN 'hms' ELSE 'fcm' END,
      (${zones})[1 + ${pct('u.id', 7)} % ${ZONES.length}],
      'ru', CASE WHEN ${pct('u.id', 3)} < 70 THEN '3.4.1' ELSE '3.3.0' END,
      u.created_at, greatest(u.created_at, coalesce(u.last_seen_at, u.created_at))
    FROM users u CROSS JOIN generate_series(1, 2) k
    WHERE u.role = 'user' AND u.status <> 'deleted' AND (k = 1 OR ${pct('u.id', 11)} < 30)
      AND NOT EXISTS (SELECT 1 FROM devices d WHERE d.user_id = u.id)
    ${onConflict}`;
  await target.bulkInsert('devices', () => target.query(devices), { keepUnique: true });
  const [after] = await target.query<{ n: number }>('SELECT count(*)::int AS n FROM devices');
  // Consents as the planner app records them (POST /client/consents): for users who have none yet.
  const consents = `
    INSERT INTO consents (user_id, type, granted, at, version, ip, app_version)
    SELECT u.id, 'advertising', step = 1, u.created_at + (step || ' days')::interval, '2026-01',
      ('10.' || (u.id % 250) || '.' || (u.id / 250 % 250) || '.' || (1 + u.id % 200))::inet, '3.4.1'
    FROM users u CROSS JOIN generate_series(1, 2) step
    WHERE u.role = 'user' AND u.status <> 'deleted' AND ${pct('u.id', 13)} < 60
      AND (step = 1 OR ${mixed("'withdrawn' || u.id")} < 10)
      AND NOT EXISTS (SELECT 1 FROM consents c WHERE c.user_id = u.id)`;
  await target.bulkInsert('consents', () => target.query(consents));

  const now = options.now.getTime();
  const [existing] = await target.query<{ n: number }>('SELECT count(*)::int AS n FROM reminders');
  const pushes: { id: number; salt: number; at: string; past: boolean }[] = [];
  for (let i = 0; i < 14; i++) {
    const [title, body] = TITLES[i % TITLES.length] as [string, string];
    const past = i < 12;
    const at = new Date(past ? now - (90 - i * 7) * 86_400_000 : now + (i - 11) * 86_400_000);
    at.setUTCHours(9, 0, 0, 0); // 12:00 Moscow
    const salt = Number(existing?.n ?? 0) + i;
    // Each push reaches a slice of the planner users (a targeted campaign), at most 2 000 of them.
    const [row] = await target.query<{ id: number }>(`
      INSERT INTO reminders (title, body, type, user_ids, deeplink, scheduled_at, local_time, status, created_at)
      SELECT '${title}', '${body}', 'users', coalesce(jsonb_agg(id), '[]'::jsonb), '/plans',
        '${at.toISOString()}', ${i % 4 === 3}, '${past ? 'sent' : 'scheduled'}', '${new Date(at.getTime() - 2 * 86_400_000).toISOString()}'
      FROM (SELECT id FROM users WHERE role = 'user' AND status = 'active' AND ${pct('id', salt)} < 5 ORDER BY id LIMIT 1000) picked
      RETURNING id`);
    pushes.push({ id: row?.id ?? 0, salt, at: at.toISOString(), past });
  }
  // The sent pushes' deliveries in one statement: the devices are read once, not once per push (their
  // user index is off in a fresh seed until the end: 12.9 M devices at 10 M users).
  const sent = pushes.filter((push) => push.past);
  const [made] = await target.query<{ n: number }>(`
    WITH sent (id, salt, at) AS (VALUES ${sent.map((push) => `(${push.id}, ${push.salt}, '${push.at}'::timestamptz)`).join(', ')}),
    added AS (
      INSERT INTO push_deliveries (reminder_id, device_id, user_id, platform, provider, state, due_at, attempts, claimed_at, sent_at, opened_at, error)
      SELECT s.id, d.id, d.user_id, d.platform, d.provider,
        CASE WHEN ${pct('d.id', 's.salt')} < 3 THEN 'failed' ELSE 'sent' END,
        s.at, 1, s.at,
        CASE WHEN ${pct('d.id', 's.salt')} < 3 THEN NULL ELSE s.at END,
        CASE WHEN ${pct('d.id', 's.salt')} BETWEEN 3 AND 14 THEN s.at + interval '25 minutes' END,
        CASE WHEN ${pct('d.id', 's.salt')} < 2 THEN 'unregistered: UNREGISTERED' WHEN ${pct('d.id', 's.salt')} < 3 THEN '400 INVALID_ARGUMENT' END
      FROM sent s JOIN reminders r ON r.id = s.id CROSS JOIN LATERAL jsonb_array_elements_text(r.user_ids) u(id)
      JOIN devices d ON d.user_id = u.id::int
      ORDER BY s.id, d.id
      RETURNING 1)
    SELECT count(*)::int AS n FROM added`);
  for (const { id, at, past } of pushes) {
    if (!past) {
      await target.query(`INSERT INTO jobs (kind, subject_id, run_at) VALUES ('push-dispatch', ${id}, '${at}')`);
      continue;
    }
    await target.query(`
      UPDATE reminders r SET targeted = c.targeted, sent = c.sent, failed = c.failed, opened = c.opened,
        targeted_at = r.scheduled_at, started_at = r.scheduled_at, finished_at = r.scheduled_at + interval '2 minutes'
      FROM (SELECT count(*)::int AS targeted, count(*) FILTER (WHERE state = 'sent')::int AS sent,
              count(*) FILTER (WHERE state = 'failed')::int AS failed, count(opened_at)::int AS opened
            FROM push_deliveries WHERE reminder_id = ${id}) c
      WHERE r.id = ${id}`);
    await target.query(
      `INSERT INTO jobs (kind, subject_id, status, run_at) VALUES ('push-dispatch', ${id}, 'done', '${at}')`,
    );
  }
  const deliveries = Number(made?.n ?? 0);
  const reminders = pushes.length;
  await target.query('ANALYZE devices');
  await target.query('ANALYZE consents');
  await target.query('ANALYZE push_deliveries');
  return { devices: Number(after?.n ?? 0) - Number(before?.n ?? 0), reminders, deliveries };
}
