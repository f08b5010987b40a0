import { createServer as createHttpServer } from 'node:http';
import { createServer, connect as tcpConnect } from 'node:net';
import { parseArgs } from 'node:util';

/**
 * A TCP proxy between one Pult server and PostgreSQL that counts the statements the server sends:
 * a simple Query ('Q') or an Execute ('E') of the extended protocol, by text. pg_stat_statements is
 * not loaded on the bench machine, and pg_stat_database counts every client of the database; this
 * counts one server's. Start it, then the server with DATABASE_URL on the proxy's port:
 *
 *   node --import tsx bench/src/pg-statement-counter.ts --listen 5499 --target 127.0.0.1:5432 --http 5498
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5499/pult_bench … node --import tsx apps/api/src/server.ts
 *
 * `GET http://127.0.0.1:5498/` answers `{ statements, byText }` so far (each text without its leading
 * comment, cut to 120 characters).
 */
const { values } = parseArgs({
  options: {
    listen: { type: 'string', default: '5499' },
    target: { type: 'string', default: '127.0.0.1:5432' },
    http: { type: 'string', default: '5498' },
  },
});
const [targetHost = '127.0.0.1', targetPort = '5432'] = values.target.split(':');
const SSL_REQUEST = 80_877_103;

let statements = 0;
const byText = new Map<string, number>();
const count = (text: string) => {
  statements += 1;
  // Without the request's id comment (lib/request-id.ts), so one kind of statement is one entry.
  const key = text
    .replace(/^\s*\/\*.*?\*\/\s*/s, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  byText.set(key, (byText.get(key) ?? 0) + 1);
};

/** Reads the client's messages as they pass: untyped until the startup message, typed after. */
function frontendReader() {
  let buffer = Buffer.alloc(0);
  let started = false;
  const prepared = new Map<string, string>();
  let portalText = '';
  const cString = (data: Buffer, from: number): [string, number] => {
    const end = data.indexOf(0, from);
    return [data.toString('utf8', from, end), end + 1];
  };
  return (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      if (!started) {
        if (buffer.length < 8) return;
        const length = buffer.readInt32BE(0);
        if (buffer.length < length) return;
        // An SSL or GSS request is answered with one byte and followed by the startup message.
        started = buffer.readInt32BE(4) < SSL_REQUEST;
        buffer = buffer.subarray(length);
        continue;
      }
      if (buffer.length < 5) return;
      const type = String.fromCharCode(buffer[0] ?? 0);
      const length = buffer.readInt32BE(1);
      if (buffer.length < length + 1) return;
      const body = buffer.subarray(5, length + 1);
      if (type === 'Q') count(cString(body, 0)[0]);
      else if (type === 'P') {
        const [name, at] = cString(body, 0);
        prepared.set(name, cString(body, at)[0]);
      } else if (type === 'B') {
        const [, at] = cString(body, 0);
        portalText = prepared.get(cString(body, at)[0]) ?? '(unknown prepared statement)';
      } else if (type === 'E') count(portalText);
      buffer = buffer.subarray(length + 1);
    }
  };
}

createServer((client) => {
  const server = tcpConnect(Number(targetPort), targetHost);
  const read = frontendReader();
  client.on('data', (chunk) => {
    read(chunk);
    server.write(chunk);
  });
  server.pipe(client);
  const end = () => {
    client.destroy();
    server.destroy();
  };
  client.on('error', end).on('close', end);
  server.on('error', end).on('close', end);
}).listen(Number(values.listen), '127.0.0.1');

createHttpServer((_, res) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ statements, byText: Object.fromEntries(byText) }));
}).listen(Number(values.http), '127.0.0.1');

console.log(
  `counting statements on 127.0.0.1:${values.listen} → ${values.target}; counts on http://127.0.0.1:${values.http}/`,
);
