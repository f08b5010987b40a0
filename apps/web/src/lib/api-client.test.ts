import type { SessionUser } from '@pult/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, asErrorBody, createApiClient, toQueryString } from './api-client';
import { lastRequestAt } from './session-activity';
import { createSessionStore, type SessionStore, type StoredSession } from './session-store';

const NOW = 1_700_000_000_000;

const user = {
  id: 1,
  email: 'admin@pult.test',
  phoneNumber: null,
  firstName: null,
  lastName: null,
  role: 'admin' as const,
  status: 'active' as const,
  avatar: null,
  createdAt: '2024-01-01T00:00:00.000Z',
  lastSeenAt: null,
  register: null,
};

const stored = (overrides: Partial<StoredSession> = {}): StoredSession => ({
  ...user,
  apiToken: 'access-1',
  refreshToken: 'refresh-1',
  apiTokenExpiresAt: NOW + 3_600_000,
  ...overrides,
});

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const rotated = (n: number): SessionUser => ({
  ...user,
  apiToken: `access-${n}`,
  refreshToken: `refresh-${n}`,
  apiTokenExpiresAt: new Date(NOW + 3_600_000).toISOString(),
  expiresIn: 3600,
});

/** A fake API: refresh rotates the pair, every other call echoes the token it got. */
const fakeApi = () => {
  let generation = 1;
  const calls: { url: string; method: string; token: string | null; body: unknown; background: string | null }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const background = headers.get('Pult-Background');
    calls.push({ url: String(input), method: init.method ?? 'GET', token: headers.get('Api-Token'), body, background });
    // Let concurrent callers pile up before the refresh answers.
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (String(input).endsWith('/users/refresh-token')) {
      if (body.token !== `refresh-${generation}`)
        return json(401, { statusCode: 401, error: 'Unauthorized', code: 'REFRESH_TOKEN_INVALID', message: 'reused' });
      generation += 1;
      return json(200, rotated(generation));
    }
    return json(200, { token: headers.get('Api-Token') });
  });
  return { fetch, calls };
};

