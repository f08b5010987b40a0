/** The agreements module's public face. It imports no other module; `client` records consents through it. */
export { agreementsRoutes } from './agreements-routes';
export { agreementsService, contentHash } from './agreements-service';
