import webpush from 'web-push';
import { mapLimit, type PushMessage, type PushProvider, type PushResult, retryAfterMs } from './provider';

export interface WebPushOptions {
  publicKey: string;
  privateKey: string;
  subject: string;
  concurrency?: number;
  fetch?: typeof fetch;
}

/**
 * Web Push with VAPID: the device token is the browser's PushSubscription as JSON. `web-push` signs
 * and encrypts (RFC 8291, aes128gcm); we send with our own fetch so a test can point it at a local
 * endpoint. The reminder id is the `Topic`, so a resend replaces the first copy.
 */
export function webPushProvider(options: WebPushOptions): PushProvider {
  const http = options.fetch ?? fetch;

  async function sendOne(message: PushMessage): Promise<PushResult> {
    if (message.platform !== 'web') return { status: 'failed', reason: 'not a web device' };
    let subscription: webpush.PushSubscription;
    try {
      subscription = JSON.parse(message.token);
      if (!subscription?.endpoint || !subscription.keys?.p256dh || !subscription.keys.auth) throw new Error();
    } catch {
      return { status: 'unregistered', reason: 'not a push subscription' };
    }
    const payload = JSON.stringify({
      title: message.title,
      body: message.body,
      deeplink: message.deeplink,
      deliveryId: message.deliveryId,
    });
    const details = webpush.generateRequestDetails(subscription, payload, {
      vapidDetails: { subject: options.subject, publicKey: options.publicKey, privateKey: options.privateKey },
      TTL: 24 * 3600,
      topic: message.collapseKey.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32),
      contentEncoding: 'aes128gcm',
    });
    let response: Response;
    try {
      response = await http(details.endpoint, {
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: details.body ? new Uint8Array(details.body) : null,
      });
    } catch (error) {
      return { status: 'retry', reason: `network: ${error instanceof Error ? error.message : String(error)}` };
    }
    await response.body?.cancel();
    if (response.ok) return { status: 'sent' };
    if (response.status === 404 || response.status === 410)
      return { status: 'unregistered', reason: String(response.status) };
    if (response.status === 429 || response.status >= 500)
      return {
        status: 'retry',
        reason: String(response.status),
        retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
      };
    return { status: 'failed', reason: String(response.status) };
  }

  return {
    name: 'webpush',
    send: (messages) => mapLimit(messages, options.concurrency ?? 64, sendOne),
  };
}
