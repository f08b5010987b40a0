import type { LimitRule } from '../../lib/rate-limit';

/**
 * Failed redemptions allowed per planner account and per address. Codes are 8+ characters from a
 * 32-letter alphabet (2^40 and up), so 10 wrong guesses per quarter hour per account make guessing
 * hopeless, while a person mistyping a code a few times is never stopped.
 */
export const ACTIVATION_PER_USER: LimitRule = { max: 10, windowMs: 15 * 60_000 };
export const ACTIVATION_PER_IP: LimitRule = { max: 50, windowMs: 15 * 60_000 };
