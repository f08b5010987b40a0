import { keepAliveFetch } from './keep-alive-fetch';
import { mapLimit, type PushMessage, type PushProvider, type PushResult, retryAfterMs } from './provider';
import { answered, messageData, postJson } from './provider-http';

export interface RuStoreOptions {
  projectId: string;
  /** The service token from the RuStore console; sent as the bearer, it does not expire on its own. */
  serviceToken: string;
  /** `https://vkpns.rustore.ru` unless a test points it at a fake. */
  baseUrl: string;
  /**
   * Requests in flight at once (256 unless set). RuStore documents no request rate for `messages:send`; a
   * 429 or 503 is retried after its `Retry-After`. One request a message: at 64 in flight and 20 ms an
   * answer, a batch's 600 messages took 10 round trips.
   */
  concurrency?: number;
  fetch?: typeof fetch;
}

/**
 * RuStore Push (VK): an FCM-compatible `POST /v1/projects/{id}/messages:send`, one token per request,
 * authorised by the project's service token. Its errors are FCM's shape (`{ error: { code, message,
 * status } }`): 404 NOT_FOUND or UNREGISTERED is a dead token, 429 and 5xx are retried (after
 * `Retry-After` when given), 400 INVALID_ARGUMENT and 403 fail the message with the reason.
 */
export function ruStoreProvider(options: RuStoreOptions): PushProvider {
  const http = options.fetch ?? keepAliveFetch;
  const url = `${options.baseUrl.replace(/\/$/, '')}/v1/projects/${encodeURIComponent(options.projectId)}/messages:send`;

  async function sendOne(message: PushMessage): Promise<PushResult> {
    const notification = { title: message.title, body: message.body };
    const response = await postJson(
      http,
      url,
      { authorization: `Bearer ${options.serviceToken}` },
      {
        message: {
          token: message.token,
          notification,
          data: messageData(message, { category: message.category }),
          android: {
            ttl: '86400s',
            notification: message.deeplink
              ? { ...notification, click_action: message.deeplink, click_action_type: 1 }
              : notification,
          },
        },
      },
    );
    if (!answered(response)) return response;
    if (response.ok) {
      await response.body?.cancel();
      return { status: 'sent' };
    }
    const text = await response.text();
    const code = /"status":\s*"([A-Z_]+)"/.exec(text)?.[1] ?? '';
    const reason = `${response.status}${code ? ` ${code}` : ''}`;
    if (response.status === 404 || response.status === 410 || code === 'UNREGISTERED' || code === 'NOT_FOUND')
      return { status: 'unregistered', reason: code || String(response.status) };
    if (response.status === 429 || response.status >= 500)
      return { status: 'retry', reason, retryAfterMs: retryAfterMs(response.headers.get('retry-after')) };
    const detail = /"message":\s*"([^"]{1,200})"/.exec(text)?.[1];
    return { status: 'failed', reason: detail ? `${reason}: ${detail}` : reason };
  }

  return {
    name: 'rustore',
    send: (messages) => mapLimit(messages, options.concurrency ?? 256, sendOne),
  };
}
