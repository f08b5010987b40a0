import { z } from 'zod';
import { dbId } from '../common';
import { defineEndpoint } from '../endpoint';
import { keysetQuery } from '../list-query';
import { locale } from '../locales';

/** One entry of the audit log: who did what to which object, the state before and after. */
export const auditEvent = z
  .object({
    id: z.number().int(),
    actorId: z.number().int().nullable(),
    /** The actor's e-mail now (null for events without an actor). */
    actorEmail: z.string().nullable(),
    action: z.string(),
    entity: z.string(),
    entityId: z.string().nullable(),
    before: z.unknown(),
    after: z.unknown(),
    ip: z.string().nullable(),
    /** The request that wrote it (its X-Request-Id, on the log lines too); null outside a request. */
    requestId: z.string().nullable(),
    at: z.string(),
  })
  .meta({ id: 'AuditEvent' });
export type AuditEventEntry = z.infer<typeof auditEvent>;

/** Actions and entities are kebab-case words (the database holds that shape too). */
const word = z
  .string()
  .trim()
  .max(60)
  .regex(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/);

/** The filters of the viewer and of its export. Dates are inclusive bounds on the event's time. */
export const auditFilters = z.object({
  actorId: dbId.optional(),
  /** Part of the actor's e-mail, any case: «ivanov» finds ivanov@pult.ru. */
  actorEmail: z.string().trim().min(1).max(254).optional(),
  entity: word.optional(),
  entityId: z.string().trim().min(1).max(100).optional(),
  action: word.optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  /** Every event one request wrote: the id from its answer's X-Request-Id or a log line. */
  requestId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._:-]{1,128}$/)
    .optional(),
});
export type AuditFilters = z.infer<typeof auditFilters>;

export const auditListQuery = keysetQuery(
  {
    ...auditFilters.shape,
    /** The `nextCursor` of the previous page: events older than it. */
    cursor: z
      .string()
      .regex(/^\d{1,18}$/)
      .optional(),
  },
  { take: 50 },
);
export type AuditListQuery = z.infer<typeof auditListQuery>;

/** The export names actions, entities and columns in the reader's language. */
export const auditExportQuery = auditFilters.extend({ lang: locale.default('ru') });
export type AuditExportQuery = z.infer<typeof auditExportQuery>;

/**
 * A keyset page: newest first, no total. Counting millions of matching events exactly costs more than
 * the page itself; `nextCursor` is null on the last page.
 */
export const auditEventsPage = z.object({
  items: z.array(auditEvent),
  nextCursor: z.string().nullable(),
});

/** Export at most this many events per file; narrow the filters for more. */
export const AUDIT_EXPORT_MAX = 100_000;

export const auditEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/audit-events',
    operationId: 'listAuditEvents',
    summary: 'The audit log, newest first, filtered, in keyset pages',
    description:
      'Admin only. Filter by actor (id or part of the e-mail), entity (and id), action and time; page with `cursor`.',
    tag: 'audit',
    access: ['admin'],
    query: auditListQuery,
    response: auditEventsPage,
    errors: [],
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/audit-events/export',
    operationId: 'exportAuditEvents',
    summary: 'The filtered audit events as CSV',
    description: `Admin only. Newest first, at most ${AUDIT_EXPORT_MAX} rows; streamed; headers, actions and entities in \`lang\`. Recorded in the audit log.`,
    tag: 'audit',
    access: ['admin'],
    query: auditExportQuery,
    response: 'csv',
    errors: [],
  }),
};
