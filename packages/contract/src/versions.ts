import { z } from 'zod';
import { dbId, type Role } from './common';

/**
 * Versions, history and live changes of the records staff edit (docs/decisions/0036): the shapes the
 * API answers and the SPA reads, and the one spelling of a version as an HTTP entity tag.
 */

/** 1 when the record is created, one more at each change of its content. */
export const recordVersion = z.number().int().min(1);

/** A version as an entity tag: `"7"` (strong: the version names exactly one content). */
export const etagOf = (version: number): string => `"${version}"`;

/**
 * The version an `If-Match` header names: undefined without one or for `*` (any version will do);
 * -1 for a tag that is not one of ours, which then matches no version (RFC 9110: 412).
 */
export function versionFromIfMatch(header: string | undefined): number | undefined {
  const value = header?.trim();
  if (!value || value === '*') return undefined;
  const match = /^(?:W\/)?"?(\d{1,9})"?$/.exec(value);
  return match ? Number(match[1]) : -1;
}

/** One field's change: JSON values as the record's answer shows them. */
export const fieldChange = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });
export type FieldChange = z.infer<typeof fieldChange>;

export const revision = z
  .object({
    id: z.number().int(),
    at: z.string(),
    /** Who made it; null for changes made by the system (a job, the command line). */
    actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    /** The audit log's action: `create`, `update`, `block`, `restore-revision`, … */
    action: z.string(),
    /** The record's version right after it. */
    version: recordVersion,
    changes: z.array(fieldChange),
  })
  .meta({ id: 'Revision' });
export type Revision = z.infer<typeof revision>;

/** A record's history, newest first. */
export const revisionsPage = z.object({ items: z.array(revision), count: z.number().int() });
export type RevisionsPage = z.infer<typeof revisionsPage>;

export const revisionParams = z.object({ id: dbId, revisionId: dbId });

/** The kinds of record whose changes are announced live; each is seen by the roles that may read it. */
export const liveResources = ['note', 'plan', 'user', 'promo-series', 'tg-channel', 'tg-category', 'settings'] as const;
export type LiveResource = (typeof liveResources)[number];

/** Who hears of a change to each kind of record: the roles that may read it. */
export const liveResourceRoles: Record<LiveResource, readonly Role[]> = {
  note: ['admin', 'editor'],
  plan: ['admin', 'editor'],
  user: ['admin', 'editor'],
  'promo-series': ['admin', 'editor'],
  'tg-channel': ['admin', 'editor'],
  'tg-category': ['admin', 'editor'],
  settings: ['admin'],
};

/** One event of `GET /api/events` (its `data`); the SSE `id` is the revision's id, for Last-Event-ID. */
export const liveEvent = z.object({
  resource: z.enum(liveResources),
  id: z.number().int(),
  action: z.string(),
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  version: recordVersion,
});
export type LiveEvent = z.infer<typeof liveEvent>;

export const eventTicketAnswer = z.object({ ticket: z.string(), expiresAt: z.string() });
export const eventsQuery = z.object({
  ticket: z.string().min(1).max(200),
  /** The last event seen, for a new stream that replaces a lost one (a new EventSource cannot send Last-Event-ID). */
  lastEventId: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});
