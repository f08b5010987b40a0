/** The promo-codes module's public face: app.ts, the client module and the jobs plugin import from here only. */
export { activationService } from './activation-service';
export { PROMO_GENERATION_JOB, promoGenerationHandler } from './generation-worker';
export { landingPageRoutes } from './landing-routes';
export { promoCodesRoutes } from './promo-codes-routes';
