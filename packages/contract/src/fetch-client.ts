import type { z } from 'zod';
import { type Api, api } from './api';
import { type CallInput, type CallResult, type Endpoint, fillPath } from './endpoint';
import type { ErrorResponse } from './errors';

/** A non-2xx answer of the fetch client, with the error shape when the server sent one. */
export class FetchClientError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorResponse | string | null,
    what: string,
  ) {
    super(`${what}: HTTP ${status} ${typeof body === 'string' ? body : JSON.stringify(body)}`);
  }
}

type Args<E extends Endpoint> =
  Record<never, never> extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];
type GroupCalls<G> = {
  [K in keyof G]: G[K] extends Endpoint ? (...args: Args<G[K]>) => Promise<CallResult<G[K]>> : never;
};
export type FetchClient = { [M in keyof Api]: GroupCalls<Api[M]> } & { token: string | undefined };

const toQuery = (query: Record<string, unknown> | undefined): string => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
};

type PathInput<E extends Endpoint> = (E['params'] extends z.ZodType
  ? { params: z.input<E['params']> }
  : { params?: never }) &
  (E['query'] extends z.ZodType ? { query?: z.input<E['query']> } : { query?: never });
type PathArgs<E extends Endpoint> =
  Record<never, never> extends PathInput<E> ? [input?: PathInput<E>] : [input: PathInput<E>];

/**
 * The request target of one call (`/api/users/5?take=20`), for tools that send requests themselves
 * (the bench's timed loops): built from the endpoint, so a wrong path or query does not compile.
 */
export function pathOf<E extends Endpoint>(endpoint: E, ...args: PathArgs<E>): string {
  const { params, query } = (args[0] ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown> };
  return `${endpoint.root ? '' : '/api'}${fillPath(endpoint.path, params)}${toQuery(query)}`;
}

/**
 * A plain typed client over `fetch` for tools outside the SPA (e2e set-up, the bench): the same
 * endpoint map, the same compile-time checks, no session refresh. `origin` is the server's base
 * (`http://127.0.0.1:3000`); `/api` is added unless an endpoint is served at the root.
 */
export function createFetchClient(origin: string, token?: string): FetchClient {
  async function send(endpoint: Endpoint, input: Partial<CallInput<Endpoint>> = {}): Promise<unknown> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers['api-token'] = token;
    let body: FormData | string | undefined;
    if (endpoint.upload && input.file) {
      const form = new FormData();
      form.append(endpoint.upload, input.file);
      body = form;
    } else if (input.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(input.body);
    }
    const url = `${origin}${pathOf(endpoint, input as PathInput<Endpoint>)}`;
    const response = await fetch(url, { method: endpoint.method, headers, body });
    const text = await response.text();
    const isJson = (response.headers.get('content-type') ?? '').includes('json');
    const data: unknown = isJson && text ? JSON.parse(text) : text;
    if (!response.ok) throw new FetchClientError(response.status, data as ErrorResponse | string, endpoint.operationId);
    return typeof endpoint.response === 'string' ? data : endpoint.response.parse(data);
  }
  const client = Object.fromEntries(
    Object.entries(api).map(([group, members]) => [
      group,
      Object.fromEntries(
        Object.entries(members as Record<string, Endpoint>).map(([name, endpoint]) => [
          name,
          (input?: Partial<CallInput<Endpoint>>) => send(endpoint, input),
        ]),
      ),
    ]),
  );
  return { ...client, token } as unknown as FetchClient; // why: built key by key from `api`, the mapped type above
}
