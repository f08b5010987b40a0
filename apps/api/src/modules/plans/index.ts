import type { PultModule } from '../../pult-module';
import { planHistory } from './plan-history';
import { plansRoutes } from './plans-routes';

/** The plans module's public face: other modules import from here only; `all-modules.ts` lists it. */
export const plansModule: PultModule = { name: 'plans', routes: [plansRoutes], versioned: [planHistory] };
