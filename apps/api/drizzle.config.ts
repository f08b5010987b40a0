import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/all-tables.ts',
  out: './src/db/migrations',
});
