import { createHash } from 'node:crypto';
import fastJson from 'fast-json-stringify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/**
 * A 200 answer's serializer compiled once from its contract schema (issue 37): `fast-json-stringify`
 * writes only the declared properties (a row's other columns never leak, as zod's parse guaranteed) and
 * refuses a missing required one, without zod walking every row of every answer. For routes whose
 * answer is trusted rows of our own database.
 */
export function compiledJson(schema: z.ZodType): (value: unknown) => string {
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-7' });
  return fastJson(json as Parameters<typeof fastJson>[0]) as (value: unknown) => string;
}

/**
 * Sends a JSON answer that the browser may keep and revalidate: a weak ETag of the body, and
 * `private, no-cache`, so every use asks the server again (the guard still runs) and an unchanged
 * answer costs a 304 with no body to compress or send. Only for answers without personal data: the
 * rest of the API stays `no-store`.
 */
export function sendRevalidated(request: FastifyRequest, reply: FastifyReply, json: string): FastifyReply {
  const tag = `W/"${createHash('sha1').update(json).digest('base64url')}"`;
  reply.header('etag', tag).header('cache-control', 'private, no-cache');
  const asked = request.headers['if-none-match'];
  if (asked?.split(',').some((value) => value.trim() === tag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(json);
}
