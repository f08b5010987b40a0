import { randomBytes } from 'node:crypto';
import { generatePerson, mobilePhone, type UserRow } from './generate-users';
import { createRandom } from './prng';

export interface StaffAccount {
  email: string;
  role: 'admin' | 'editor';
}

/** Demo staff: two admins and three editors, all sharing one password. */
export const staffAccounts: readonly StaffAccount[] = [
  { email: 'admin1@pult.demo', role: 'admin' },
  { email: 'admin2@pult.demo', role: 'admin' },
  { email: 'editor1@pult.demo', role: 'editor' },
  { email: 'editor2@pult.demo', role: 'editor' },
  { email: 'editor3@pult.demo', role: 'editor' },
];

/** A random demo password (never seeded: even demo credentials should not be guessable). */
export function generateStaffPassword(): string {
  return randomBytes(12).toString('base64url');
}

export interface StaffRowsOptions {
  accounts: readonly StaffAccount[];
  firstId: number;
  /** One argon2id hash shared by every staff row: hashing is deliberately slow. */
  passwordHash: string;
  seed: number;
  now: Date;
}

/** Staff joined when the product started and work every day, so they were seen recently. */
export function staffRows(options: StaffRowsOptions): UserRow[] {
  const random = createRandom(options.seed ^ 0x5ea1);
  // Whole seconds, like generated users, so timestamps look alike in the UI.
  const nowSeconds = Math.floor(options.now.getTime() / 1000);
  const joined = new Date((nowSeconds - 730 * 86_400) * 1000);
  return options.accounts.map((account, i) => ({
    id: options.firstId + i,
    email: account.email,
    phoneNumber: mobilePhone(random),
    ...generatePerson(random),
    role: account.role,
    status: 'active',
    passwordHash: options.passwordHash,
    createdAt: joined,
    updatedAt: joined,
    lastSeenAt: new Date((nowSeconds - random.int(60, 86_400)) * 1000),
  }));
}
