import type { SeedTarget } from './seed-target';

/** Three published versions of each document, each a little longer than the last. */
const TYPES = [
  ['privacy-policy', 'Политика обработки персональных данных'],
  ['user-agreement', 'Пользовательское соглашение'],
  ['personal-data-consent', 'Согласие на обработку персональных данных'],
] as const;
const VERSIONS = 3;

const contentOf = (title: string, version: number) =>
  [
    `# ${title}`,
    '',
    `Редакция ${version}.`,
    '',
    '## Общие положения',
    '',
    ...Array.from(
      { length: version + 2 },
      (_, i) => `${i + 1}. Пункт ${i + 1}: оператор обрабатывает данные только для работы планера.`,
    ),
    '',
    '## Контакты',
    '',
    'Вопросы: [support@pult.local](mailto:support@pult.local).',
  ].join('\n');

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * The legal documents (once: a database that has any keeps them, versions are immutable) and
 * consents: about four in five planner users accepted the latest version of each document, set-based
 * in SQL so a million users take seconds.
 */
export async function seedAgreements(target: SeedTarget): Promise<{ versions: number; consents: number }> {
  const [existing] = await target.query<{ n: number | string }>('SELECT count(*) AS n FROM agreements');
  let versions = 0;
  if (Number(existing?.n ?? 0) === 0) {
    const rows = TYPES.flatMap(([type, title]) =>
      Array.from({ length: VERSIONS }, (_, i) => {
        const version = i + 1;
        const content = contentOf(title, version);
        const daysAgo = (VERSIONS - version) * 120 + 30;
        return `(${literal(type)}, ${version}, ${literal(title)}, ${literal(content)},
          encode(sha256(convert_to(${literal(content)}, 'UTF8')), 'hex'), now() - interval '${daysAgo} days')`;
      }),
    );
    await target.query(
      `INSERT INTO agreements (type, version, title, content, content_hash, created_at) VALUES ${rows.join(',\n')}`,
    );
    versions = rows.length;
  }
  // Counted in SQL: at 10 M users, 24 M returned ids would not fit in the seeder's memory.
  const consents = `WITH added AS (INSERT INTO agreement_consents (user_id, agreement_id, content_hash, accepted_at, ip, user_agent, app_version)
     SELECT u.id, a.id, a.content_hash, greatest(a.created_at, u.created_at) + interval '1 hour',
            ('10.' || (u.id % 250) || '.' || (u.id / 250 % 250) || '.1')::inet,
            'PlannerApp/3.' || (u.id % 5) || ' (' || CASE WHEN u.id % 2 = 0 THEN 'Android' ELSE 'iOS' END || ')',
            '3.' || (u.id % 5) || '.0'
       FROM users u
       CROSS JOIN (SELECT DISTINCT ON (type) id, type, content_hash, created_at FROM agreements
                    ORDER BY type, version DESC) a
      WHERE u.role = 'user' AND (u.id::bigint * 2654435761) % 10 < 8
        AND NOT EXISTS (SELECT 1 FROM agreement_consents c WHERE c.user_id = u.id AND c.agreement_id = a.id)
     RETURNING 1) SELECT count(*)::int AS n FROM added`;
  const [inserted] = await target.bulkInsert('agreement_consents', () => target.query<{ n: number }>(consents));
  return { versions, consents: Number(inserted?.n ?? 0) };
}
