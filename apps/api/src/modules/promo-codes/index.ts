import type { PultModule } from '../../pult-module';
import { promoClientRoutes } from './client-routes';
import { PROMO_GENERATION_JOB, promoGenerationHandler } from './generation-worker';
import { landingPageRoutes } from './landing-routes';
import { promoCodesRoutes } from './promo-codes-routes';

/** The promo-codes module's public face: what it brings to the app, and the catalog client for the service deps. */
export { type Catalog, catalogClient } from './catalog-client';

export const promoCodesModule: PultModule = {
  name: 'promo-codes',
  routes: [promoCodesRoutes, promoClientRoutes],
  rootRoutes: [landingPageRoutes],
  jobs: ({ db, log }) => [{ kind: PROMO_GENERATION_JOB, handler: promoGenerationHandler(db, log) }],
};
