import { keepAliveFetch } from './keep-alive-fetch';
import { type PushMessage, type PushProvider, type PushResult, retryAfterMs } from './provider';
import { answered, cachedAccessToken, messageData, postJson, sendWithToken } from './provider-http';

export interface HmsOptions {
  /** The app id (OAuth client id) from AppGallery Connect. */
  appId: string;
  clientSecret: string;
  /** `https://push-api.cloud.huawei.com` unless a test points it at a fake. */
  baseUrl: string;
  /** `https://oauth-login.cloud.huawei.com/oauth2/v3/token` unless a test points it at a fake. */
  tokenUrl: string;
  /** HMS sets the QPS per app (its quota in AppGallery Connect); 503 when it is exceeded. */
  concurrency?: number;
  fetch?: typeof fetch;
}

/** Push Kit's result codes that mean something other than "failed with this reason". */
const SUCCESS = '80000000';
const PARTIAL = '80100000';
const ALL_TOKENS_INVALID = '80300007';
const AUTH_FAILED = new Set(['80200001', '80200003']);
const INTERNAL = '81000001';

/**
 * Huawei Push Kit: an OAuth access token by client credentials (cached until a minute before it
 * expires, one request for it however many sends wait), then `POST /v1/{appId}/messages:send` with one
 * token per message (the delivery id travels in its data). The answer's `code` says what happened:
 * 80000000 sent; 80300007, or 80100000 naming the token among `illegal_tokens`, a dead token; an OAuth
 * code drops the cached token and retries; 81000001 and HTTP 503 (the app's QPS exceeded) and 429 are
 * retried after `Retry-After` when given; any other code fails the message with it. Advertising goes as
 * `MARKETING`, which HMS delivers at most twice a device a day; a service push carries no category, so
 * the app's self-classification registered with Huawei decides it (unregistered: marketing too).
 */
export function hmsProvider(options: HmsOptions): PushProvider {
  const http = options.fetch ?? keepAliveFetch;
  const accessToken = cachedAccessToken(async () => {
    const response = await http(options.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: options.appId,
        client_secret: options.clientSecret,
      }),
    });
    if (!response.ok) throw new Error(`HMS token endpoint answered ${response.status}`);
    const answer = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!answer.access_token) throw new Error('HMS token endpoint gave no access_token');
    return { token: answer.access_token, expiresInSeconds: answer.expires_in };
  });

  const url = `${options.baseUrl.replace(/\/$/, '')}/v1/${encodeURIComponent(options.appId)}/messages:send`;

  async function sendOne(message: PushMessage, token: string): Promise<PushResult> {
    const data = messageData(message, { category: message.category });
    const clickAction = message.deeplink ? { type: 1, intent: message.deeplink } : { type: 3 };
    const response = await postJson(
      http,
      url,
      { authorization: `Bearer ${token}`, 'content-type': 'application/json;charset=utf-8' },
      {
        validate_only: false,
        message: {
          token: [message.token],
          data: JSON.stringify(data),
          android: {
            ...(message.category === 'advertising' ? { category: 'MARKETING' } : {}),
            ttl: '86400s',
            notification: {
              title: message.title,
              body: message.body,
              click_action: clickAction,
              tag: message.collapseKey,
            },
          },
        },
      },
    );
    if (!answered(response)) return response;
    const text = await response.text();
    let answer: { code?: string; msg?: string } = {};
    try {
      answer = JSON.parse(text);
    } catch {
      // A proxy's HTML page or an empty 503: the HTTP status alone decides below.
    }
    const code = answer.code ?? '';
    const reason = `${response.status}${code ? ` ${code}` : ''}${answer.msg && code !== SUCCESS ? ` ${answer.msg.slice(0, 200)}` : ''}`;
    if (response.ok && code === SUCCESS) return { status: 'sent' };
    if (code === ALL_TOKENS_INVALID) return { status: 'unregistered', reason: code };
    if (code === PARTIAL) {
      // One token per request: a partial success names it among the illegal tokens.
      return (answer.msg ?? '').includes(message.token) ? { status: 'unregistered', reason: code } : { status: 'sent' };
    }
    if (AUTH_FAILED.has(code) || response.status === 401) {
      accessToken.forget();
      return { status: 'retry', reason };
    }
    if (code === INTERNAL || response.status === 429 || response.status >= 500)
      return { status: 'retry', reason, retryAfterMs: retryAfterMs(response.headers.get('retry-after')) };
    return { status: 'failed', reason };
  }

  return {
    name: 'hms',
    send: (messages) => sendWithToken(messages, accessToken.get, options.concurrency ?? 32, sendOne),
  };
}
