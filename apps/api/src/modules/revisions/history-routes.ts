import type { Endpoint } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { revisionsService } from './revisions-service';
import type { VersionedResource } from './versioned-resource';

/** The two history endpoints of a record's contract (`historyEndpoints`), answered for its resource. */
export interface HistoryEndpoints {
  revisions: Endpoint;
  restoreRevision: Endpoint;
}

/** Registers a versioned record's history: `GET …/revisions` and `POST …/revisions/:revisionId/restore`. */
export function historyRoutes(app: FastifyInstance, endpoints: HistoryEndpoints, spec: VersionedResource) {
  route(app, endpoints.revisions, ({ params }, ctx) => revisionsService.list(ctx, spec, (params as { id: number }).id));
  route(app, endpoints.restoreRevision, ({ params }, ctx) => {
    const { id, revisionId } = params as { id: number; revisionId: number };
    return revisionsService.restore(ctx, spec, id, revisionId);
  });
}
