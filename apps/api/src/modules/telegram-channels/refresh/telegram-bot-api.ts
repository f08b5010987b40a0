import { HttpError } from '../../../lib/http-errors';

/** The part of a Bot API `Chat` Pult reads. */
export interface TelegramChat {
  type: 'private' | 'group' | 'supergroup' | 'channel';
  title?: string;
  description?: string;
  photo?: { big_file_id: string; big_file_unique_id: string };
}

/** The Bot API as the refresh sees it: three methods and a file download. */
export interface TelegramBotApi {
  getChat(chatId: string): Promise<TelegramChat>;
  getChatMemberCount(chatId: string): Promise<number>;
  /** The file's bytes, or undefined when it is larger than `maxBytes`. */
  downloadFile(fileId: string, maxBytes: number): Promise<Buffer | undefined>;
}

interface BotAnswer<T> {
  ok: boolean;
  result?: T;
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}

const failed = (message: string) => new HttpError(502, 'TELEGRAM_ERROR', message);

/**
 * What a refusal of Telegram means here. "Chat not found" is how the Bot API answers both a name
 * nobody holds and a private channel (those have no public name); 403 is a channel that shut the
 * bot out. A bad token is our configuration's fault, told apart from Telegram being down by its
 * message only. Messages never carry the URL: it holds the token.
 */
function refusal(method: string, answer: BotAnswer<unknown>, status: number): HttpError {
  const code = answer.error_code ?? status;
  const description = answer.description ?? `HTTP ${status}`;
  if ((code === 400 && /chat not found|username_invalid|username not found/i.test(description)) || code === 403)
    return new HttpError(404, 'TELEGRAM_CHAT_NOT_FOUND', 'Telegram knows no public channel by this name');
  if (code === 429) {
    const wait = Math.max(1, Math.ceil(answer.parameters?.retry_after ?? 30));
    return new HttpError(429, 'RATE_LIMITED', 'Telegram asks to wait', undefined, { 'Retry-After': String(wait) });
  }
  if (code === 401) return failed('Telegram refused the bot token (TELEGRAM_BOT_TOKEN)');
  return failed(`Telegram ${method} failed: ${description}`);
}

/**
 * The Bot API over HTTPS (`{base}/bot{token}/{method}`, files at `{base}/file/bot{token}/{path}`),
 * each call limited to `timeoutMs`. Every failure is an HttpError the refresh passes on as it is.
 */
export function telegramBotApi(token: string, baseUrl: string, timeoutMs = 10_000): TelegramBotApi {
  const base = baseUrl.replace(/\/+$/, '');

  async function call<T>(method: string, params: Record<string, string>): Promise<T> {
    let response: Response;
    let answer: BotAnswer<T>;
    try {
      response = await fetch(`${base}/bot${token}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(params),
        signal: AbortSignal.timeout(timeoutMs),
      });
      answer = (await response.json().catch(() => ({ ok: false }))) as BotAnswer<T>;
    } catch {
      throw failed(`Telegram ${method} did not answer`);
    }
    if (!response.ok || !answer.ok || answer.result === undefined) throw refusal(method, answer, response.status);
    return answer.result;
  }

  async function download(path: string, maxBytes: number): Promise<Buffer | undefined> {
    try {
      const response = await fetch(`${base}/file/bot${token}/${path.split('/').map(encodeURIComponent).join('/')}`, {
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
      const declared = Number(response.headers.get('content-length') ?? 0);
      if (declared > maxBytes) {
        await response.body.cancel();
        return undefined;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of response.body) {
        size += chunk.byteLength;
        if (size > maxBytes) return undefined;
        chunks.push(Buffer.from(chunk));
      }
      return Buffer.concat(chunks);
    } catch {
      throw failed('Telegram file download failed');
    }
  }

  return {
    getChat: (chatId) => call<TelegramChat>('getChat', { chat_id: chatId }),
    getChatMemberCount: (chatId) => call<number>('getChatMemberCount', { chat_id: chatId }),
    async downloadFile(fileId, maxBytes) {
      const file = await call<{ file_path?: string; file_size?: number }>('getFile', { file_id: fileId });
      if (!file.file_path) throw failed('Telegram gave no path for the photo');
      if (file.file_size !== undefined && file.file_size > maxBytes) return undefined;
      return download(file.file_path, maxBytes);
    },
  };
}
