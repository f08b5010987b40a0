/**
 * What the SPA needs to know about passkeys besides the API (docs/decisions/0041): a passkey belongs to a
 * domain, so a page opened at another host (the default `http://127.0.0.1:<port>`, whose passkeys live at
 * `http://localhost:<port>`) must send the person there instead of letting the browser refuse.
 */

/** The address to open instead of this page for passkeys of `rpId`, or null when this page will do. */
export function passkeyAddress(rpId: string, path: string): string | null {
  const { hostname, protocol, port } = window.location;
  if (hostname === rpId || hostname.endsWith(`.${rpId}`)) return null;
  return `${protocol}//${rpId}${port ? `:${port}` : ''}${path}`;
}

/** Thrown when this page cannot use the installation's passkeys: the address where it can. */
export class PasskeyElsewhereError extends Error {
  constructor(readonly address: string) {
    super('passkeys live at another address');
    this.name = 'PasskeyElsewhereError';
  }
}

/** The person closed the browser's passkey dialog, or it timed out: no failure worth an alarm. */
export const isPasskeyCancel = (error: unknown): boolean =>
  error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
