import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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

  /** A body sent from a file: its length and SHA-256 are signed, its bytes streamed. */
  type Spooled = { path: string; length: number; sha256: string };

  async function send(method: 'GET' | 'PUT' | 'DELETE', key: string, body?: Buffer | Spooled, contentType?: string) {
    assertSafeKey(key);
    const path = `${endpoint.pathname.replace(/\/$/, '')}/${config.bucket}/${key}`;
    const headers: Record<string, string> = {};
    const spooled = body && !Buffer.isBuffer(body) ? body : undefined;
    if (body) {
      headers['content-type'] = contentType ?? 'application/octet-stream';
      headers['content-length'] = String(spooled ? spooled.length : (body as Buffer).length);
    }
    if (spooled) headers['x-amz-content-sha256'] = spooled.sha256;
    const signed = aws4.sign(
      {
        host: endpoint.host,
        path,
        method,
        service: 's3',
        region: config.region,
        headers,
        body: spooled ? undefined : (body as Buffer | undefined),
      },
      { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    );
    const response = await fetch(`${endpoint.origin}${path}`, {
      method,
      headers: signed.headers as Record<string, string>,
      body: spooled
        ? (Readable.toWeb(createReadStream(spooled.path)) as ReadableStream<Uint8Array>)
        : body
          ? new Uint8Array(body as Buffer)
          : undefined,
      ...(spooled ? { duplex: 'half' } : {}),
    } as RequestInit);
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
    /**
     * A PUT needs the body's length (and, signed, its SHA-256) before its first byte, and an upload's
     * length is known only at its end; S3's multipart upload would hold 5 MB parts in memory. So the
     * stream goes to a temporary file first (hashed on the way), then is sent from it: memory stays
     * flat, and a stream that fails (too large, refused) never reaches the bucket.
     */
    putStream: async (key, body, contentType) => {
      assertSafeKey(key);
      const folder = await mkdtemp(join(tmpdir(), 'pult-s3-put-'));
      try {
        const file = join(folder, 'body');
        const hash = createHash('sha256');
        const hashing = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            hash.update(chunk);
            done(null, chunk);
          },
        });
        await pipeline(body, hashing, createWriteStream(file));
        const { size } = await stat(file);
        await send('PUT', key, { path: file, length: size, sha256: hash.digest('hex') }, contentType);
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
    getStream: async (key) => {
      const response = await send('GET', key);
      if (response.status === 404 || !response.body) {
        await response.body?.cancel();
        return null;
      }
      return Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>);
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
