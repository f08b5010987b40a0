import type { LimitRule } from '../../lib/rate-limit';

/** OWASP authentication guidance: throttle per account and, more loosely, per source address. */
export const SIGNIN_PER_ACCOUNT: LimitRule = { max: 5, windowMs: 15 * 60_000 };
export const SIGNIN_PER_IP: LimitRule = { max: 30, windowMs: 15 * 60_000 };
export const FORGOT_PER_IP: LimitRule = { max: 10, windowMs: 15 * 60_000 };
