/**
 * Creates or updates accounts from the command line, e.g. to recover admin access on a server or to
 * prepare test accounts before the server starts. One account from flags:
 *   npx tsx apps/api/src/cli/create-user.ts --email a@b.ru --password secret123 --role editor [--status blocked]
 * or several from a JSON file (an array of { email, password?, role?, status?, firstName?, lastName?,
 * phone? }), in one process: opening the embedded database costs seconds, so the browser tests'
 * set-up makes its six accounts with one call.
 *   npx tsx apps/api/src/cli/create-user.ts --accounts accounts.json
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { email as emailSchema, newPassword, role as roleSchema, userFields, userStatus } from '@pult/contract';
import { z } from 'zod';
import { type Db, openDatabase } from '../db/client';
import { users } from '../db/schema';
import { loadEnv } from '../env';
import { hashPassword } from '../modules/users';

const account = z.strictObject({
  email: emailSchema,
  password: newPassword.optional(),
  role: roleSchema.default('user'),
  status: userStatus.default('active'),
  // The same rules as the user form's (E.164 phone, names up to 100 characters).
  firstName: userFields.shape.firstName,
  lastName: userFields.shape.lastName,
  phone: userFields.shape.phoneNumber,
});
type Account = z.infer<typeof account>;

const { values } = parseArgs({
  options: {
    accounts: { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
    role: { type: 'string' },
    status: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
    phone: { type: 'string' },
  },
});

/** Every account is checked before the database is opened: a typo changes nothing. */
const readAccounts = (): Account[] =>
  values.accounts
    ? z
        .array(account)
        .min(1)
        .parse(JSON.parse(readFileSync(values.accounts, 'utf8')))
    : [
        account.parse({
          email: values.email,
          password: values.password,
          role: values.role,
          status: values.status,
          firstName: values['first-name'],
          lastName: values['last-name'],
          phone: values.phone,
        }),
      ];

let accounts: Account[];
try {
  accounts = readAccounts();
} catch (error) {
  // A person typed this: say what is wrong in one block, without a stack.
  const message =
    error instanceof z.ZodError ? z.prettifyError(error) : error instanceof Error ? error.message : String(error);
  process.stderr.write(`create-user: nothing changed.\n${message}\n`);
  process.exit(1);
}

/** Inserts the account, or updates the one with its e-mail (a missing password clears it). */
async function upsert(db: Db, { email, password, role, status, firstName, lastName, phone }: Account) {
  const fields = {
    role,
    status,
    passwordHash: password ? await hashPassword(password) : null,
    firstName: firstName ?? null,
    lastName: lastName ?? null,
    phoneNumber: phone ?? null,
  };
  const [row] = await db
    .insert(users)
    .values({ email, ...fields })
    .onConflictDoUpdate({ target: users.email, set: fields })
    .returning({ id: users.id });
  process.stdout.write(`user ${email} (${role}, ${status}) id=${row?.id}\n`);
}

const env = loadEnv();
const database = await openDatabase({ url: env.DATABASE_URL, pgliteDir: join(env.dataDir, 'pglite') });
try {
  for (const one of accounts) await upsert(database.db, one);
} finally {
  await database.close();
}
