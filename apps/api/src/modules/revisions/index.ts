export { historyRoutes } from './history-routes';
export { asJson, restorable } from './record-changes';
export { EVENTS_CHANNEL, revisionsRepository } from './revisions-repository';
export { revisionsService } from './revisions-service';
export type { RecordState, VersionedResource } from './versioned-resource';
