import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitSlowRequests } from '../../src/lib/slow-requests';
import { buildTestApp, type TestApp } from '../helpers/test-app';
import { testDbKind } from '../helpers/test-database';

/**
 * Slow clients against a listening server, over real sockets (inject has none). The limits are a
 * second for the headers and for the body, whose deadline each 1000 bytes received push one second
 * further; the start wires the same function to REQUEST_HEADERS_TIMEOUT, REQUEST_BODY_TIMEOUT and
 * REQUEST_BODY_MIN_RATE (shutdown.test.ts starts the server the README's way with them).
 */
let t: TestApp;
let port = 0;

/** A connection that collects what the server sends and says when the server closed it. */
function open(): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    let received = '';
    const socket = connect(port, '127.0.0.1');
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.on('data', (chunk) => {
      received += chunk;
    });
    socket.on('error', () => undefined);
    socket.once('connect', () => resolve({ socket, received: () => received, closed }));
    socket.once('error', reject);
  });
}

const requestHead = (path: string, length: number, requestId?: string) =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n${
    requestId ? `X-Request-Id: ${requestId}\r\n` : ''
  }\r\n`;

/** The head and the parsed body of an error answer written on the socket. */
const errorAnswer = (received: string) => {
  const [head = '', body = ''] = received.split('\r\n\r\n');
  return { head, body: JSON.parse(body) as unknown };
};

/** Writes `body` in `pieces` chunks, `everyMs` apart, until done or the socket is closed. */
async function trickle(socket: Socket, body: string, pieces: number, everyMs: number) {
  const size = Math.ceil(body.length / pieces);
  for (let at = 0; at < body.length && !socket.destroyed; at += size) {
    socket.write(body.slice(at, at + size));
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

// Socket handling does not depend on the engine: once, in the PGlite pass.
describe.skipIf(testDbKind === 'postgres')('slow requests', () => {
  beforeAll(async () => {
    t = await buildTestApp({
      extend: (app: FastifyInstance) => {
        app.post('/test/length', async (request) => ({ length: JSON.stringify(request.body).length }));
        // An answer that streams for longer than the body limit, after a quick request.
        app.post('/test/slow-answer', async (_request, reply) => {
          reply.raw.writeHead(200, { 'content-type': 'text/plain' });
          for (let i = 0; i < 6; i++) {
            reply.raw.write(`line ${i}\n`);
            await new Promise((resolve) => setTimeout(resolve, 400));
          }
          reply.raw.end('done\n');
          return reply;
        });
      },
    });
    limitSlowRequests(t.app.server, { headersMs: 1000, bodyMs: 1000, bodyBytesPerSecond: 1000 }, t.app.log);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(() => t.close());

  it('a body trickling in a byte at a time is answered 408 in the error shape and the connection closed', async () => {
    const client = await open();
    client.socket.write(requestHead('/api/users/signin', 100_000, 'slow-body-1'));
    // At most 60 bytes, 100 ms apart: far slower than 1000 bytes a second, and ended by the test itself.
    await Promise.race([trickle(client.socket, 'x'.repeat(60), 60, 100), client.closed]);
    await client.closed;
    const [head = '', body = ''] = client.received().split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 408 /);
    expect(head.toLowerCase()).toContain('connection: close');
    // The id the caller sent comes back, as on every other answer (docs/decisions/0033).
    expect(head).toContain('X-Request-Id: slow-body-1');
    expect(JSON.parse(body)).toEqual({
      statusCode: 408,
      error: 'Request Timeout',
      code: 'REQUEST_TIMEOUT',
      message: expect.any(String),
    });
  });

  it('headers that never end are answered 408 and the connection closed', async () => {
    const client = await open();
    client.socket.write('GET /api/users/me HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await client.closed;
    const { head, body } = errorAnswer(client.received());
    expect(head).toMatch(/^HTTP\/1\.1 408 /);
    // Node refuses these before a request exists: the answer is still the one error shape, with a new id.
    expect(head).toMatch(/\r\nX-Request-Id: [0-9a-f-]{36}\r\n/);
    expect(body).toEqual({
      statusCode: 408,
      error: 'Request Timeout',
      code: 'REQUEST_TIMEOUT',
      message: expect.any(String),
    });
  });

  it("malformed HTTP is answered 400 in the error shape, not Fastify's own body", async () => {
    const client = await open();
    client.socket.write('GET /api/users/me HTTP/1.1\r\nHost 127.0.0.1\r\n\r\n');
    await client.closed;
    const { head, body } = errorAnswer(client.received());
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head).toMatch(/\r\nX-Request-Id: [0-9a-f-]{36}\r\n/);
    expect(body).toEqual({ statusCode: 400, error: 'Bad Request', code: 'BAD_REQUEST', message: expect.any(String) });
  });

  it('a body that keeps up the rate may take longer than the limit', async () => {
    const body = JSON.stringify({ data: 'y'.repeat(20_000) });
    const client = await open();
    client.socket.write(requestHead('/test/length', body.length));
    // Ten pieces of 2 kB, 150 ms apart: 1.5 s in all, each piece buying two more seconds.
    await trickle(client.socket, body, 10, 150);
    while (!client.received().includes('}')) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(client.received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(client.received()).toContain(`{"length":${body.length}}`);
    client.socket.destroy();
  });

  it('an answer may stream for longer than the limit once the request is in', async () => {
    const client = await open();
    client.socket.write(`${requestHead('/test/slow-answer', 2)}{}`);
    while (!client.received().includes('done')) {
      if (client.socket.destroyed) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(client.received()).toMatch(/^HTTP\/1\.1 200 /);
    // Chunked: each write is its own chunk.
    expect(client.received()).toContain('line 5\n');
    expect(client.received()).toContain('done\n');
    client.socket.destroy();
  });
});
