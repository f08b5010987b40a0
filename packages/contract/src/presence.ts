import { z } from 'zod';
import { dbId, type Role } from './common';
import { type LiveResource, liveResourceRoles } from './versions';

/**
 * Who has a record open, and its soft edit lock (docs/decisions/0043): a tab says every few seconds that
 * it shows the record (`PUT /events/presence/:resource/:id`), and whether it edits it. The lock is soft:
 * another person may take it over, and a save still goes through If-Match, so nothing is lost.
 */

/** The kinds of record with a screen that shows presence: every live kind (settings: the one record, id 1). */
export const presenceResources = [
  'note',
  'plan',
  'user',
  'promo-series',
  'tg-channel',
  'tg-category',
  'settings',
] as const satisfies readonly LiveResource[];
export type PresenceResource = (typeof presenceResources)[number];

/** Who may hold a record's edit lock: the roles that may save it (others may only be seen viewing it). */
export const presenceEditRoles: Record<PresenceResource, readonly Role[]> = {
  note: ['admin', 'editor'],
  plan: ['admin', 'editor'],
  user: ['admin'],
  'promo-series': ['admin', 'editor'],
  'tg-channel': ['admin', 'editor'],
  'tg-category': ['admin', 'editor'],
  settings: ['admin'],
};

/** Who may be seen on (and see others on) a record: the roles that hear of its changes. */
export const presenceViewRoles: Record<PresenceResource, readonly Role[]> = liveResourceRoles;

/** A tab stops counting as present (and its lock as held) this long after its last heartbeat. */
export const PRESENCE_EXPIRY_MS = 30_000;
/** How often an open record's tab says it is still there: three beats fit in one expiry. */
export const PRESENCE_HEARTBEAT_MS = 10_000;

export const presenceParams = z.object({ resource: z.enum(presenceResources), id: dbId });

/** One browser tab: a random id the tab makes for itself, so one person's two tabs are two presences. */
export const presenceTab = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

export const presenceBeat = z.strictObject({
  tab: presenceTab,
  /** The tab has the record's form open: it takes (or keeps) the edit lock when nobody else holds it. */
  editing: z.boolean(),
  /** Take the lock from whoever holds it (the person was warned); only with `editing`. */
  takeOver: z.boolean().optional(),
});
export type PresenceBeat = z.infer<typeof presenceBeat>;

export const presenceLeaveQuery = z.object({ tab: presenceTab });

const person = z.object({ id: z.number().int(), name: z.string() });

export const recordPresence = z
  .object({
    resource: z.enum(presenceResources),
    id: z.number().int(),
    /** Grows with each change of any record's presence: of two states of one record, the larger is newer. */
    seq: z.number().int(),
    /** Who holds the edit lock, from which tab and since when; null when nobody does. */
    editor: person.extend({ tab: z.string(), since: z.string() }).nullable(),
    /** Everyone with the record open (the editor too), each person once. */
    viewers: z.array(person),
  })
  .meta({ id: 'RecordPresence' });
export type RecordPresence = z.infer<typeof recordPresence>;
