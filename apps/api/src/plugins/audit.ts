import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { allModules } from '../all-modules';
import type { Db } from '../db/client';
import { auditEvents } from '../db/schema';
import { clientIp } from '../lib/client-ip';
import type { AuditEvent } from '../lib/service-context';
import { revisionsService, type VersionedResource } from '../modules/revisions';

/**
 * The audit log: every staff mutation with actor, before/after, IP, time and the request's id.
 * Call `request.audit(event, tx)` inside the mutation's transaction so both land or neither. An event
 * about a versioned record (a module's `versioned`) also becomes a revision of it, in the same
 * transaction, which announces the change to live streams when it commits (docs/decisions/0036).
 */
export const auditPlugin = fp(
  async (app: FastifyInstance) => {
    const versioned = new Map<string, VersionedResource>(
      allModules.flatMap((module) => module.versioned ?? []).map((spec) => [spec.resource, spec]),
    );
    app.decorateRequest('audit', async function (this: import('fastify').FastifyRequest, event: AuditEvent, tx?: Db) {
      const actorId = event.actorId !== undefined ? event.actorId : (this.principal?.userId ?? null);
      const at = app.clock.now();
      const write = async (db: Db) => {
        await db.insert(auditEvents).values({
          actorId,
          action: event.action,
          entity: event.entity,
          entityId: event.entityId == null ? null : String(event.entityId),
          before: event.before ?? null,
          after: event.after ?? null,
          ip: clientIp(this),
          // The same id as the request's log lines and its X-Request-Id header (lib/request-id.ts).
          requestId: this.id,
          at,
        });
        const spec = versioned.get(event.entity);
        if (spec && event.entityId != null) await revisionsService.recordAudited(db, spec, event, actorId, at);
      };
      // Both rows or neither: without the caller's transaction, one of their own.
      await (tx ? write(tx) : versioned.has(event.entity) ? app.db.transaction(write) : write(app.db));
    });
  },
  { name: 'audit', dependencies: ['db'] },
);
