import { staffRoles } from '../common';
import { defineEndpoint } from '../endpoint';
import { webauthnOptions } from '../passkeys';
import { stepUpBody, stepUpPasskeyBody, stepUpResult } from '../step-up';

/** A fresh proof for the current session before a dangerous action (docs/decisions/0044). */
export const stepUpEndpoints = {
  confirm: defineEndpoint({
    method: 'POST',
    path: '/profile/step-up',
    operationId: 'stepUp',
    summary: 'Prove it is you again, for the dangerous actions of the next 5 minutes',
    description:
      'A TOTP or recovery code (`code`) when the account has a second factor, else the password. A wrong proof ' +
      'is 400 MFA_CODE_INVALID or INVALID_CREDENTIALS and counts against the account’s limit (429); a password ' +
      'from an account with a factor, or a code from one without, is 400 VALIDATION_FAILED.',
    tag: 'profile',
    access: staffRoles,
    body: stepUpBody,
    response: stepUpResult,
    errors: [429],
  }),
  passkeyOptions: defineEndpoint({
    method: 'POST',
    path: '/profile/step-up/passkey/options',
    operationId: 'stepUpPasskeyOptions',
    summary: 'The options for proving it is you with a passkey',
    description:
      'For `navigator.credentials.get()`: the caller’s passkeys, and a challenge kept on the session for 5 ' +
      'minutes. 409 PASSKEYS_UNAVAILABLE without a relying party, 409 MFA_NOT_ENROLLED without a passkey.',
    tag: 'profile',
    access: staffRoles,
    response: webauthnOptions,
    errors: [409],
  }),
  passkey: defineEndpoint({
    method: 'POST',
    path: '/profile/step-up/passkey',
    operationId: 'stepUpWithPasskey',
    summary: 'Prove it is you with a passkey',
    description: 'A signature that does not verify is 400 PASSKEY_INVALID and counts against the account’s limit.',
    tag: 'profile',
    access: staffRoles,
    body: stepUpPasskeyBody,
    response: stepUpResult,
    errors: [409, 429],
  }),
};
