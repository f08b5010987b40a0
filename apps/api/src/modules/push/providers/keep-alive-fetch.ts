import http from 'node:http';
import https from 'node:https';

/** Connections kept open between batches: a push to a million phones is a million requests to one host. */
const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };
/** An answer slower than this is a network failure: the message is retried later, the batch goes on. */
const TIMEOUT_MS = 30_000;

/**
 * `fetch`'s shape over `node:http` with a keep-alive agent, for the push providers' calls (a JSON or form
 * body, a whole answer read at once). Node's `fetch` spent 0.66-0.81 ms of CPU a request against the
 * bench's fake service, this 0.33 ms (5,000 requests, 64 in flight: 1,184/s against 2,701/s on a quiet
 * machine), and at RuStore's one request per message that CPU was what capped a push.
 */
export const keepAliveFetch = ((input: string | URL, init: RequestInit = {}) =>
  new Promise<Response>((resolve, reject) => {
    const url = new URL(String(input));
    const body = init.body === undefined || init.body === null ? undefined : String(init.body);
    const headers: Record<string, string> = { ...(init.headers as Record<string, string> | undefined) };
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    const agent = url.protocol === 'https:' ? agents['https:'] : agents['http:'];
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, { method: init.method ?? 'GET', headers, agent }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('error', reject);
      answer.on('end', () => {
        const answerHeaders = new Headers();
        for (const [name, value] of Object.entries(answer.headers))
          if (value !== undefined) answerHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
        const status = answer.statusCode ?? 502;
        const bytes = status === 204 || status === 304 ? null : new Uint8Array(Buffer.concat(chunks));
        resolve(new Response(bytes, { status, headers: answerHeaders }));
      });
    });
    request.setTimeout(TIMEOUT_MS, () => request.destroy(new Error(`no answer in ${TIMEOUT_MS / 1000} s`)));
    request.on('error', reject);
    request.end(body);
  })) as typeof fetch;
