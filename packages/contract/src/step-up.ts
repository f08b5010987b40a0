import { z } from 'zod';
import { mfaCode } from './mfa';
import { passkeyAuthenticationResponse } from './passkeys';

/**
 * Step-up (docs/decisions/0044): the dangerous actions need a proof of the person at the keyboard
 * within the last STEP_UP_WINDOW_MINUTES, else 403 STEP_UP_REQUIRED. The sign-in is such a proof; so is
 * `POST /profile/step-up` with a code of the second factor, or the password for an account without one.
 */
export const STEP_UP_WINDOW_MINUTES = 5;

/** Exactly one proof: a TOTP or recovery code when the account has a factor, else the password. */
export const stepUpBody = z
  .object({ password: z.string().min(1).max(128).optional(), code: mfaCode.optional() })
  .refine((body) => (body.password === undefined) !== (body.code === undefined), {
    message: 'Send either a password or a code',
    path: ['code'],
  });
export type StepUpBody = z.infer<typeof stepUpBody>;

export const stepUpPasskeyBody = z.object({ response: passkeyAuthenticationResponse });

/** Until when the session's proof holds. */
export const stepUpResult = z.object({ steppedUpUntil: z.string() });
export type StepUpResult = z.infer<typeof stepUpResult>;
