import type { SigninMfaResult, TotpEnrolment } from '@pult/contract';
import { api } from '../../../lib/api';
import { PasskeyElsewhereError, passkeyAddress } from '../../../lib/passkeys';

/** The second step of a sign-in: a TOTP or recovery code for the challenge's token. */
export const answerChallenge = (mfaToken: string, code: string): Promise<SigninMfaResult> =>
  api.auth.signinMfa({ body: { mfaToken, code } });

/** A sign-in the policy stopped sets up an authenticator first: its secret and otpauth URI. */
export const enrolDuringSignIn = (mfaToken: string): Promise<TotpEnrolment> =>
  api.auth.signinEnrolTotp({ body: { mfaToken } });

/**
 * The second step with a passkey: the API's options for this token, the browser's dialog (its code loaded
 * only now), the signature back to the API. On a page at another host than the passkeys' domain it throws
 * PasskeyElsewhereError with the address to sign in at.
 */
export async function signInWithPasskey(mfaToken: string): Promise<SigninMfaResult> {
  const options = await api.auth.signinPasskeyOptions({ body: { mfaToken } });
  const elsewhere = passkeyAddress(String(options.rpId), '/login');
  if (elsewhere) throw new PasskeyElsewhereError(elsewhere);
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({ optionsJSON: options as never });
  return api.auth.signinPasskey({ body: { mfaToken, response: response as never } });
}
