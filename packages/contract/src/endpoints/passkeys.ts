import { idParam, okResponse, staffRoles } from '../common';
import { defineEndpoint } from '../endpoint';
import {
  addedPasskey,
  addPasskeyBody,
  passkeyItem,
  passkeyList,
  removePasskeyBody,
  renamePasskeyBody,
  webauthnOptions,
} from '../passkeys';

/** A staff member's own passkeys (docs/decisions/0041); signing in with one is in the auth family. */
export const passkeysEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/profile/mfa/passkeys',
    operationId: 'listMyPasskeys',
    summary: 'The caller’s passkeys, and the address where passkeys work',
    tag: 'profile',
    access: staffRoles,
    response: passkeyList,
    errors: [],
  }),
  registrationOptions: defineEndpoint({
    method: 'POST',
    path: '/profile/mfa/passkeys/options',
    operationId: 'passkeyRegistrationOptions',
    summary: 'Start registering a passkey',
    description:
      'Answers the options for `navigator.credentials.create()`; their challenge works once, for 5 minutes. ' +
      '409 PASSKEYS_UNAVAILABLE when the installation’s PUBLIC_URL is an IP address other than a loopback one.',
    tag: 'profile',
    access: staffRoles,
    response: webauthnOptions,
    errors: [409],
  }),
  add: defineEndpoint({
    method: 'POST',
    path: '/profile/mfa/passkeys',
    operationId: 'addPasskey',
    summary: 'Finish registering a passkey',
    description:
      'Checks the authenticator’s answer against the pending challenge, this installation’s origin and relying ' +
      'party (400 PASSKEY_INVALID otherwise; 409 PASSKEY_TAKEN for a passkey already registered). The caller’s ' +
      'other sessions end (they predate the factor); the first factor of an account comes with 10 recovery codes.',
    tag: 'profile',
    access: staffRoles,
    body: addPasskeyBody,
    response: addedPasskey,
    errors: [409],
  }),
  rename: defineEndpoint({
    method: 'PATCH',
    path: '/profile/mfa/passkeys/:id',
    operationId: 'renamePasskey',
    summary: 'Rename one of the caller’s passkeys',
    tag: 'profile',
    access: staffRoles,
    params: idParam,
    body: renamePasskeyBody,
    response: passkeyItem,
    errors: [404],
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: '/profile/mfa/passkeys/:id/remove',
    operationId: 'removePasskey',
    summary: 'Remove one of the caller’s passkeys',
    description:
      'Needs the password (400 INVALID_CREDENTIALS). The recovery codes go with the last factor of the account.',
    tag: 'profile',
    access: staffRoles,
    params: idParam,
    body: removePasskeyBody,
    response: okResponse,
    errors: [404, 429],
  }),
};
