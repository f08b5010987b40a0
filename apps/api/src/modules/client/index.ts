/** The client module's public face: app.ts imports from here only. */
export { clientRoutes } from './client-routes';
