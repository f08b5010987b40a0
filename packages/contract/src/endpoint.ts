import type { z } from 'zod';
import type { Role } from './common';
import type { ErrorStatus } from './errors';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * Who may call an endpoint: `public` needs no token (a token, if sent, is still read); a list of
 * roles needs a live session with one of them. Stated on every endpoint: there is no default.
 */
export type Access = 'public' | readonly Role[];

/** Bodies that are not JSON: a CSV download, a plain-text answer, an HTML page, a Server-Sent Events stream. */
export type RawResponse = 'csv' | 'text' | 'html' | 'event-stream';

/**
 * One endpoint, declared once (docs/decisions/0010): the API registers its route from this
 * (validation, serialization, the guard, OpenAPI) and the SPA, e2e and bench call it through a
 * client typed from it, so a call whose path, params, query or body disagree does not compile.
 */
export interface Endpoint {
  method: HttpMethod;
  /** Fastify style: `/users/:id`. Relative to `/api` unless `root` says otherwise. */
  path: string;
  /** A unique camelCase name (the OpenAPI operationId). */
  operationId: string;
  /** One line for the OpenAPI document and the route list. */
  summary: string;
  description?: string;
  tag: string;
  access: Access;
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType;
  /** A multipart upload: the one file field's name. */
  upload?: string;
  /** The 200 answer: a schema for JSON, or the kind of raw body. */
  response: z.ZodType | RawResponse;
  /** The error statuses this endpoint documents besides the guard's (401/403 unless public). */
  errors: readonly ErrorStatus[];
  /**
   * A versioned record (docs/decisions/0036): the answer carries `version`, sent as the `ETag`; a write
   * honours `If-Match` and answers 412 STALE_VERSION with the current record when it is stale.
   */
  versioned?: true;
  /** Served outside the `/api` prefix (the landing page). */
  root?: boolean;
}

/** Keeps the literal types of one endpoint, so clients infer params, body and answer from it. */
export const defineEndpoint = <const E extends Endpoint>(endpoint: E): E => endpoint;

type Input<S> = S extends z.ZodType ? z.input<S> : never;
type Output<S> = S extends z.ZodType ? z.output<S> : never;

/** What a caller sends: each part present exactly when the endpoint declares it. */
export type CallInput<E extends Endpoint> = (E['params'] extends z.ZodType
  ? { params: Input<E['params']> }
  : { params?: never }) &
  (E['query'] extends z.ZodType ? { query?: Input<E['query']> } : { query?: never }) &
  (E['body'] extends z.ZodType ? { body: Input<E['body']> } : { body?: never }) &
  (E['upload'] extends string ? { file: Blob } : { file?: never });

/** What a caller gets back: the parsed JSON answer's type, or the raw text. */
export type CallResult<E extends Endpoint> = E['response'] extends z.ZodType ? z.output<E['response']> : string;

/** What a route handler receives after validation (defaults applied, strings coerced). */
export type ParsedParams<E extends Endpoint> = Output<E['params']>;
export type ParsedQuery<E extends Endpoint> = Output<E['query']>;
export type ParsedBody<E extends Endpoint> = Output<E['body']>;
/** What a route handler may answer with: the input side of the response schema, before serialization. */
export type HandlerResult<E extends Endpoint> = E['response'] extends z.ZodType ? z.input<E['response']> : unknown;

/** `/users/:id` + `{ id: 5 }` → `/users/5`, each value URI-encoded. */
export const fillPath = (path: string, params: Record<string, unknown> | undefined): string =>
  path.replace(/:([A-Za-z]\w*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
