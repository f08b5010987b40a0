/** The two calls the bench makes itself (outside the measured load): sign in, and read a page. */

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

export async function fetchUsersPage(url: string, token: string, path: string): Promise<UsersPage> {
  const response = await fetch(`${url}${path}`, { headers: { 'api-token': token } });
  const body = (await expectOk(response, `GET ${path}`)) as Partial<UsersPage>;
  if (!Array.isArray(body.items) || typeof body.count !== 'number') {
    throw new Error(`GET ${path}: expected { items, count }`);
  }
  return body as UsersPage;
}
