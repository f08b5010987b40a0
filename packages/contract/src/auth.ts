import { z } from 'zod';
import { user } from './users';

export * from './token-timing';

export const email = z.string().trim().toLowerCase().email().max(254);
/** OWASP ASVS: at least 8 characters, no composition rules, long passphrases allowed. */
export const newPassword = z.string().min(8).max(128);

export const signinBody = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(128),
});
export type SigninBody = z.infer<typeof signinBody>;

/**
 * What sign-in and refresh return: the user plus a fresh token pair. Without the record's version: a
 * session is not an edit of the account (and sessions kept by browsers from before versions stay valid).
 */
/** Refused sign-ins of the account since its previous successful one: how many, the last one's time and address. */
export const failedSignIns = z.object({
  count: z.number().int().positive(),
  lastAt: z.string(),
  lastIp: z.string().nullable(),
});
export type FailedSignIns = z.infer<typeof failedSignIns>;

export const sessionUser = user.omit({ version: true }).extend({
  apiToken: z.string(),
  refreshToken: z.string(),
  /** ISO time at which the access token stops working on the server. */
  apiTokenExpiresAt: z.string(),
  /** Seconds the access token lives; the SPA counts its own deadline from it, immune to clock skew. */
  expiresIn: z.number().int(),
  /**
   * A staff sign-in's answer only: the refused sign-ins since the previous one, or null (issue 31).
   * The SPA tells the staff member in the header; a refresh's answer leaves it out.
   */
  failedSignIns: failedSignIns.nullable().optional(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const refreshTokenBody = z.object({ token: z.string().min(1).max(200) });
export const forgotPasswordBody = z.object({ email: z.string().trim().min(1).max(254) });
export const resetPasswordBody = z.object({ token: z.string().min(1).max(200), password: newPassword });
