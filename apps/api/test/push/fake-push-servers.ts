import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/** One request a fake push service received. */
export interface Received {
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** An answer the test chooses per request: status, JSON body, headers. */
export interface FakeAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * A local HTTP server standing in for a push service: it records every request and answers with
 * what `answer` returns for it (the test switches answers as it goes).
 */
export interface FakeServer {
  url: string;
  received: Received[];
  answer: (request: Received) => FakeAnswer;
  close(): Promise<void>;
}

const bodyOf = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => resolve(Buffer.concat(chunks).toString()));
  });

export async function fakeServer(answer: FakeServer['answer']): Promise<FakeServer> {
  const fake: FakeServer = { url: '', received: [], answer, close: async () => undefined };
  const server: Server = createServer(async (request, response: ServerResponse) => {
    const received = { url: request.url ?? '', headers: request.headers, body: await bodyOf(request) };
    fake.received.push(received);
    const out = fake.answer(received);
    response.writeHead(out.status, { 'content-type': 'application/json', ...out.headers });
    response.end(out.body === undefined ? '' : JSON.stringify(out.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  fake.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}
