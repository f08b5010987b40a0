import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';

const logPath = () => {
  const path = process.env.E2E_SERVER_LOG;
  if (!path) throw new Error('E2E_SERVER_LOG is unset: run the tests through e2e/playwright.config.ts');
  return path;
};

/** How far the server log has grown; read lines after this mark only. */
export const logMark = (): number => readFileSync(logPath()).length;

/** The password-reset link the server logged for `email` (SMTP unset), waiting for it to appear. */
export const waitForResetUrl = async (email: string, since: number): Promise<string> => {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        const text = readFileSync(logPath()).subarray(since).toString('utf8');
        for (const line of text.split('\n')) {
          if (!line.includes('resetUrl')) continue;
          try {
            const entry = JSON.parse(line) as { resetUrl?: string; mailTo?: string };
            if (entry.resetUrl && entry.mailTo === email) found = entry.resetUrl;
          } catch {
            // not a JSON log line
          }
        }
        return found;
      },
      { message: `reset link for ${email} in the server log`, timeout: 10_000 },
    )
    .toBeTruthy();
  return found as string;
};
