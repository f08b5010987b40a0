import { createServer } from 'node:http';
import { parseArgs } from 'node:util';

/**
 * A stand-in for a push service's `messages:send` (FCM HTTP v1 and RuStore share its shape; the token
 * endpoint answers too) for the push benches: it answers every message 200 after `--latency-ms`, as a
 * service across the network would, and counts them. Run it beside the server:
 *   npx tsx bench/src/fake-push-service.ts --port 4010 --latency-ms 20
 * and point the provider at it (RUSTORE_BASE_URL=http://127.0.0.1:4010, FCM_BASE_URL=…).
 */
const { values } = parseArgs({
  options: { port: { type: 'string', default: '4010' }, 'latency-ms': { type: 'string', default: '20' } },
});
const latencyMs = Number(values['latency-ms']);
let messages = 0;
let first = 0;
let last = 0;

const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    if (request.url?.endsWith('/token')) {
      response.end(JSON.stringify({ access_token: 'bench', expires_in: 3600 }));
      return;
    }
    const now = Date.now();
    first ||= now;
    last = now;
    messages += 1;
    setTimeout(() => response.end(`{"name":"projects/bench/messages/${messages}"}`), latencyMs);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(Number(values.port), '127.0.0.1', () =>
  console.log(`fake push service on http://127.0.0.1:${values.port}, ${latencyMs} ms a message`),
);

const report = () => {
  const seconds = (last - first) / 1000;
  console.log(`${messages} messages in ${seconds.toFixed(1)} s: ${seconds > 0 ? Math.round(messages / seconds) : 0}/s`);
};
process.on('SIGTERM', () => {
  report();
  process.exit(0);
});
process.on('SIGINT', () => {
  report();
  process.exit(0);
});
