import {
  BACKGROUND_HEADER,
  type ErrorResponse,
  errorCodes,
  fieldErrorCodes,
  type HttpMethod,
  REFRESH_MARGIN_MS,
} from '@pult/contract';
import { API_BASE_URL } from '../config/app-config';
import { recordRequest } from './session-activity';
import { type SessionStore, type StoredSession, sessionStore, toStoredSession } from './session-store';

/** A non-2xx answer, carrying the API's one error shape when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorResponse | null;
  /** Seconds from a `Retry-After` header (sign-in rate limit), if any. */
  readonly retryAfter: number | null;

  constructor(status: number, body: ErrorResponse | null, retryAfter: number | null = null) {
    super(body?.message ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.retryAfter = retryAfter;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | readonly QueryValue[]>;

export interface RequestOptions {
  method?: HttpMethod;
  body?: unknown;
  query?: Query;
  /** false for the sign-in family of calls, which have no token yet. */
  auth?: boolean;
  /** Use exactly this token: no refresh, and a 401 does not touch the stored session. */
  token?: string;
  signal?: AbortSignal;
  /** Sent even if the page goes away meanwhile (a change saved as the person leaves or reloads). */
  keepalive?: boolean;
  /** The record's version the change was made over: a stale one is refused with 412 (docs/decisions/0036). */
  ifMatch?: number;
  /**
   * The page sends this on its own (a poll of running work, a presence beat, the live stream's ticket), not
   * a person: `Pult-Background: 1` tells the server it is not the session's activity, and the idle warning
   * does not count it either (docs/decisions/0044). A page left open must not keep a staff session alive.
   */
  background?: boolean;
}

export interface ApiClientOptions {
  baseUrl: string;
  store: SessionStore;
  fetch?: typeof fetch;
  now?: () => number;
  /** Cross-tab mutual exclusion for the refresh; absent in tests and old browsers. */
  locks?: Pick<LockManager, 'request'>;
  onSignedOut?: (reason: SignOutReason) => void;
  /**
   * Asked when the API answers 403 STEP_UP_REQUIRED (docs/decisions/0044): resolves true once the person
   * has proved it is them again, and the request is then sent once more; false leaves the refusal as it is.
   */
  onStepUpRequired?: () => Promise<boolean>;
}

/** `expired`: the server refused the session; `idle`: it ended for want of requests; `signout`: the user asked to leave. */
export type SignOutReason = 'expired' | 'idle' | 'signout';

const parseRetryAfter = (value: string | null): number | null => {
  if (!value) return null;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
};

const readBody = async (response: Response): Promise<unknown> => {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

const isRecordOf = (value: unknown, item: (entry: unknown) => boolean): boolean =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every(item);

const knownCodes = new Set<string>(errorCodes);
const knownFieldCodes = new Set<string>(fieldErrorCodes);

/**
 * The error shape when the body is one (a proxy's HTML error page is not): the contract's `errorResponse`,
 * checked by hand. Its zod schema made the first failed call of a page download zod (issue 37,
 * docs/decisions/0022); `api-client.test.ts` holds this check to the schema.
 */
export const asErrorBody = async (value: unknown): Promise<ErrorResponse | null> => {
  if (typeof value !== 'object' || value === null) return null;
  const body = value as Record<string, unknown>;
  const valid =
    Number.isInteger(body.statusCode) &&
    typeof body.error === 'string' &&
    typeof body.code === 'string' &&
    knownCodes.has(body.code) &&
    typeof body.message === 'string' &&
    (body.errors === undefined ||
      isRecordOf(body.errors, (code) => typeof code === 'string' && knownFieldCodes.has(code))) &&
    (body.current === undefined || isRecordOf(body.current, () => true));
  if (!valid) return null;
  const { statusCode, error, code, message, errors, current } = body;
  // why: every field was checked above against the schema's own rules and code lists
  return {
    statusCode,
    error,
    code,
    message,
    ...(errors === undefined ? {} : { errors }),
    ...(current === undefined ? {} : { current }),
  } as ErrorResponse;
};

/** Drops empty filter values (an empty filter means no filter) and builds the query string. */
export const toQueryString = (query: Query | undefined): string => {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    // A list travels as one comma-separated value, the form every list filter of the API reads.
    const text = Array.isArray(value) ? value.filter((item) => item != null && item !== '').join(',') : value;
    if (text === undefined || text === null || text === '') continue;
    params.set(name, String(text));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
};

export const createApiClient = (options: ApiClientOptions) => {
  const { baseUrl, store, locks, onSignedOut, onStepUpRequired } = options;
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const now = options.now ?? Date.now;
  let refreshing: Promise<StoredSession> | null = null;

  const signOutLocally = (reason: SignOutReason) => {
    if (!store.get()) return;
    store.clear();
    onSignedOut?.(reason);
  };

  const exchangeRefreshToken = async (background: boolean): Promise<StoredSession> => {
    // Another tab may have rotated the pair already; using the old refresh token again would
    // count as reuse and revoke the whole session.
    store.reload();
    const session = store.get();
    if (!session) throw new ApiError(401, null);
    if (session.apiTokenExpiresAt - now() > REFRESH_MARGIN_MS) return session;

    const response = await doFetch(`${baseUrl}/users/refresh-token`, {
      method: 'PATCH',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        ...(background ? { [BACKGROUND_HEADER]: '1' } : {}),
      },
      body: JSON.stringify({ token: session.refreshToken }),
    });
    const body = await readBody(response);
    if (!response.ok) {
      // Only a verdict on the token ends the session; a 5xx or 429 may pass.
      if (response.status === 400 || response.status === 401 || response.status === 403) signOutLocally('expired');
      throw new ApiError(response.status, await asErrorBody(body));
    }
    // The schema loads with the first refresh, not with the entry (as asErrorBody's).
    const { sessionUser } = await import('@pult/contract/auth');
    // The sign-in's notice of refused sign-ins stays until dismissed: a refresh's answer has none.
    const next = { ...toStoredSession(sessionUser.parse(body), now()), failedSignIns: session.failedSignIns };
    store.set(next);
    return next;
  };

  /**
   * Single flight: every call that finds the token about to expire waits for one refresh. A refresh for a
   * background request is background too; a person's request that joins it counts on its own when sent.
   */
  const refresh = (background = false): Promise<StoredSession> => {
    if (!refreshing) {
      const exchange = () => exchangeRefreshToken(background);
      const run = locks ? () => locks.request('pult-session-refresh', exchange) as Promise<StoredSession> : exchange;
      refreshing = run().finally(() => {
        refreshing = null;
      });
    }
    return refreshing;
  };

  const accessToken = async (background = false): Promise<string> => {
    const session = store.get();
    if (!session) throw new ApiError(401, null);
    if (session.apiTokenExpiresAt - now() > REFRESH_MARGIN_MS) return session.apiToken;
    return (await refresh(background)).apiToken;
  };

  /** Sends one request and answers the Response, or throws ApiError for a non-2xx answer. */
  const send = async (path: string, init: RequestOptions = {}, stepUpAsked = false): Promise<Response> => {
    const { method = 'GET', body, query, auth = true, token, signal, keepalive, ifMatch, background } = init;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (ifMatch !== undefined) headers['If-Match'] = `"${ifMatch}"`;
    if (background) headers[BACKGROUND_HEADER] = '1';
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const sentToken = token ?? (auth ? await accessToken(background) : undefined);
    if (sentToken) headers['Api-Token'] = sentToken;
    // The server counts a person's request of the session as activity (its idle time-out); so does the warning.
    if (sentToken && !background) recordRequest(now());

    const response = await doFetch(`${baseUrl}${path}${toQueryString(query)}`, {
      method,
      headers,
      body: payload,
      signal,
      keepalive,
    });
    if (!response.ok) {
      // The request helper signs the user out on any 401 (the session is gone on the server). Only if the token that failed
      // is still the stored one: a concurrent refresh may have replaced it meanwhile.
      if (response.status === 401 && auth && !token && store.get()?.apiToken === sentToken) signOutLocally('expired');
      const data = await readBody(response);
      const error = new ApiError(
        response.status,
        await asErrorBody(data),
        parseRetryAfter(response.headers.get('retry-after')),
      );
      // A dangerous action asks for a fresh proof: the one dialog, then the same request once more.
      if (error.status === 403 && error.body?.code === 'STEP_UP_REQUIRED' && !stepUpAsked && onStepUpRequired)
        if (await onStepUpRequired()) return send(path, init, true);
      throw error;
    }
    return response;
  };

  /** The body of a 2xx answer, parsed as JSON when it says so; typed by the endpoint layer (lib/api.ts). */
  const request = async (path: string, init: RequestOptions = {}): Promise<unknown> => readBody(await send(path, init));

  /** Revokes the session on the server, then forgets it here whatever happened. */
  const signOut = async (): Promise<void> => {
    if (store.get()) {
      try {
        await request('/users/signout', { method: 'POST' });
      } catch {
        // The local sign-out below is what the user asked for; a dead server must not block it.
      }
    }
    signOutLocally('signout');
  };

  /** The idle time-out passed without a request: the server has ended the session; forget it here. */
  const signOutIdle = () => signOutLocally('idle');

  return {
    send,
    request,
    accessToken,
    refresh,
    signOut,
    signOutIdle,
  };
};

export type ApiClient = ReturnType<typeof createApiClient>;

const signedOutListeners = new Set<(reason: SignOutReason) => void>();

/** Lets the app drop cached server state when a session ends, without the client knowing React. */
export const onSignedOut = (listener: (reason: SignOutReason) => void): (() => void) => {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
};

let stepUpAsker: (() => Promise<boolean>) | null = null;
let stepUpPending: Promise<boolean> | null = null;

/**
 * Who asks the person for a fresh proof (the step-up dialog's host registers itself). Several refused
 * requests at once share one question; with nobody registered the refusal stands.
 */
export const setStepUpAsker = (asker: (() => Promise<boolean>) | null) => {
  stepUpAsker = asker;
};

const askForStepUp = (): Promise<boolean> => {
  if (!stepUpAsker) return Promise.resolve(false);
  stepUpPending ??= stepUpAsker().finally(() => {
    stepUpPending = null;
  });
  return stepUpPending;
};

export const apiClient = createApiClient({
  baseUrl: API_BASE_URL,
  store: sessionStore,
  locks: typeof navigator !== 'undefined' ? navigator.locks : undefined,
  onSignedOut: (reason) => {
    for (const listener of signedOutListeners) listener(reason);
  },
  onStepUpRequired: askForStepUp,
});
