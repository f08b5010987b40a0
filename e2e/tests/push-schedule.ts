import type { Locator } from '@playwright/test';

/** The Moscow wall clock (UTC+3, no DST) as the composer's picker writes it, `ms` from now, to the minute. */
export const moscowPickerText = (ms: number) => {
  const at = new Date(Date.now() + ms + 3 * 3_600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(at.getUTCDate())}.${two(at.getUTCMonth() + 1)}.${at.getUTCFullYear()} ${two(at.getUTCHours())}:${two(at.getUTCMinutes())}`;
};

/**
 * Schedules the composed push a minute or so ahead, to the minute: the log provider sends it once
 * that minute comes, and the detail of the push opens.
 */
export async function scheduleInAMinute(drawer: Locator) {
  const time = drawer.getByLabel('Время отправки');
  await time.click();
  await time.fill(moscowPickerText(60_000));
  await time.press('Enter');
  await drawer.getByRole('button', { name: 'Запланировать' }).click();
}