describe('api client', () => {
  let store: SessionStore;
  let onSignedOut: ReturnType<typeof vi.fn<() => void>>;

  beforeEach(() => {
    localStorage.clear();
    store = createSessionStore(localStorage, '@user');
    onSignedOut = vi.fn<() => void>();
  });

  const client = (fetch: typeof globalThis.fetch, now = () => NOW) =>
    createApiClient({ baseUrl: '/api', store, fetch, now, onSignedOut });

  it('sends the stored token as Api-Token and does not refresh a fresh one', async () => {
    store.set(stored());
    const api = fakeApi();
    await expect(client(api.fetch).request('/notes')).resolves.toEqual({ token: 'access-1' });
    expect(api.calls.map((call) => call.url)).toEqual(['/api/notes']);
  });

  it('refreshes once for concurrent calls when fewer than 5 s remain', async () => {
    store.set(stored({ apiTokenExpiresAt: NOW + 4_000 }));
    const api = fakeApi();
    const http = client(api.fetch);
    const results = await Promise.all([http.request('/a'), http.request('/b'), http.request('/c')]);

    expect(results).toEqual([{ token: 'access-2' }, { token: 'access-2' }, { token: 'access-2' }]);
    const refreshes = api.calls.filter((call) => call.url.endsWith('/refresh-token'));
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]).toMatchObject({ method: 'PATCH', body: { token: 'refresh-1' }, token: null });
    expect(store.get()).toMatchObject({
      apiToken: 'access-2',
      refreshToken: 'refresh-2',
      apiTokenExpiresAt: NOW + 3_600_000,
    });
    expect(JSON.parse(localStorage.getItem('@user') ?? '{}').apiToken).toBe('access-2');
  });

  it('marks a request the page sends on its own, and its refresh, as background, and does not count it as activity', async () => {
    const later = NOW + 100_000;
    store.set(stored({ apiTokenExpiresAt: later + 4_000 }));
    const api = fakeApi();
    const http = client(api.fetch, () => later);
    await http.request('/jobs', { background: true });
    expect(api.calls.map(({ url, background }) => [url, background])).toEqual([
      ['/api/users/refresh-token', '1'],
      ['/api/jobs', '1'],
    ]);
    expect(lastRequestAt() ?? 0).toBeLessThan(later);
    // A person's request is neither marked nor left out of the idle clock.
    await http.request('/users');
    expect(api.calls.at(-1)).toMatchObject({ url: '/api/users', background: null });
    expect(lastRequestAt()).toBe(later);
  });

  it('keeps the token while more than 5 s remain', async () => {
    store.set(stored({ apiTokenExpiresAt: NOW + 5_001 }));
    const api = fakeApi();
    await client(api.fetch).request('/a');
    expect(api.calls.some((call) => call.url.endsWith('/refresh-token'))).toBe(false);
  });

  it('signs out when the refresh token is refused', async () => {
    store.set(stored({ apiTokenExpiresAt: NOW - 1, refreshToken: 'refresh-stale' }));
    const api = fakeApi();
    await expect(client(api.fetch).request('/a')).rejects.toMatchObject({ status: 401 });
    expect(store.get()).toBeNull();
    expect(onSignedOut).toHaveBeenCalledTimes(1);
  });

  it('signs out on any 401 and reports the error body', async () => {
    store.set(stored());
    const fetch = vi.fn(async () =>
      json(401, { statusCode: 401, error: 'Unauthorized', code: 'TOKEN_EXPIRED', message: 'Session revoked' }),
    );
    const error = await client(fetch)
      .request('/a')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Session revoked');
    expect((error as ApiError).body?.code).toBe('TOKEN_EXPIRED');
    expect(store.get()).toBeNull();
    expect(onSignedOut).toHaveBeenCalledTimes(1);
  });

  it('keeps the session on other errors and passes field errors and Retry-After on', async () => {
    store.set(stored());
    const body = {
      statusCode: 400,
      error: 'Bad Request',
      code: 'VALIDATION_FAILED',
      message: 'Invalid',
      errors: { password: 'too_short' },
    };
    const fetch = vi.fn(async () => json(400, body, { 'retry-after': '30' }));
    const error = (await client(fetch)
      .request('/a', { method: 'POST', body: {} })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.body?.errors).toEqual({ password: 'too_short' });
    expect(error.retryAfter).toBe(30);
    expect(store.get()).not.toBeNull();
  });

  it('does not touch the session for calls without a token (sign-in)', async () => {
    store.set(stored());
    const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
      json(401, { statusCode: 401, error: 'Unauthorized', code: 'INVALID_CREDENTIALS', message: 'Wrong' }),
    );
    await expect(
      client(fetch).request('/users/signin', { method: 'POST', auth: false, body: {} }),
    ).rejects.toMatchObject({
      status: 401,
    });
    expect(store.get()).not.toBeNull();
    expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).get('Api-Token')).toBeNull();
  });

  it('signs out on the server, then forgets the session even if the server is down', async () => {
    store.set(stored());
    const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit): Promise<Response> => {
      throw new TypeError('network down');
    });
    await client(fetch).signOut();
    expect(fetch).toHaveBeenCalledWith('/api/users/signout', expect.objectContaining({ method: 'POST' }));
    expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).get('Api-Token')).toBe('access-1');
    expect(store.get()).toBeNull();
  });

  it('fails without a session instead of calling the API', async () => {
    const api = fakeApi();
    await expect(client(api.fetch).request('/a')).rejects.toMatchObject({ status: 401 });
    expect(api.fetch).not.toHaveBeenCalled();
  });
});

describe('toQueryString', () => {
  it('drops empty filter values', () => {
    expect(toQueryString({ take: 20, page: 1, text: '', status: undefined, owner: null, active: false })).toBe(
      '?take=20&page=1&active=false',
    );
    expect(toQueryString({})).toBe('');
  });
});

describe('the error body check', () => {
  const bodies: unknown[] = [
    { statusCode: 404, error: 'Not Found', code: 'NOT_FOUND', message: 'No such user' },
    { statusCode: 400, error: 'Bad Request', code: 'VALIDATION_FAILED', message: 'x', errors: { email: 'taken' } },
    { statusCode: 400, error: 'Bad Request', code: 'VALIDATION_FAILED', message: 'x', errors: { email: 'NO_SUCH' } },
    { statusCode: 412, error: 'Precondition Failed', code: 'STALE_VERSION', message: 'x', current: { version: 3 } },
    { statusCode: 500, error: 'Internal', code: 'NOT_A_CODE', message: 'x' },
    { statusCode: '500', error: 'Internal', code: 'NOT_FOUND', message: 'x' },
    { statusCode: 404, code: 'NOT_FOUND', message: 'x' },
    { statusCode: 404, error: 'Not Found', code: 'NOT_FOUND', message: 'x', current: [1] },
    '<html>Bad gateway</html>',
    null,
  ];

  it('accepts exactly what the contract schema accepts, and gives the same body', async () => {
    const { errorResponse } = await import('@pult/contract/errors');
    for (const body of bodies) {
      const parsed = errorResponse.safeParse(body);
      expect(await asErrorBody(body), JSON.stringify(body)).toEqual(parsed.success ? parsed.data : null);
    }
  });
});
