import { api, type CallResult, createFetchClient, type FetchClient, pathOf, sessionOf } from '@pult/contract';

/**
 * The calls the bench makes itself (outside the measured load) go through the contract's typed
 * client; the timed loops send paths built by `pathOf` from the same endpoint map.
 */
export { api, type FetchClient, pathOf };

export type UsersPage = CallResult<typeof api.users.list>;

/** The page size every list scenario reads, as the admin screens do. */
export const TAKE = 20;

export async function signIn(url: string, email: string, password: string): Promise<string> {
  const session = sessionOf(await createFetchClient(url).auth.signin({ body: { email, password } }));
  return session.apiToken;
}

/** `where` of the users list: JSON text, or nothing for everyone. */
export const usersPath = (page: number, where?: Record<string, unknown>): string =>
  pathOf(api.users.list, { query: { take: TAKE, page, where: where ? JSON.stringify(where) : undefined } });
