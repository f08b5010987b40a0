import { count, desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditEvents } from '../../db/schema';

export type AuditRow = typeof auditEvents.$inferSelect;

/** The SQL of the audit log; writing it is the audit plugin's part. */
export const auditRepository = {
  page: (db: Db, take: number, page: number): Promise<AuditRow[]> =>
    db
      .select()
      .from(auditEvents)
      .orderBy(desc(auditEvents.id))
      .limit(take)
      .offset((page - 1) * take),

  async count(db: Db): Promise<number> {
    const [total] = await db.select({ value: count() }).from(auditEvents);
    return total?.value ?? 0;
  },
};
