import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import fastJson from 'fast-json-stringify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import { COMPRESSION_THRESHOLD } from '../plugins/compression';
import { API_COMPRESSION } from './compression-levels';
import { preparedOnce } from './prepared-once';

/**
 * A 200 answer's serializer compiled once from its contract schema (issue 37): `fast-json-stringify`
 * writes only the declared properties (a row's other columns never leak, as zod's parse guaranteed) and
 * refuses a missing required one, without zod walking every row of every answer. For routes whose
 * answer is trusted rows of our own database. `shape` names the schema (a hash of it), so a tag made
 * under one release's shape of the answer is not taken for another's.
 */
export function compiledJson(schema: z.ZodType): ((value: unknown) => string) & { shape: string } {
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-7' });
  const serialize = fastJson(json as Parameters<typeof fastJson>[0]) as (value: unknown) => string;
  return Object.assign(serialize, { shape: createHash('sha1').update(JSON.stringify(json)).digest('base64url') });
}

const CACHE_CONTROL = 'private, no-cache';

/** If-None-Match may list several tags; any one equal to ours means the caller's copy is current. */
const matches = (asked: string | undefined, tag: string) => asked?.split(',').some((value) => value.trim() === tag);

/**
 * Sends a JSON answer that the browser may keep and revalidate: a weak ETag of the body, and
 * `private, no-cache`, so every use asks the server again (the guard still runs) and an unchanged
 * answer costs a 304 with no body to compress or send. Only for answers without personal data: the
 * rest of the API stays `no-store`. The answer is read and serialized to be hashed: a list with a
 * version row (`sendVersioned`) avoids that.
 */
export function sendRevalidated(request: FastifyRequest, reply: FastifyReply, json: string): FastifyReply {
  const tag = `W/"${createHash('sha1').update(json).digest('base64url')}"`;
  reply.header('etag', tag).header('cache-control', CACHE_CONTROL);
  if (matches(request.headers['if-none-match'], tag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(json);
}

/**
 * The change counters of shared lists (migration 0048, db/functions/pult_list_changed.sql): statement
 * triggers on the tables a list reads give its row a new random `stamp` in the writing transaction.
 * Declared here rather than in db/schema: only this reader uses it, and nothing writes it but the triggers.
 */
const listVersions = pgTable('list_versions', { list: text('list').primaryKey(), stamp: uuid('stamp').notNull() });

/**
 * The list's current stamp (32 hex digits), or null when its row is missing: one row by its key,
 * prepared once. Read at the start of each request, so a change committed by any process (another API
 * process, psql, an import, a restore) is seen by the next request after its commit.
 */
export async function listStamp(db: Db, list: string): Promise<string | null> {
  const query = preparedOnce(db, 'list_version', () =>
    db
      .select({ stamp: listVersions.stamp })
      .from(listVersions)
      .where(eq(listVersions.list, sql.placeholder('list')))
      .prepare('list_version'),
  );
  const [row] = await query.execute({ list });
  return row ? row.stamp.replaceAll('-', '') : null;
}

type Encoding = 'br' | 'gzip';

const compressors: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) => promisify(brotliCompress)(body, API_COMPRESSION.brotliOptions),
  gzip: (body) => promisify(gzip)(body, API_COMPRESSION.zlibOptions),
};

/**
 * The encoding @fastify/compress would choose for this request (plugins/compression.ts): brotli or gzip
 * by the highest q, brotli on a tie, `*` and `x-gzip` read as gzip; null for none of them (identity).
 */
export function chooseEncoding(header: string | string[] | undefined): Encoding | null {
  if (typeof header !== 'string' || header === '') return null;
  let best: Encoding | null = null;
  let bestQuality = 0;
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';');
    let coding = name.trim();
    if (coding === '*' || coding === 'x-gzip') coding = 'gzip';
    if (coding !== 'br' && coding !== 'gzip') continue;
    let quality = 1;
    for (const param of params) {
      const q = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(param);
      if (q) quality = Number(q[1]) || 0;
    }
    if (quality <= 0) continue;
    if (quality > bestQuality || (quality === bestQuality && coding === 'br')) {
      best = coding;
      bestQuality = quality;
    }
  }
  return best;
}

