import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { type ErrorCode, genericErrorCode } from '@pult/contract';
import type { FastifyBaseLogger } from 'fastify';
import { REQUEST_ID_HEADER } from './request-id';

/**
 * The answers written outside Fastify's routing (a body or headers that arrive too slowly, a request
 * Node cannot parse, the drain at shutdown) in the same shape as every other error, with the
 * request's id in `X-Request-Id` (docs/decisions/0033), so a client or a proxy log sees nothing
 * different about them.
 */
export function errorBody(status: number, message: string, code: ErrorCode = genericErrorCode(status)): string {
  return JSON.stringify({ statusCode: status, error: STATUS_CODES[status] ?? 'Error', code, message });
}

/** The whole answer as bytes for a socket: headers, `Connection: close`, the error body. */
export function rawErrorAnswer(status: number, message: string, requestId: string): string {
  const body = errorBody(status, message);
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    `${headerName(REQUEST_ID_HEADER)}: ${requestId}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

const headerName = (lower: string) => lower.replace(/(^|-)[a-z]/g, (part) => part.toUpperCase());

/** What a request Node could not take in is told, by the status Node would have used. */
const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request did not arrive in time' },
  HPE_HEADER_OVERFLOW: { status: 431, message: 'The request headers are too large' },
};

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before any request exists (headers
 * that never end, malformed HTTP, headers too large). Fastify's default writes a body of its own shape
 * without our `code` or a request id; this writes the one error shape with a new id, which the log
 * line carries too (the request never had one: its headers did not arrive).
 */
export function answerClientError(log: FastifyBaseLogger) {
  return (error: Error & { code?: string }, socket: Socket): void => {
    // A reset connection has nobody to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const { status, message } = CLIENT_ERRORS[error.code ?? ''] ?? { status: 400, message: 'Malformed HTTP request' };
    const requestId = randomUUID();
    log.info({ reqId: requestId, status, reason: error.code }, 'request refused before its headers were read');
    if (socket.writable) socket.end(rawErrorAnswer(status, message, requestId), () => socket.destroy());
    else socket.destroy();
  };
}
