import type { PresenceResource } from '@pult/contract';
import { eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../../db/client';
import { notes, promoSeries, subscriptionPlans, tgCategories, tgChannels, users } from '../../db/schema';

/** The channel presence changes are announced on (modules/events/event-hub.ts), sent in the change's transaction. */
export const PRESENCE_CHANNEL = 'pult_presence_events';

/** One record, as presence names it. */
export interface PresenceKey {
  resource: PresenceResource;
  id: number;
}

/** One tab of one person. */
export interface PresenceTab {
  userId: number;
  tab: string;
}

const personName = sql.raw(
  `coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.email)`,
);

/** Where each kind of record lives, to tell a record that does not exist (the settings are one record, id 1). */
const recordTables: Record<Exclude<PresenceResource, 'settings'>, { table: PgTable; id: PgColumn }> = {
  note: { table: notes, id: notes.id },
  plan: { table: subscriptionPlans, id: subscriptionPlans.id },
  user: { table: users, id: users.id },
  'promo-series': { table: promoSeries, id: promoSeries.id },
  'tg-channel': { table: tgChannels, id: tgChannels.id },
  'tg-category': { table: tgCategories, id: tgCategories.id },
};

/** The SQL of presence and edit locks (docs/decisions/0043). */
export const presenceRepository = {
  /** Whether the record exists. */
  async exists(db: Db, key: PresenceKey): Promise<boolean> {
    if (key.resource === 'settings') return key.id === 1;
    const { table, id } = recordTables[key.resource];
    const rows = await db.select({ id }).from(table).where(eq(id, key.id)).limit(1);
    return rows.length > 0;
  },

  /** Says this tab has the record open until `expiresAt`; a row of another person's under the same tab id is left alone. */
  async touch(db: Db, key: PresenceKey, who: PresenceTab, expiresAt: Date): Promise<void> {
    await db.execute(
      sql`INSERT INTO record_presence (resource, record_id, tab, user_id, expires_at)
          VALUES (${key.resource}, ${key.id}, ${who.tab}, ${who.userId}, ${expiresAt})
          ON CONFLICT (resource, record_id, tab) DO UPDATE SET expires_at = excluded.expires_at
          WHERE record_presence.user_id = excluded.user_id`,
    );
  },

  /**
   * Takes or renews the lock in one statement: it goes to this tab when the tab already holds it, when the
   * holder's lock expired, or on a take-over; otherwise the row is left as it is. Of two tabs taking a free
   * lock at once, the second waits for the first's row and then finds it held. True when this tab holds it.
   */
  async lock(db: Db, key: PresenceKey, who: PresenceTab, now: Date, expiresAt: Date, takeOver: boolean) {
    const rows = await queryRows<{ tab: string }>(
      db,
      sql`INSERT INTO edit_locks AS l (resource, record_id, tab, user_id, since, expires_at)
          VALUES (${key.resource}, ${key.id}, ${who.tab}, ${who.userId}, ${now}, ${expiresAt})
          ON CONFLICT (resource, record_id) DO UPDATE SET
            since = CASE WHEN l.tab = excluded.tab AND l.user_id = excluded.user_id THEN l.since ELSE excluded.since END,
            tab = excluded.tab, user_id = excluded.user_id, expires_at = excluded.expires_at
          WHERE (l.tab = excluded.tab AND l.user_id = excluded.user_id) OR l.expires_at <= ${now} OR ${takeOver}::boolean
          RETURNING l.tab`,
    );
    return rows.length > 0;
  },

  /** Lets go of the lock if this tab holds it. */
  async unlock(db: Db, key: PresenceKey, who: PresenceTab): Promise<void> {
    await db.execute(
      sql`DELETE FROM edit_locks WHERE resource = ${key.resource} AND record_id = ${key.id}
          AND tab = ${who.tab} AND user_id = ${who.userId}`,
    );
  },

  /** This tab no longer has the record open. */
  async leave(db: Db, key: PresenceKey, who: PresenceTab): Promise<void> {
    await db.execute(
      sql`DELETE FROM record_presence WHERE resource = ${key.resource} AND record_id = ${key.id}
          AND tab = ${who.tab} AND user_id = ${who.userId}`,
    );
  },

  /** Who is on the record at `now`: the live lock's holder, and each person with a live row once. */
  async state(db: Db, key: PresenceKey, now: Date) {
    const [editor] = await queryRows<{ id: number; name: string; tab: string; since: Date | string }>(
      db,
      sql`SELECT u.id, ${personName} AS name, l.tab, l.since FROM edit_locks l JOIN users u ON u.id = l.user_id
          WHERE l.resource = ${key.resource} AND l.record_id = ${key.id} AND l.expires_at > ${now}`,
    );
    const viewers = await queryRows<{ id: number; name: string }>(
      db,
      sql`SELECT u.id, ${personName} AS name FROM users u
          WHERE u.id IN (SELECT p.user_id FROM record_presence p WHERE p.resource = ${key.resource}
                         AND p.record_id = ${key.id} AND p.expires_at > ${now})
          ORDER BY u.id`,
    );
    return { editor, viewers };
  },

  /** The next number of the presence order (a sequence: increasing across processes). */
  async nextSeq(db: Db): Promise<number> {
    const [row] = await queryRows<{ seq: string }>(db, sql`SELECT nextval('record_presence_seq') AS seq`);
    return Number(row?.seq ?? 0);
  },

  /** Tells every process's streams (at commit, never for a rolled-back change). */
  async announce(db: Db, payload: string): Promise<void> {
    await db.execute(sql`SELECT pg_notify(${PRESENCE_CHANNEL}, ${payload})`);
  },

  /**
   * Deletes expired rows and locks, answering the records they were on. A DELETE … RETURNING hands each row
   * to exactly one process, so with several processes sweeping each expiry is announced once.
   */
  async sweep(db: Db, now: Date): Promise<PresenceKey[]> {
    return queryRows<PresenceKey>(
      db,
      sql`WITH gone AS (DELETE FROM record_presence WHERE expires_at <= ${now} RETURNING resource, record_id),
               unlocked AS (DELETE FROM edit_locks WHERE expires_at <= ${now} RETURNING resource, record_id)
          SELECT DISTINCT resource, record_id AS id FROM (SELECT * FROM gone UNION ALL SELECT * FROM unlocked) x`,
    );
  },
};
