import type { PultModule } from '../../pult-module';
import { eventsRoutes } from './events-routes';
import { presenceRoutes } from './presence-routes';

export { presenceService } from './presence-service';

/** Live changes of the records staff edit, as Server-Sent Events, and who has each record open (docs/decisions/0036, 0043). */
export const eventsModule: PultModule = { name: 'events', routes: [eventsRoutes, presenceRoutes] };
