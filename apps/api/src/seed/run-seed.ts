import { hashPassword } from '../modules/auth/passwords';
import { generateUsers, type UserRow, userSource } from './generate-users';
import { createProgress } from './progress';
import type { SeedTarget } from './seed-target';
import { generateStaffPassword, staffAccounts, staffRows } from './staff';

export interface SeedOptions {
  users: number;
  reset: boolean;
  seed: number;
  now: Date;
  staffPassword?: string;
  /** Where the progress line goes; default stderr. */
  progressStream?: NodeJS.WriteStream;
}

export interface SeedReport {
  users: number;
  staffCreated: string[];
  /** Set when the password was generated here: the only time it is ever shown. */
  generatedPassword?: string;
  firstId: number;
  seconds: number;
}

function* concat<T>(...parts: Iterable<T>[]): Generator<T> {
  for (const part of parts) yield* part;
}

/**
 * One seed run: optionally reset, create the missing staff accounts, then stream planner users.
 * Later seeders (plans, subscriptions, transactions, promo codes) add their sources after users,
 * since they reference user ids.
 */
export async function runSeed(target: SeedTarget, options: SeedOptions): Promise<SeedReport> {
  const started = performance.now();
  if (options.reset) await target.reset(['users']);
  const firstId = (await target.maxId('users')) + 1;

  const existing = await target.existingEmails(staffAccounts.map((account) => account.email));
  const missing = staffAccounts.filter((account) => !existing.has(account.email));
  let staff: UserRow[] = [];
  let generatedPassword: string | undefined;
  if (missing.length > 0) {
    const password = options.staffPassword ?? generateStaffPassword();
    if (!options.staffPassword) generatedPassword = password;
    const passwordHash = await hashPassword(password);
    staff = staffRows({ accounts: missing, firstId, passwordHash, seed: options.seed, now: options.now });
  }

  const users = generateUsers({
    count: options.users,
    firstId: firstId + staff.length,
    seed: options.seed,
    now: options.now,
  });
  const total = staff.length + options.users;
  await target.load(
    userSource(concat(staff, users), total),
    createProgress({ label: 'users', total, ...(options.progressStream ? { stream: options.progressStream } : {}) }),
  );
  await target.finish('users');

  return {
    users: options.users,
    staffCreated: missing.map((account) => account.email),
    ...(generatedPassword ? { generatedPassword } : {}),
    firstId,
    seconds: (performance.now() - started) / 1000,
  };
}
