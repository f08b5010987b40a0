import type { PultModule } from '../../pult-module';
import { agreementsRoutes } from './agreements-routes';
import { agreementsClientRoutes } from './client-routes';

/** The agreements module's public face: what it brings to the app. It imports no other module. */
export const agreementsModule: PultModule = {
  name: 'agreements',
  routes: [agreementsRoutes, agreementsClientRoutes],
};
