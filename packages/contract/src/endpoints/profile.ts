import { z } from 'zod';
import { newPassword } from '../auth';
import { okResponse, staffRoles } from '../common';
import { defineEndpoint } from '../endpoint';
import { locale } from '../locales';

// The languages live in ../locales.ts (the users export speaks them too); re-exported for the profile's callers.
export { type Locale, locale, locales } from '../locales';

export const profilePreferences = z.object({ locale }).meta({ id: 'ProfilePreferences' });
export type ProfilePreferences = z.infer<typeof profilePreferences>;

export const changePasswordBody = z.object({
  currentPassword: z.string().min(1).max(128),
  newPassword,
});

/** The signed-in staff member's own account: password and language. */
export const profileEndpoints = {
  preferences: defineEndpoint({
    method: 'GET',
    path: '/users/me/preferences',
    operationId: 'getMyPreferences',
    summary: 'The signed-in staff member’s preferences',
    description: 'Russian until changed.',
    tag: 'profile',
    access: staffRoles,
    response: profilePreferences,
    errors: [],
  }),
  updatePreferences: defineEndpoint({
    method: 'PATCH',
    path: '/users/me/preferences',
    operationId: 'updateMyPreferences',
    summary: 'Change the interface language',
    tag: 'profile',
    access: staffRoles,
    body: profilePreferences,
    response: profilePreferences,
    errors: [],
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/users/me/password',
    operationId: 'changeMyPassword',
    summary: 'Change one’s own password',
    description:
      'Needs the current password (400 INVALID_CREDENTIALS with `currentPassword: mismatch`). Every other ' +
      'session of the account ends; the calling one stays.',
    tag: 'profile',
    access: staffRoles,
    body: changePasswordBody,
    response: okResponse,
    errors: [429],
  }),
};