/** One answer's bytes: the JSON, and each encoding made the first time a client asks for it. */
class EncodedAnswer {
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();
  bytes: number;
  constructor(readonly json: Buffer) {
    this.bytes = json.length;
  }
  encode(encoding: Encoding): Promise<Buffer> {
    let body = this.encoded.get(encoding);
    if (!body) {
      body = compressors[encoding](this.json);
      this.encoded.set(encoding, body);
      body.then(
        (bytes) => {
          this.bytes += bytes.length;
        },
        () => this.encoded.delete(encoding),
      );
    }
    return body;
  }
}

/** How much one route keeps per process: a few queries' answers, each for its current version only. */
export const ANSWER_CACHE_LIMITS = { entries: 32, bytes: 16 * 1024 * 1024 };

/**
 * A route's encoded answers by query, each for the one version it was read at (least recently used
 * first out, within ANSWER_CACHE_LIMITS). Requests that miss together share one read.
 */
export class AnswerCache {
  private readonly entries = new Map<string, { version: string; answer: Promise<EncodedAnswer> }>();
  private readonly settled = new Map<string, EncodedAnswer>();

  constructor(private readonly limits = ANSWER_CACHE_LIMITS) {}

  get size() {
    return this.entries.size;
  }

  async get(variant: string, version: string, load: () => Promise<string>): Promise<EncodedAnswer> {
    const held = this.entries.get(variant);
    if (held && held.version === version) {
      this.entries.delete(variant);
      this.entries.set(variant, held);
      return held.answer;
    }
    const answer = load().then((json) => new EncodedAnswer(Buffer.from(json)));
    const entry = { version, answer };
    this.entries.delete(variant);
    this.settled.delete(variant);
    this.entries.set(variant, entry);
    answer.then(
      (settled) => {
        if (this.entries.get(variant) === entry) this.settled.set(variant, settled);
        this.trim();
      },
      () => {
        if (this.entries.get(variant) === entry) this.entries.delete(variant);
      },
    );
    this.trim();
    return answer;
  }

  /** Drops the least recently used answers past the limits (a pending one counts as empty). */
  trim() {
    let bytes = 0;
    for (const variant of this.entries.keys()) bytes += this.settled.get(variant)?.bytes ?? 0;
    for (const variant of this.entries.keys()) {
      if (this.entries.size <= this.limits.entries && bytes <= this.limits.bytes) break;
      bytes -= this.settled.get(variant)?.bytes ?? 0;
      this.entries.delete(variant);
      this.settled.delete(variant);
    }
  }
}

/**
 * Answers a revalidated list from its version (lib/route.ts `revalidate: { version }`): the ETag is
 * the list's version with the answer's shape and the request's params and query, known before the
 * list is read. A matching If-None-Match is a 304 at the cost of the version's read; otherwise the
 * bytes come from the cache when this version of this query was answered before, in the encoding the
 * client accepts (brotli or gzip made once per version), and only a miss reads and serializes the list.
 */
export async function sendVersioned(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: { cache: AnswerCache; shape: string; version: string; load: () => Promise<string> },
): Promise<FastifyReply> {
  const variant = JSON.stringify([request.params ?? null, request.query ?? null]);
  const tag = `W/"${answer.version}-${createHash('sha1').update(answer.shape).update(variant).digest('base64url').slice(0, 16)}"`;
  reply.header('etag', tag).header('cache-control', CACHE_CONTROL);
  if (matches(request.headers['if-none-match'], tag)) return reply.code(304).send();
  const encoded = await answer.cache.get(variant, answer.version, answer.load);
  const encoding =
    encoded.json.length < COMPRESSION_THRESHOLD || request.headers['x-no-compression'] !== undefined
      ? null
      : chooseEncoding(request.headers['accept-encoding']);
  reply.type('application/json; charset=utf-8');
  if (!encoding) return reply.send(encoded.json);
  const body = await encoded.encode(encoding);
  // Already encoded: @fastify/compress passes an answer with a Content-Encoding through as it is.
  return reply.header('content-encoding', encoding).send(body);
}
