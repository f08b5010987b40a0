import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: well above the 128 bits product.md §5 asks for. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/**
 * Tokens are stored only as SHA-256 hashes. A fast hash is right here (unlike passwords):
 * the input already has 256 bits of entropy, so there is nothing to brute-force.
 */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');
