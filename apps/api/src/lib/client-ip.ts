import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** A textual IP PostgreSQL's `inet` accepts, or null (zone ids like `%eth0` are dropped). */
export function validIp(value: string | undefined): string | null {
  if (!value) return null;
  const address = value.trim().replace(/%[\w.-]+$/, '');
  return isIP(address) === 0 ? null : address;
}

/**
 * The client's address for limits, sessions and the audit log: `request.ip` when it is an IP.
 * A trusted proxy may still forward whatever the client wrote (`garbage`, `999.1.1.1`); then the
 * closest address we actually know, the peer's, stands in, so a header can never fail a request.
 */
export function clientIp(request: FastifyRequest): string {
  return validIp(request.ip) ?? validIp(request.socket?.remoteAddress) ?? '0.0.0.0';
}
