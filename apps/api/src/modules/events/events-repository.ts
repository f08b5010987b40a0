import type { Role } from '@pult/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { eventTickets } from '../../db/schema';

/** The SQL of stream tickets. */
export const eventsRepository = {
  /** Keeps a ticket's hash; tickets already expired go at the same time (they are never more than a few). */
  async insert(db: Db, tokenHash: string, userId: number, now: Date, expiresAt: Date): Promise<void> {
    await db.execute(sql`DELETE FROM event_tickets WHERE expires_at <= ${now}`);
    await db.insert(eventTickets).values({ tokenHash, userId, expiresAt });
  },

  /**
   * Takes a ticket: it is deleted in the statement that reads it, so of two requests with the same ticket
   * exactly one gets it. Answers the holder when the ticket was live and the holder still an active staff member.
   */
  async redeem(db: Db, tokenHash: string, now: Date): Promise<{ userId: number; role: Role } | undefined> {
    const [row] = await queryRows<{ user_id: number; role: Role }>(
      db,
      sql`WITH taken AS (DELETE FROM event_tickets WHERE token_hash = ${tokenHash} RETURNING user_id, expires_at)
          SELECT u.id AS user_id, u.role FROM taken JOIN users u ON u.id = taken.user_id
          WHERE taken.expires_at > ${now} AND u.status = 'active' AND u.role IN ('admin', 'editor')`,
    );
    return row && { userId: row.user_id, role: row.role };
  },
};
