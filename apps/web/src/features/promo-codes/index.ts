// The promo-codes feature's public face. The root chunk imports this file (for the screen loaders), so it
// re-exports nothing that would bring code the sign-in pages do not need (the code lookup needs the
// contract's schemas, so it comes through a loader).
export { promoKeys } from './api/keys';

export const loadPromoCodesPage = () => import('./routes/promo-codes').then((m) => ({ default: m.PromoCodesPage }));
export const loadPromoSeriesPage = () => import('./routes/promo-series').then((m) => ({ default: m.PromoSeriesPage }));
/** One code by its exact value, in whichever series; null when no series has it or the text cannot be a code. */
export const lookupCode = (code: string, signal?: AbortSignal) =>
  import('./api/code-lookup').then((m) => m.lookupCode(code, signal));
