import type { TestApp } from '../helpers/test-app';

export type Role = 'admin' | 'editor' | 'user' | 'nobody';

/** Staff and a planner user signed in, and a caller that sends a role's token. */
export async function signInRoles(t: TestApp) {
  const tokens: Record<Role, string> = { admin: '', editor: '', user: '', nobody: '' };
  for (const role of ['admin', 'editor', 'user'] as const) {
    await t.createUser({ email: `${role}@pult.test`, role });
    tokens[role] = (await t.signin(`${role}@pult.test`)).apiToken;
  }
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, role: Role = 'admin') =>
    t.app.inject({ method, url, payload, headers: role === 'nobody' ? {} : { 'api-token': tokens[role] } });
  return { tokens, call };
}
