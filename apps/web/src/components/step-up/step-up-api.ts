import type { StepUpResult } from '@pult/contract';
import { api } from '../../lib/api';
import { PasskeyElsewhereError, passkeyAddress } from '../../lib/passkeys';

/** The caller's factors decide how the dialog asks: a code, a passkey, or the password. */
export const myFactors = () => api.mfa.status();

export const stepUpWith = (body: { password: string } | { code: string }): Promise<StepUpResult> =>
  api.stepUp.confirm({ body });

/**
 * A proof with a passkey: the API's options, the browser's dialog (its code loaded only now), the
 * signature back. On a page at another host than the passkeys' domain: PasskeyElsewhereError.
 */
export async function stepUpWithPasskey(): Promise<StepUpResult> {
  const options = await api.stepUp.passkeyOptions();
  const elsewhere = passkeyAddress(String(options.rpId), window.location.pathname);
  if (elsewhere) throw new PasskeyElsewhereError(elsewhere);
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({ optionsJSON: options as never });
  return api.stepUp.passkey({ body: { response: response as never } });
}
