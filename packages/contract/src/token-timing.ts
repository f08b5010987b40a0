// Token lifetimes without the schemas of auth.ts: the SPA's entry reads them without loading zod.

/** Access tokens live one hour: short enough that a leaked one expires soon, long enough to refresh rarely. */
export const ACCESS_TOKEN_TTL_SECONDS = 3600;
/** The SPA refreshes when fewer than this many milliseconds remain, so a request never races the expiry. */
export const REFRESH_MARGIN_MS = 5000;

/**
 * The request header a page sends, with the value `1`, on the requests it makes on its own (a poll of
 * running work, a presence beat, the live stream's ticket): they are served, but are not the session's
 * activity, so a page left open does not keep a staff session from its idle time-out (decision 0044).
 */
export const BACKGROUND_HEADER = 'Pult-Background';
