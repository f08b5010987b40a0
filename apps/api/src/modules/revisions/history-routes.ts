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

/**
 * Registers a versioned record's history: `GET …/revisions` and `POST …/revisions/:revisionId/restore`.
 * `singleId`: the id of a record there is one of, whose path has none (the settings: 1).
 */
export function historyRoutes(
  app: FastifyInstance,
  endpoints: HistoryEndpoints,
  spec: VersionedResource,
  singleId?: number,
) {
  const idOf = (params: unknown) => singleId ?? (params as { id: number }).id;
  route(app, endpoints.revisions, ({ params }, ctx) => revisionsService.list(ctx, spec, idOf(params)));
  route(app, endpoints.restoreRevision, ({ params }, ctx) =>
    revisionsService.restore(ctx, spec, idOf(params), (params as { revisionId: number }).revisionId),
  );
}
