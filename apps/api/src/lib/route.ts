import {
  type Endpoint,
  type ErrorStatus,
  errorResponse,
  etagOf,
  type HandlerResult,
  type ParsedBody,
  type ParsedParams,
  type ParsedQuery,
  type RawResponse,
} from '@pult/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { z } from 'zod';
import { STREAMED_EXPORT_COMPRESSION } from './compression-levels';
import { AnswerCache, compiledJson, sendRevalidated, sendVersioned } from './revalidated-json';
import { contextOf, type ServiceContext } from './service-context';

type Or<T, Fallback> = [T] extends [never] ? Fallback : T;

/** What a handler gets: the validated parts of the request, and the request itself for the rare raw need. */
export interface RouteCall<E extends Endpoint> {
  params: Or<ParsedParams<E>, Record<string, never>>;
  query: Or<ParsedQuery<E>, Record<string, never>>;
  body: Or<ParsedBody<E>, undefined>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type RouteHandler<E extends Endpoint> = (
  call: RouteCall<E>,
  ctx: ServiceContext,
) => Promise<HandlerResult<E> | FastifyReply>;

const RAW_CONTENT: Record<RawResponse, string> = {
  csv: 'text/csv',
  text: 'text/plain',
  html: 'text/html',
  'event-stream': 'text/event-stream',
};

/** The statuses every endpoint may answer besides its own: the guard's, then validation's. */
function documentedErrors(endpoint: Endpoint): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(endpoint.errors);
  if (endpoint.access !== 'public') {
    statuses.add(401);
    statuses.add(403);
  }
  if (endpoint.params || endpoint.query || endpoint.body || endpoint.upload) statuses.add(400);
  if (endpoint.versioned && endpoint.method !== 'GET') statuses.add(412);
  return [...statuses].sort();
}

/** The OpenAPI/serialization schema of one endpoint, from its declaration alone. */
export function routeSchema(endpoint: Endpoint) {
  const errors = Object.fromEntries(documentedErrors(endpoint).map((status) => [status, errorResponse]));
  const ok =
    typeof endpoint.response === 'string'
      ? z.string().meta({ description: `The ${endpoint.response} body.` })
      : endpoint.response;
  return {
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    description: endpoint.description ?? endpoint.summary,
    tags: [endpoint.tag],
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    ...(endpoint.upload ? { consumes: ['multipart/form-data'] } : {}),
    ...(typeof endpoint.response === 'string' ? { produces: [RAW_CONTENT[endpoint.response]] } : {}),
    security: endpoint.access === 'public' ? [] : [{ apiToken: [] }],
    // A page served outside /api (the promo landing page) is not part of the API's document.
    ...(endpoint.root ? { hide: true } : {}),
    response: { 200: ok, ...errors },
  };
}

/** What a revalidated answer's data is at: read before the answer, and much cheaper than it. */
export interface AnswerVersion {
  /**
   * A short token (letters, digits) that changes whenever the answer may, for any caller of the route
   * (the rows it reads, and whatever else goes in it); null when it cannot be known, and the answer is
   * then read and hashed. Read on every request, in the request's own round trip: never from memory.
   */
  version(ctx: ServiceContext): Promise<string | null>;
}

/** How a route answers besides its declaration. */
export interface RouteOptions {
  /**
   * The answer is shared data (no personal data) that browsers may keep: serialized by its compiled
   * schema, with an ETag, and 304 when the caller already has it (lib/revalidated-json.ts). `true`
   * tags the answer by its hash, so each request still reads and serializes it; with a `version`, the
   * tag is known before the answer is read, a 304 reads nothing else, and the encoded answer of each
   * query is kept per process for as long as its version holds.
   */
  revalidate?: boolean | AnswerVersion;
}

/**
 * Registers one endpoint of the contract: method, path, validation, serialization, OpenAPI and
 * who may call it all come from the declaration; the handler only maps it to a service call.
 * Raw answers (CSV, text, HTML) are sent by the handler through `reply` as a string or a stream,
 * which Fastify sends without serializing.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: RouteHandler<E>,
  options: RouteOptions = {},
): void {
  const schema = routeSchema(endpoint);
  const call = (request: FastifyRequest, reply: FastifyReply) =>
    handler(
      {
        params: request.params as RouteCall<E>['params'],
        query: request.query as RouteCall<E>['query'],
        body: request.body as RouteCall<E>['body'],
        request,
        reply,
      },
      contextOf(request),
    );
  const revalidated =
    options.revalidate && typeof endpoint.response !== 'string' ? compiledJson(endpoint.response) : null;
  const byVersion = revalidated && typeof options.revalidate === 'object' ? options.revalidate : null;
  const answers = byVersion ? new AnswerCache() : null;
  // A versioned record's answer names its version as the ETag, which the next write sends back as If-Match.
  const handle: RouteHandlerMethod = revalidated
    ? async (request, reply) => {
        const version = byVersion && answers ? await byVersion.version(contextOf(request)) : null;
        if (version !== null && answers) {
          const load = async () => {
            const result = await call(request, reply);
            if (result === reply) throw new Error(`${endpoint.operationId}: a versioned answer must be a value`);
            return revalidated(result);
          };
          return sendVersioned(request, reply, { cache: answers, shape: revalidated.shape, version, load });
        }
        const result = await call(request, reply);
        return result === reply ? reply : sendRevalidated(request, reply, revalidated(result));
      }
    : endpoint.versioned
      ? async (request, reply) => {
          const result = await call(request, reply);
          const version = (result as { version?: unknown } | null)?.version;
          if (typeof version === 'number') reply.header('etag', etagOf(version));
          return result;
        }
      : call;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { auth: endpoint.access },
    schema,
    handler: handle,
    ...(endpoint.response === 'csv' ? { compress: STREAMED_EXPORT_COMPRESSION } : {}),
  });
}
