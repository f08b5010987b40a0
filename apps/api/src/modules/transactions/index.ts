/** The transactions module's public face: app.ts imports from here only. */
export { transactionsRoutes } from './transactions-routes';
