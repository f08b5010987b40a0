/** The list-views module's public face: column settings and saved views of the list screens. */
export { listViewsRoutes } from './list-views-routes';
