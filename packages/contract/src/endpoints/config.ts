import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

export const publicConfig = z
  .object({
    /** Stored file paths (avatars, icons) are relative to this base; full URLs are used as they are. */
    filesBaseUrl: z.string(),
    /** The project's name from the settings: page title, header, landing pages. */
    projectName: z.string(),
    /** Where people get help, from the settings. */
    supportContact: z.string(),
    /** The settings' default time zone (IANA): staff schedule push notifications on its clock. */
    timeZone: z.string(),
    /** A staff session with no request for this long ends (the setting): the SPA warns a minute before. */
    sessionIdleMinutes: z.number().int(),
  })
  .meta({ id: 'PublicConfig' });
export type PublicConfig = z.infer<typeof publicConfig>;

/** What the SPA needs to know about this installation before anyone signs in. */
export const configEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/config',
    operationId: 'getPublicConfig',
    summary: 'Public settings of this installation',
    description:
      'Where stored files are served from, the project name, support contact and the time zone pushes are scheduled in. No token needed: the SPA reads it before sign-in.',
    tag: 'config',
    access: 'public',
    response: publicConfig,
    errors: [],
  }),
};
