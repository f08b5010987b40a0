import { readFileSync } from 'node:fs';
import { importPKCS8, SignJWT } from 'jose';
import { keepAliveFetch } from './keep-alive-fetch';
import { type PushMessage, type PushProvider, type PushResult, retryAfterMs } from './provider';
import { answered, cachedAccessToken, messageData, postJson, sendWithToken } from './provider-http';

export interface FcmCredentials {
  project_id: string;
  client_email: string;
  private_key: string;
  token_uri?: string;
}

export interface FcmOptions {
  credentials: FcmCredentials;
  /** `https://fcm.googleapis.com` unless a test points it at a fake. */
  baseUrl: string;
  concurrency?: number;
  fetch?: typeof fetch;
}

export const readFcmCredentials = (file: string): FcmCredentials => JSON.parse(readFileSync(file, 'utf8'));

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

/**
 * FCM HTTP v1: an OAuth access token from a JWT signed with the service account's key (cached until
 * a minute before it expires), then one `messages:send` per device. The reminder id is the collapse
 * key (Android `collapse_key`, APNs `apns-collapse-id`, Web Push `Topic`).
 */
export function fcmProvider(options: FcmOptions): PushProvider {
  const http = options.fetch ?? keepAliveFetch;
  const { credentials } = options;
  const tokenUri = credentials.token_uri ?? 'https://oauth2.googleapis.com/token';

  const accessToken = cachedAccessToken(async () => {
    const key = await importPKCS8(credentials.private_key, 'RS256');
    const now = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({ scope: SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(credentials.client_email)
      .setAudience(tokenUri)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(key);
    const response = await http(tokenUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
    });
    if (!response.ok) throw new Error(`FCM token endpoint answered ${response.status}`);
    const answer = (await response.json()) as { access_token: string; expires_in?: number };
    return { token: answer.access_token, expiresInSeconds: answer.expires_in };
  });

  const url = `${options.baseUrl.replace(/\/$/, '')}/v1/projects/${credentials.project_id}/messages:send`;

  async function sendOne(message: PushMessage, token: string): Promise<PushResult> {
    const response = await postJson(
      http,
      url,
      { authorization: `Bearer ${token}` },
      {
        message: {
          token: message.token,
          notification: { title: message.title, body: message.body },
          data: messageData(message),
          android: { collapse_key: message.collapseKey },
          apns: { headers: { 'apns-collapse-id': message.collapseKey } },
          webpush: { headers: { Topic: message.collapseKey.replace(/[^A-Za-z0-9_-]/g, '') } },
        },
      },
    );
    if (!answered(response)) return response;
    if (response.ok) {
      await response.body?.cancel();
      return { status: 'sent' };
    }
    const text = await response.text();
    const code = /"errorCode":\s*"([A-Z_]+)"/.exec(text)?.[1] ?? /"status":\s*"([A-Z_]+)"/.exec(text)?.[1] ?? '';
    if (response.status === 404 || response.status === 410 || code === 'UNREGISTERED')
      return { status: 'unregistered', reason: code || String(response.status) };
    if (response.status === 429 || response.status >= 500)
      return {
        status: 'retry',
        reason: `${response.status}${code ? ` ${code}` : ''}`,
        retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
      };
    if (response.status === 401) accessToken.forget();
    return { status: 'failed', reason: `${response.status}${code ? ` ${code}` : ''}` };
  }

  return {
    name: 'fcm',
    send: (messages) => sendWithToken(messages, accessToken.get, options.concurrency ?? 64, sendOne),
  };
}
