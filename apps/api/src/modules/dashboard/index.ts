import type { PultModule } from '../../pult-module';
import { dashboardRoutes } from './dashboard-routes';

/** The dashboard module's public face: routes, and the rollup job's work for the plugin, CLI and seed. */
export { refreshCohorts } from './cohort-rollup';
export { checkRollups, type RollupDifference, rebuildRollups, refreshRollups } from './rollups';

export const dashboardModule: PultModule = { name: 'dashboard', routes: [dashboardRoutes] };
