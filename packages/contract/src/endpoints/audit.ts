import { z } from 'zod';
import { paged, pageQuery } from '../common';
import { defineEndpoint } from '../endpoint';

/** One entry of the audit log: who did what to which object, the state before and after. */
export const auditEvent = z
  .object({
    id: z.number().int(),
    actorId: z.number().int().nullable(),
    action: z.string(),
    entity: z.string(),
    entityId: z.string().nullable(),
    before: z.unknown(),
    after: z.unknown(),
    ip: z.string().nullable(),
    at: z.string(),
  })
  .meta({ id: 'AuditEvent' });
export type AuditEventEntry = z.infer<typeof auditEvent>;

export const auditEventsPage = paged(auditEvent);

export const auditEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/audit-events',
    operationId: 'listAuditEvents',
    summary: 'The audit log, newest first',
    description: 'Admin only.',
    tag: 'audit',
    access: ['admin'],
    query: pageQuery,
    response: auditEventsPage,
    errors: [],
  }),
};
