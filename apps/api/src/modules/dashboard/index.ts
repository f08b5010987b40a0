/** The dashboard module's public face: routes, and the rollup job's work for the plugin, CLI and seed. */
export { dashboardRoutes } from './dashboard-routes';
export { checkRollups, type RollupDifference, rebuildRollups, refreshRollups } from './rollups';
