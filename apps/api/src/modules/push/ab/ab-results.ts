import type { AbState, VariantResult } from '@pult/contract';
import type { VariantCounters } from '../reminders/reminders-repository';

/** 95 % two-sided. */
const Z = 1.96;

/**
 * The Wilson score interval of a proportion: unlike the textbook p ± z·√(p(1−p)/n) it stays inside
 * [0, 1] and is honest for the small counts and rates near zero that push opens have.
 */
export function wilsonInterval(successes: number, trials: number): { low: number; high: number } | null {
  if (trials <= 0) return null;
  const p = successes / trials;
  const z2 = Z * Z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (Z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / denominator;
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** Each text of an A/B push with its counters and open rate; A is the push's own title and body. */
export function variantResults(
  reminder: { title: string; body: string; ab: AbState },
  rows: readonly VariantCounters[],
): VariantResult[] {
  const texts = [{ title: reminder.title, body: reminder.body }, ...reminder.ab.variants];
  return texts.map((text, variant) => {
    const row = rows.find((r) => r.variant === variant);
    const counters = {
      targeted: Number(row?.targeted ?? 0),
      skipped: Number(row?.skipped ?? 0),
      sent: Number(row?.sent ?? 0),
      failed: Number(row?.failed ?? 0),
      opened: Number(row?.opened ?? 0),
    };
    const interval = wilsonInterval(counters.opened, counters.sent);
    return {
      variant,
      ...text,
      share: reminder.ab.split[variant] ?? 0,
      ...counters,
      openRate: counters.sent > 0 ? counters.opened / counters.sent : null,
      low: interval?.low ?? null,
      high: interval?.high ?? null,
    };
  });
}

/** When the winner may go: the first delivery plus the test window (none before the start, or without a rest). */
export function testEndsAt(ab: AbState, startedAt: Date | null): Date | null {
  if (ab.testHours === null || startedAt === null) return null;
  return new Date(startedAt.getTime() + ab.testHours * 3_600_000);
}
