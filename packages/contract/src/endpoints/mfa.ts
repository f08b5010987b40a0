import { idParam, okResponse, staffRoles } from '../common';
import { defineEndpoint } from '../endpoint';
import { confirmTotpBody, mfaStatus, recoveryCodesAnswer, removeTotpBody, totpEnrolment } from '../mfa';

/** A staff member's own second factor, and an admin's reset of someone else's (docs/decisions/0035). */
export const mfaEndpoints = {
  status: defineEndpoint({
    method: 'GET',
    path: '/profile/mfa',
    operationId: 'getMyFactors',
    summary: 'The caller’s second factors',
    tag: 'profile',
    access: staffRoles,
    response: mfaStatus,
    errors: [],
  }),
  enrolTotp: defineEndpoint({
    method: 'POST',
    path: '/profile/mfa/totp',
    operationId: 'enrolTotp',
    summary: 'Start enrolling an authenticator app',
    description:
      'Answers a new secret and its otpauth URI; the factor works only after `confirm`. Starting again replaces ' +
      'an unconfirmed secret; an account with a confirmed one is 409 MFA_ALREADY_ENROLLED.',
    tag: 'profile',
    access: staffRoles,
    response: totpEnrolment,
    errors: [409],
  }),
  confirmTotp: defineEndpoint({
    method: 'POST',
    path: '/profile/mfa/totp/confirm',
    operationId: 'confirmTotp',
    summary: 'Confirm the authenticator with its first code',
    description:
      'Answers 10 recovery codes, shown this once (stored hashed). The caller’s other sessions end. A wrong code ' +
      'is 400 MFA_CODE_INVALID; nothing to confirm is 409 MFA_NOT_ENROLLED.',
    tag: 'profile',
    access: staffRoles,
    body: confirmTotpBody,
    response: recoveryCodesAnswer,
    errors: [409, 429],
  }),
  removeTotp: defineEndpoint({
    method: 'POST',
    path: '/profile/mfa/totp/remove',
    operationId: 'removeTotp',
    summary: 'Remove the authenticator app (the recovery codes go with the last factor)',
    description: 'Needs the password (400 INVALID_CREDENTIALS) and a current or recovery code (400 MFA_CODE_INVALID).',
    tag: 'profile',
    access: staffRoles,
    body: removeTotpBody,
    response: okResponse,
    errors: [409, 429],
  }),
  resetUser: defineEndpoint({
    method: 'POST',
    path: '/users/:id/mfa/reset',
    operationId: 'resetUserFactors',
    summary: 'Remove a staff member’s second factors',
    description: 'For a colleague who lost the device: factors and recovery codes go, every session of theirs ends.',
    tag: 'users',
    access: ['admin'],
    params: idParam,
    response: okResponse,
    errors: [404],
  }),
};
