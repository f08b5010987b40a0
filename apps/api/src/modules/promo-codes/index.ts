import type { PultModule } from '../../pult-module';
import { codesBlockUndo } from './codes/codes-block-undo';
import { codesRoutes } from './codes/codes-routes';
import { PROMO_GENERATION_JOB, promoGenerationHandler } from './generation/generation-worker';
import { landingPageRoutes } from './landing/landing-routes';
import { promoClientRoutes } from './redemption/client-routes';
import { seriesHistory } from './series/series-history';
import { seriesRoutes } from './series/series-routes';
import { themeRoutes } from './theme/theme-routes';

/**
 * The promo-codes module's public face: what it brings to the app, and the catalog client for the
 * service deps. Its sub-modules, each in the module shape: series/ (series and the catalog client),
 * codes/ (a series' codes for staff), generation/ (the job that makes them), redemption/ (the planner
 * redeems a code), landing/ (the public page) and theme/ (that page's theme).
 */
export { type Catalog, catalogClient } from './series/catalog-client';

export const promoCodesModule: PultModule = {
  name: 'promo-codes',
  routes: [seriesRoutes, codesRoutes, themeRoutes, promoClientRoutes],
  rootRoutes: [landingPageRoutes],
  jobKinds: [PROMO_GENERATION_JOB],
  versioned: [seriesHistory],
  undoable: [codesBlockUndo],
  jobs: ({ db, log }) => [{ kind: PROMO_GENERATION_JOB, handler: promoGenerationHandler(db, log) }],
};
