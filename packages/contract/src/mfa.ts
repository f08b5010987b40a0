import { z } from 'zod';
import { type SessionUser, sessionUser } from './auth';

/** The second factors an account may hold (product.md §8); `recovery` only while unused codes remain. */
export const mfaMethods = ['totp', 'webauthn', 'recovery'] as const;
export type MfaMethod = (typeof mfaMethods)[number];

/**
 * The sign-in's answer after a right password when a second factor stands between it and a session:
 * no token yet. `enrolmentRequired`: the policy demands a factor the account has none of, so the SPA
 * enrols one (`POST /users/signin/mfa/totp`) before anything else.
 */
export const mfaChallenge = z
  .object({
    mfaRequired: z.literal(true),
    mfaToken: z.string(),
    methods: z.array(z.enum(mfaMethods)),
    enrolmentRequired: z.boolean(),
  })
  .meta({ id: 'MfaChallenge' });
export type MfaChallenge = z.infer<typeof mfaChallenge>;

/** A 6-digit TOTP code or a recovery code (`XXXX-XXXX-XXXX`, dashes and case ignored). */
export const mfaCode = z.string().trim().min(6).max(32);

export const signinMfaBody = z.object({ mfaToken: z.string().min(1).max(200), code: mfaCode });
export const mfaTokenBody = z.object({ mfaToken: z.string().min(1).max(200) });

/** What the second step answers: a session, and the recovery codes when that step also enrolled a factor. */
export const signinMfaResult = sessionUser.extend({ recoveryCodes: z.array(z.string()).optional() });
export type SigninMfaResult = z.infer<typeof signinMfaResult>;

/** A new authenticator's secret (base32) and the `otpauth://` URI the QR code carries. */
export const totpEnrolment = z.object({ secret: z.string(), otpauthUri: z.string() }).meta({ id: 'TotpEnrolment' });
export type TotpEnrolment = z.infer<typeof totpEnrolment>;

export const confirmTotpBody = z.object({ code: mfaCode });
export const recoveryCodesAnswer = z.object({ recoveryCodes: z.array(z.string()) });

/** Removing a factor needs both proofs: the password and a current code (or a recovery code). */
export const removeTotpBody = z.object({ password: z.string().min(1).max(128), code: mfaCode });

/** The caller's own factors, for the profile. */
export const mfaStatus = z
  .object({
    totp: z.boolean(),
    totpConfirmedAt: z.string().nullable(),
    recoveryCodesLeft: z.number().int().nonnegative(),
    /** How many passkeys the caller has registered (listed by `GET /profile/mfa/passkeys`). */
    passkeys: z.number().int().nonnegative(),
    /** The settings' policy demands a factor of the caller's role. */
    required: z.boolean(),
  })
  .meta({ id: 'MfaStatus' });
export type MfaStatus = z.infer<typeof mfaStatus>;

/** One of the caller's live sessions (product.md §8). */
export const sessionItem = z.object({
  id: z.number().int(),
  current: z.boolean(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type SessionItem = z.infer<typeof sessionItem>;
export const sessionList = z.object({ items: z.array(sessionItem) }).meta({ id: 'SessionList' });
export const endedSessions = z.object({ ended: z.number().int().nonnegative() });

/**
 * The session of a sign-in answer, for callers that sign in accounts without a second factor (the
 * e2e set-up, the bench): an account that asks for one is a mistake of theirs, said at once.
 */
export function sessionOf(answer: SessionUser | MfaChallenge): SessionUser {
  if ('mfaRequired' in answer) throw new Error('this account signs in with a second factor');
  return answer;
}
