import type { PultModule } from '../../pult-module';
import { listViewsRoutes } from './list-views-routes';

/** The list-views module's public face: column settings and saved views of the list screens. */
export const listViewsModule: PultModule = { name: 'list-views', routes: [listViewsRoutes] };
