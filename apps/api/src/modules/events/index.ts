import type { PultModule } from '../../pult-module';
import { eventsRoutes } from './events-routes';

/** Live changes of the records staff edit, as Server-Sent Events (docs/decisions/0036). */
export const eventsModule: PultModule = { name: 'events', routes: [eventsRoutes] };
