import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { auditEvents } from '../db/schema';
import { clientIp } from '../lib/client-ip';
import type { AuditEvent } from '../lib/service-context';

/**
 * The audit log: every staff mutation with actor, before/after, IP, time and the request's id.
 * Call `request.audit(event, tx)` inside the mutation's transaction so both land or neither.
 */
export const auditPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('audit', async function (this: import('fastify').FastifyRequest, event: AuditEvent, tx?: Db) {
      await (tx ?? app.db).insert(auditEvents).values({
        actorId: event.actorId !== undefined ? event.actorId : (this.principal?.userId ?? null),
        action: event.action,
        entity: event.entity,
        entityId: event.entityId == null ? null : String(event.entityId),
        before: event.before ?? null,
        after: event.after ?? null,
        ip: clientIp(this),
        // The same id as the request's log lines and its X-Request-Id header (lib/request-id.ts).
        requestId: this.id,
        at: app.clock.now(),
      });
    });
  },
  { name: 'audit', dependencies: ['db'] },
);
