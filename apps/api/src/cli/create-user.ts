/**
 * Creates or updates one account from the command line, e.g. to recover admin access on a server
 * or to prepare test accounts before the server starts:
 *   npx tsx apps/api/src/cli/create-user.ts --email a@b.ru --password secret123 --role editor [--status blocked]
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { email as emailSchema, newPassword, role as roleSchema, userStatus } from '@pult/contract';
import { openDatabase } from '../db/client';
import { users } from '../db/schema';
import { loadEnv } from '../env';
import { hashPassword } from '../modules/users';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    role: { type: 'string', default: 'user' },
    status: { type: 'string', default: 'active' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
    phone: { type: 'string' },
  },
});

const email = emailSchema.parse(values.email);
const password = values.password === undefined ? undefined : newPassword.parse(values.password);
const role = roleSchema.parse(values.role);
const status = userStatus.parse(values.status);

const env = loadEnv();
const database = await openDatabase({ url: env.DATABASE_URL, pgliteDir: join(env.dataDir, 'pglite') });
try {
  const passwordHash = password ? await hashPassword(password) : null;
  const fields = {
    role,
    status,
    passwordHash,
    firstName: values['first-name'] ?? null,
    lastName: values['last-name'] ?? null,
    phoneNumber: values.phone ?? null,
  };
  const [row] = await database.db
    .insert(users)
    .values({ email, ...fields })
    .onConflictDoUpdate({ target: users.email, set: fields })
    .returning({ id: users.id });
  process.stdout.write(`user ${email} (${role}, ${status}) id=${row?.id}\n`);
} finally {
  await database.close();
}
