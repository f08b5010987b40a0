/** Accounts the global setup creates before the server starts; each test picks the one it needs. */
export interface Account {
  email: string;
  password: string;
  role: 'admin' | 'editor' | 'user';
  status?: 'active' | 'blocked';
  firstName?: string;
  lastName?: string;
  phone?: string;
}

export const ACCOUNTS = {
  admin: {
    email: 'admin@pult.test',
    password: 'Admin-pass-2024',
    role: 'admin',
    firstName: 'Анна',
    lastName: 'Петрова',
    phone: '+79991234567',
  },
  editor: { email: 'editor@pult.test', password: 'Editor-pass-2024', role: 'editor' },
  planner: { email: 'planner@pult.test', password: 'Planner-pass-2024', role: 'user' },
  blocked: { email: 'blocked@pult.test', password: 'Blocked-pass-2024', role: 'admin', status: 'blocked' },
  forgetful: { email: 'forgetful@pult.test', password: 'Forgetful-pass-2024', role: 'editor' },
} as const satisfies Record<string, Account>;

export const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
