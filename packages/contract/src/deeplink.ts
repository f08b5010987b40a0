/**
 * Where a link sent to the planner app may lead (a push notification's `deeplink`, the promo landing
 * page's APP_PROMO_DEEPLINK). The app opens it as it is, so a `javascript:`, `data:`, `file:` or
 * `intent:` link would run or reach something in the app's context: only the app's own scheme and
 * https are allowed, or a path inside the app.
 *
 * The app's scheme is fixed here, not configured: it is compiled into the planner app, the same
 * for every installation, and the SPA validates with this rule before the API sees the environment.
 */
export const APP_URL_SCHEME = 'planner';

/** `planner://…` and `https://…`; compared with what the URL parser reads, so case and spacing tricks do not pass. */
export const DEEPLINK_PROTOCOLS: readonly string[] = [`${APP_URL_SCHEME}:`, 'https:'];

/** Control characters and whitespace: never in a link, and a way to hide a scheme from a simple check. */
const hasControlOrSpace = (text: string) =>
  /\s/.test(text) || [...text].some((char) => char.charCodeAt(0) < 0x20 || char === '\u007f');

/**
 * An app path (`/plans/3`, not `//host`, which a browser reads as another site) or an absolute
 * `planner://` or `https://` URL.
 */
export function isAllowedDeeplink(value: string): boolean {
  if (value === '' || hasControlOrSpace(value) || value.includes('\\')) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value) || !URL.canParse(value)) return false;
  const url = new URL(value);
  return DEEPLINK_PROTOCOLS.includes(url.protocol) && (url.protocol !== 'https:' || url.hostname !== '');
}

export const DEEPLINK_RULE = 'an app path starting with / or a planner:// or https:// link';
