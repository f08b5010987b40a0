// The error codes without their schemas (errors.ts): the SPA's entry reads them without loading zod.

/**
 * Stable error codes (docs/decisions/0011). The SPA translates codes, never message wording:
 * a message may be reworded for humans and logs at any time, a code may not change meaning.
 * Each status has a generic code; specific codes name the reasons a user can act on.
 */
export const errorCodes = [
  // One per status, for answers with no more specific reason.
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'REQUEST_TIMEOUT',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL',
  'BAD_GATEWAY',
  'SERVICE_UNAVAILABLE',
  // Sessions and sign-in.
  'INVALID_CREDENTIALS',
  'ROLE_NOT_ALLOWED',
  'ACCOUNT_BLOCKED',
  'TOKEN_MISSING',
  'TOKEN_EXPIRED',
  'REFRESH_TOKEN_INVALID',
  'RESET_TOKEN_INVALID',
  // The second factor and sessions (docs/decisions/0035).
  'MFA_TOKEN_INVALID',
  'MFA_CODE_INVALID',
  'MFA_ALREADY_ENROLLED',
  'MFA_NOT_ENROLLED',
  'PASSKEY_INVALID',
  'PASSKEY_TAKEN',
  'PASSKEY_NOT_FOUND',
  'PASSKEYS_UNAVAILABLE',
  'SESSION_NOT_FOUND',
  // Step-up: a fresh proof before a dangerous action (docs/decisions/0044).
  'STEP_UP_REQUIRED',
  // Users.
  'USER_NOT_FOUND',
  'EMAIL_TAKEN',
  'SELF_CHANGE',
  'LAST_ADMIN',
  'USER_DELETED',
  'USER_STATUS_CONFLICT',
  // Plans and grants.
  'PLAN_NOT_FOUND',
  'PLAN_TITLE_TAKEN',
  'PLAN_DISABLED',
  'DURATION_MISMATCH',
  'ADMIN_ONLY_FIELDS',
  // Promo codes and the catalog.
  'SERIES_NOT_FOUND',
  'CODE_NOT_FOUND',
  'CODE_BLOCKED',
  'CODE_USED',
  'SERIES_INACTIVE',
  'SERIES_NOT_STARTED',
  'SERIES_ENDED',
  'CATALOG_NOT_CONFIGURED',
  'CUSTOMIZATION_NOT_FOUND',
  'CATALOG_ERROR',
  // Uploads.
  'FILE_REQUIRED',
  'FILE_TOO_LARGE',
  'FILE_TYPE_UNSUPPORTED',
  // Notes.
  'NOTE_NOT_FOUND',
  'NOTE_ARCHIVED',
  // Legal documents, consents and personal data.
  'AGREEMENT_NOT_FOUND',
  'AGREEMENT_OUTDATED',
  'CONFIRMATION_MISMATCH',
  'ALREADY_ANONYMISED',
  // Telegram channels and categories, and the Bot API behind «Обновить из Telegram».
  'TG_CHANNEL_NOT_FOUND',
  'TG_CATEGORY_NOT_FOUND',
  'TG_USERNAME_TAKEN',
  'TG_CATEGORY_TITLE_TAKEN',
  'TG_CATEGORY_NOT_EMPTY',
  'TG_ORDER_STALE',
  'TELEGRAM_NOT_CONFIGURED',
  'TELEGRAM_CHAT_NOT_FOUND',
  'TELEGRAM_NOT_A_CHANNEL',
  'TELEGRAM_ERROR',
  // Push notifications and devices.
  'REMINDER_NOT_FOUND',
  'REMINDER_NOT_CANCELABLE',
  'NO_DEVICES',
  'DEVICE_NOT_FOUND',
  'DELIVERY_NOT_FOUND',
  // A/B pushes: the winner goes to the rest once the test window ended, and once.
  'AB_TEST_RUNNING',
  'AB_NOTHING_TO_SEND',
  // Imports (docs/decisions/0037).
  'IMPORT_NOT_FOUND',
  'IMPORT_SERIES_BUSY',
  'IMPORT_NOT_UNDOABLE',
  'IMPORT_UNDO_REFUSED',
  // Saved views of the list screens.
  'VIEW_NOT_FOUND',
  'VIEW_NAME_TAKEN',
  'VIEW_LIMIT_REACHED',
  'VIEW_READ_ONLY',
  // Versions and history (docs/decisions/0036).
  'STALE_VERSION',
  'REVISION_NOT_FOUND',
  'EVENT_TICKET_INVALID',
  // Undo of a bulk action (docs/decisions/0043).
  'UNDO_NOT_FOUND',
  'UNDO_EXPIRED',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/**
 * What went wrong with one field, as a code the form translates (`errors` in the error shape).
 * Validation issues map onto these; a rule of the API uses the closest one.
 */
export const fieldErrorCodes = [
  'required',
  'invalid',
  'invalid_type',
  'invalid_format',
  'too_short',
  'too_long',
  'too_small',
  'too_big',
  'not_allowed',
  'unrecognized',
  'taken',
  'mismatch',
  'not_found',
  'disabled',
  'too_large',
  'unsupported_type',
] as const;
export type FieldErrorCode = (typeof fieldErrorCodes)[number];

const GENERIC_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  412: 'STALE_VERSION',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
};

/** The code an answer gets when nothing more specific is known about it: one per status. */
export const genericErrorCode = (status: number): ErrorCode =>
  GENERIC_CODES[status] ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');

/** The statuses an endpoint may document besides 200. */
export const errorStatuses = [400, 401, 403, 404, 409, 412, 413, 415, 429, 502, 503] as const;
export type ErrorStatus = (typeof errorStatuses)[number];
