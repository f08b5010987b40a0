import type { SigninMfaResult, TotpEnrolment } from '@pult/contract';
import { api } from '../../../lib/api';

/** The second step of a sign-in: a TOTP or recovery code for the challenge's token. */
export const answerChallenge = (mfaToken: string, code: string): Promise<SigninMfaResult> =>
  api.auth.signinMfa({ body: { mfaToken, code } });

/** A sign-in the policy stopped sets up an authenticator first: its secret and otpauth URI. */
export const enrolDuringSignIn = (mfaToken: string): Promise<TotpEnrolment> =>
  api.auth.signinEnrolTotp({ body: { mfaToken } });
