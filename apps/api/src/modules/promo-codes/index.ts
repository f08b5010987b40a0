/** The promo-codes module's public face: app.ts, the client module and the generation plugin import from here only. */
export { activationService } from './activation-service';
export { type GenerationWorker, startGenerationWorker } from './generation-worker';
export { landingPageRoutes } from './landing-routes';
export { promoCodesRoutes } from './promo-codes-routes';
