import { hasPlaceholders, type PlaceholderValues } from '@pult/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client';
import { idList } from '../reminders/reminders-repository';

/** Whether a push's texts need each recipient's values at all (most do not: no query then). */
export const needsPersonalising = (reminder: {
  title: string;
  body: string;
  ab?: { variants: { title: string; body: string }[] } | null;
}) =>
  [reminder, ...(reminder.ab?.variants ?? [])].some(
    (text) => hasPlaceholders(text.title) || hasPlaceholders(text.body),
  );

/**
 * The placeholder values of a batch's people in one statement: their first name, and the title of
 * the plan of their current subscription (active, not expired; the one running longest, a lifetime
 * grant first). Never a query per device.
 */
export async function placeholderValues(db: Db, userIds: number[], now: Date): Promise<Map<number, PlaceholderValues>> {
  const rows = await queryRows<{ id: number; first_name: string | null; plan_title: string | null }>(
    db,
    sql`SELECT u.id, u.first_name,
          (SELECT p.title FROM subscriptions s JOIN subscription_plans p ON p.id = s.plan_id
           WHERE s.owner = u.id AND s.status = 'active' AND (s.expires_at IS NULL OR s.expires_at > ${now})
           ORDER BY s.expires_at DESC NULLS FIRST LIMIT 1) AS plan_title
        FROM users u WHERE u.id = ANY(${idList([...new Set(userIds)])})`,
  );
  return new Map(rows.map((row) => [Number(row.id), { firstName: row.first_name, planTitle: row.plan_title }]));
}
