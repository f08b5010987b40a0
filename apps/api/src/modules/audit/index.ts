/** The audit module's public face: app.ts imports from here only. */
export { auditRoutes } from './audit-routes';
