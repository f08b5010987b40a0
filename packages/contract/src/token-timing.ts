// Token lifetimes without the schemas of auth.ts: the SPA's entry reads them without loading zod.

/** Access tokens live one hour: short enough that a leaked one expires soon, long enough to refresh rarely. */
export const ACCESS_TOKEN_TTL_SECONDS = 3600;
/** The SPA refreshes when fewer than this many milliseconds remain, so a request never races the expiry. */
export const REFRESH_MARGIN_MS = 5000;
