/** The calls the bench makes itself (outside the measured load): sign in, read pages, set fixtures up. */

export interface UsersPage {
  items: unknown[];
  count: number;
  countIsEstimate?: boolean;
}

async function expectOk(response: Response, what: string): Promise<unknown> {
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${JSON.stringify(body)}`);
  return body;
}

export async function signIn(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/users/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = await expectOk(response, 'sign-in');
  const token = (body as { apiToken?: unknown }).apiToken;
  if (typeof token !== 'string') throw new Error('sign-in: no apiToken in the response');
  return token;
}

export function usersPath(page: number, where?: Record<string, unknown>): string {
  const query = new URLSearchParams({ take: '20', page: String(page) });
  if (where) query.set('where', JSON.stringify(where));
  return `/api/users?${query.toString()}`;
}

/** `/api/<list>?take=20&page=N&…filters`, the shape of every paged list but users'. */
export function listPath(list: string, page: number, filters: Record<string, string | number> = {}): string {
  const query = new URLSearchParams({ take: '20', page: String(page) });
  for (const [name, value] of Object.entries(filters)) query.set(name, String(value));
  return `/api/${list}?${query.toString()}`;
}

export async function fetchUsersPage(url: string, token: string, path: string): Promise<UsersPage> {
  const response = await fetch(`${url}${path}`, { headers: { 'api-token': token } });
  const body = (await expectOk(response, `GET ${path}`)) as Partial<UsersPage>;
  if (!Array.isArray(body.items) || typeof body.count !== 'number') {
    throw new Error(`GET ${path}: expected { items, count }`);
  }
  return body as UsersPage;
}

/** A signed-in caller for set-up requests (creating users and series, finding ids). */
export interface ApiClient {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body: unknown): Promise<T>;
}

export function apiClient(url: string, token: string): ApiClient {
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { 'api-token': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return (await expectOk(response, `${method} ${path}`)) as T;
  };
  return { get: (path) => call('GET', path), post: (path, body) => call('POST', path, body) };
}
