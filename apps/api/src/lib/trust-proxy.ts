import { isIP } from 'node:net';

/**
 * Which peers may tell us the client's address in X-Forwarded-For. Off unless configured: a header
 * anyone can send must not choose the address that per-IP limits and the audit log key on.
 */
export type TrustProxy = false | true | number | string[];

/** proxy-addr's names for whole ranges, accepted as entries of the list. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isAddressOrCidr = (entry: string): boolean => {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const max = family === 4 ? 32 : 128;
  return /^\d+$/.test(bits) ? Number(bits) <= max : family === 4 && isIP(bits) === 4;
};

/**
 * `TRUST_PROXY`: unset/`false` (default) · `true` (every peer: only when nothing but the proxy can
 * reach the server) · a hop count (`1`: the nearest proxy) · a comma list of addresses/CIDRs.
 * Returns an error message for anything else.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | { error: string } {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text) === 0 ? false : Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isAddressOrCidr(entry));
  if (wrong.length > 0) {
    return { error: `not an address, CIDR range, hop count or true/false: ${wrong.join(', ')}` };
  }
  return entries;
}

/**
 * The value for Fastify's `trustProxy`. Fastify refuses to honour a bare hop count (it cannot check
 * the immediate peer), so a count becomes the function proxy-addr documents: trust the nearest
 * `hops` addresses, whoever they are. That is the operator's promise that only the proxy chain
 * can reach the server.
 */
export function fastifyTrustProxy(setting: TrustProxy): boolean | string | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  if (Array.isArray(setting)) return setting.join(',');
  return setting;
}
