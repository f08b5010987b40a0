import type { LimitRule } from '../../../lib/rate-limit';

/**
 * A push token registered by another planner user moves to the caller: one phone, a new sign-in.
 * Nothing proves the caller holds the token (that needs the app's help: a silent push carrying a
 * nonce the app sends back), so a caller who learned someone's token could make that phone get their
 * notifications and not its owner's. Each move is audited (`move-device`: the previous and the new
 * owner) and an account may move at most this many tokens per hour: a family sharing a phone stays
 * far below it, collecting tokens does not (docs/decisions/0015).
 */
export const DEVICE_MOVES_PER_USER: LimitRule = { max: 5, windowMs: 60 * 60_000 };

export const deviceMovesKey = (userId: number) => `device-move:user:${userId}`;
