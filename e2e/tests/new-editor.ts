import type { Account } from '../accounts';
import { apiAs } from '../fixtures';
import { signIn } from './promo-api';

/**
 * An editor of the test's own, created through the API by the admin: what a test sets on an account
 * (a language, a second factor, a passkey) stays with it, so repeats and neighbours never meet it.
 */
export async function newEditor(prefix: string, password: string): Promise<Account> {
  const account: Account = {
    email: `${prefix}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 6)}@pult.test`,
    password,
    role: 'editor',
  };
  await apiAs(await signIn()).users.create({ body: { ...account } });
  return account;
}
