import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeChat {
  type: 'channel' | 'private' | 'group' | 'supergroup';
  title: string;
  description?: string;
  members: number;
  /** The photo's bytes; its unique id is derived from `photoVersion`. */
  photo?: Buffer;
  photoVersion?: number;
}

/**
 * A stand-in for Telegram's Bot API (outside the product), speaking its HTTP shape: `POST
 * /bot<token>/<method>` with a JSON body, `{ ok, result }` or `{ ok: false, error_code, description }`,
 * and files at `/file/bot<token>/<path>`. The real client code runs against it.
 */
export async function startFakeBotApi(token: string) {
  const chats = new Map<string, FakeChat>();
  const calls: string[] = [];
  let throttle = 0;

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const fail = (code: number, description: string, parameters?: object) =>
      send(code, { ok: false, error_code: code, description, ...(parameters ? { parameters } : {}) });

    const file = url.pathname.match(/^\/file\/bot([^/]+)\/photos\/(.+)\.jpg$/);
    if (file) {
      const chat = chats.get(decodeURIComponent(file[2] ?? ''));
      calls.push(`file ${file[2]}`);
      if (file[1] !== token || !chat?.photo) return fail(404, 'Not Found');
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': chat.photo.length });
      return res.end(chat.photo);
    }
    const match = url.pathname.match(/^\/bot([^/]+)\/(\w+)$/);
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      if (!match) return fail(404, 'Not Found');
      if (match[1] !== token) return fail(401, 'Unauthorized');
      const method = match[2] ?? '';
      const params = JSON.parse(raw || '{}') as { chat_id?: string; file_id?: string };
      calls.push(`${method} ${params.chat_id ?? params.file_id ?? ''}`);
      if (throttle > 0) {
        throttle--;
        return fail(429, 'Too Many Requests: retry after 7', { retry_after: 7 });
      }
      if (method === 'getFile') {
        const username = (params.file_id ?? '').replace(/^photo-/, '');
        return send(200, { ok: true, result: { file_id: params.file_id, file_path: `photos/${username}.jpg` } });
      }
      const username = (params.chat_id ?? '').replace(/^@/, '').toLowerCase();
      const chat = chats.get(username);
      if (!chat) return fail(400, 'Bad Request: chat not found');
      if (method === 'getChat')
        return send(200, {
          ok: true,
          result: {
            id: -100123,
            type: chat.type,
            title: chat.title,
            ...(chat.description ? { description: chat.description } : {}),
            ...(chat.photo
              ? {
                  photo: {
                    small_file_id: `small-${username}`,
                    small_file_unique_id: `s${chat.photoVersion ?? 1}`,
                    big_file_id: `photo-${username}`,
                    big_file_unique_id: `b${username}${chat.photoVersion ?? 1}`,
                  },
                }
              : {}),
          },
        });
      if (method === 'getChatMemberCount') return send(200, { ok: true, result: chat.members });
      return fail(404, 'Not Found: method not found');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    chats,
    calls,
    throttleNext: (count: number) => {
      throttle = count;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
