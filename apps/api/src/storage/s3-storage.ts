import aws4 from 'aws4';
import { assertSafeKey, type Storage } from './storage';

export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  publicUrl?: string;
}

/**
 * An S3-compatible bucket (AWS, Yandex Object Storage, MinIO…), path-style, signed with SigV4.
 * A few signed requests are all Pult needs, so no SDK.
 */
export function s3Storage(config: S3Config): Storage {
  const endpoint = new URL(config.endpoint);
  const base = `${endpoint.origin}${endpoint.pathname.replace(/\/$/, '')}`;

  async function send(method: 'GET' | 'PUT' | 'DELETE', key: string, body?: Buffer, contentType?: string) {
    assertSafeKey(key);
    const path = `${endpoint.pathname.replace(/\/$/, '')}/${config.bucket}/${key}`;
    const headers: Record<string, string> = {};
    if (body) {
      headers['content-type'] = contentType ?? 'application/octet-stream';
      headers['content-length'] = String(body.length);
    }
    const signed = aws4.sign(
      { host: endpoint.host, path, method, service: 's3', region: config.region, headers, body },
      { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    );
    const response = await fetch(`${endpoint.origin}${path}`, {
      method,
      headers: signed.headers as Record<string, string>,
      body: body ? new Uint8Array(body) : undefined,
    });
    if (!response.ok && !(method !== 'PUT' && response.status === 404)) {
      throw new Error(`S3 ${method} ${key} failed: ${response.status} ${(await response.text()).slice(0, 200)}`);
    }
    return response;
  }

  /** One page of ListObjectsV2 (up to 1000 keys) and the token of the next, if any. */
  async function listPage(token?: string): Promise<{ keys: string[]; next?: string }> {
    const query = new URLSearchParams({ 'list-type': '2', ...(token ? { 'continuation-token': token } : {}) });
    const path = `${endpoint.pathname.replace(/\/$/, '')}/${config.bucket}?${query}`;
    const signed = aws4.sign(
      { host: endpoint.host, path, method: 'GET', service: 's3', region: config.region, headers: {} },
      { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    );
    const response = await fetch(`${endpoint.origin}${path}`, { headers: signed.headers as Record<string, string> });
    const text = await response.text();
    if (!response.ok) throw new Error(`S3 list of ${config.bucket} failed: ${response.status} ${text.slice(0, 200)}`);
    const keys = [...text.matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) => unescapeXml(match[1] ?? ''));
    const truncated = /<IsTruncated>true<\/IsTruncated>/.test(text);
    const next = /<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(text)?.[1];
    return { keys, next: truncated && next ? unescapeXml(next) : undefined };
  }

  return {
    async *list() {
      let token: string | undefined;
      do {
        const page = await listPage(token);
        yield* page.keys;
        token = page.next;
      } while (token);
    },
    publicBaseUrl: (config.publicUrl ?? `${base}/${config.bucket}`).replace(/\/$/, ''),
    put: async (key, body, contentType) => {
      await send('PUT', key, body, contentType);
    },
    delete: async (key) => {
      await send('DELETE', key);
    },
    get: async (key) => {
      const response = await send('GET', key);
      return response.status === 404 ? null : Buffer.from(await response.arrayBuffer());
    },
  };
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name] ?? '');
