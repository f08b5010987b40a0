/** The plans module's public face: other modules and app.ts import from here only. */
export { plansRoutes } from './plans-routes';
