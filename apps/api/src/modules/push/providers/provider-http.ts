import { mapLimit, type PushMessage, type PushResult } from './provider';

/**
 * An OAuth access token kept until a minute before it expires; however many sends wait for it, one
 * request fetches it. `forget()` drops it after the provider refused it (401), so the next send asks again.
 */
export function cachedAccessToken(fetchToken: () => Promise<{ token: string; expiresInSeconds?: number }>) {
  let cached: { token: string; until: number } | undefined;
  let pending: Promise<string> | undefined;
  return {
    get(): Promise<string> {
      if (cached && cached.until > Date.now()) return Promise.resolve(cached.token);
      pending ??= fetchToken()
        .then(({ token, expiresInSeconds = 3600 }) => {
          cached = { token, until: Date.now() + (expiresInSeconds - 60) * 1000 };
          return token;
        })
        .finally(() => {
          pending = undefined;
        });
      return pending;
    },
    forget(): void {
      cached = undefined;
    },
  };
}

/**
 * Sends each message with the access token, at most `concurrency` at once. Without a token (the token
 * endpoint down or refusing) every message is retried later with the reason, none is lost.
 */
export async function sendWithToken(
  messages: PushMessage[],
  accessToken: () => Promise<string>,
  concurrency: number,
  sendOne: (message: PushMessage, token: string) => Promise<PushResult>,
): Promise<PushResult[]> {
  if (messages.length === 0) return [];
  let token: string;
  try {
    token = await accessToken();
  } catch (error) {
    const reason = `auth: ${error instanceof Error ? error.message : String(error)}`;
    return messages.map(() => ({ status: 'retry' as const, reason }));
  }
  return mapLimit(messages, concurrency, (message) => sendOne(message, token));
}

/** The data every provider's message carries for the app: the collapse key, the delivery to report opened, the deeplink. */
export function messageData(message: PushMessage, extra: Record<string, string> = {}): Record<string, string> {
  const data: Record<string, string> = { collapseKey: message.collapseKey, ...extra };
  if (message.deliveryId !== null) data.deliveryId = String(message.deliveryId);
  if (message.deeplink) data.deeplink = message.deeplink;
  return data;
}

/** A request that never got an answer (refused, reset, timed out) is tried again later. */
export const networkRetry = (error: unknown): PushResult => ({
  status: 'retry',
  reason: `network: ${error instanceof Error ? error.message : String(error)}`,
});

/** Whether `postJson` got an answer (a Response of whatever fetch the provider was given), not a retry. */
export const answered = (outcome: Response | PushResult): outcome is Response => 'headers' in outcome;

/**
 * POSTs a JSON body and answers the Response, or the retry result when no answer came; the providers
 * then read the answer each in its own terms.
 */
export async function postJson(
  http: typeof fetch,
  url: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<Response | PushResult> {
  try {
    return await http(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  } catch (error) {
    return networkRetry(error);
  }
}
