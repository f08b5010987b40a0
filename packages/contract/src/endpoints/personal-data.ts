import { z } from 'zod';
import { idParam } from '../common';
import { defineEndpoint } from '../endpoint';

const rows = z.array(z.record(z.string(), z.unknown()));

/** Everything Pult holds about one person, as one JSON document (a data-subject access request). */
export const personalDataExport = z
  .object({
    exportedAt: z.string(),
    profile: z.record(z.string(), z.unknown()),
    subscriptions: rows,
    transactions: rows,
    promoActivations: rows,
    promoRefusals: rows,
    sessions: rows,
    consents: rows,
    /** Consents to advertising pushes given and withdrawn, oldest first (time, answer, wording version, address, app). */
    advertisingConsents: rows,
    /** The person's devices, without their push tokens (addresses to send to, not data about them). */
    devices: rows,
    /** The push notifications sent to those devices, newest first (at most 10,000). */
    pushDeliveries: rows,
    /**
     * Events about the person (with what was recorded about them, without a staff member's address) and
     * events they made about others (only their side: action, kind of record, time, their address).
     */
    auditEvents: rows,
  })
  .meta({ id: 'PersonalDataExport' });
export type PersonalDataExport = z.infer<typeof personalDataExport>;

/** The e-mail of the user, typed again: anonymisation cannot be undone. */
export const anonymiseBody = z.object({ confirmation: z.string().trim().min(1).max(254) });

export const anonymiseResult = z.object({ id: z.number().int(), email: z.string(), anonymisedAt: z.string() });

/** Data-subject tools: a person's right of access and right to erasure. Admins only, audit-logged. */
export const personalDataEndpoints = {
  export: defineEndpoint({
    method: 'GET',
    path: '/users/:id/personal-data',
    operationId: 'exportPersonalData',
    summary: 'Everything held about a user, as one JSON download',
    description:
      'Profile, subscriptions, transactions, promo activations and refusals, sessions, consents and the audit ' +
      'events about the user; of the events the user made about other people, only the act (never the ' +
      "others' data). Recorded in the audit log.",
    tag: 'personal-data',
    access: ['admin'],
    params: idParam,
    response: personalDataExport,
    errors: [404],
  }),
  anonymise: defineEndpoint({
    method: 'POST',
    path: '/users/:id/anonymise',
    operationId: 'anonymiseUser',
    summary: 'Irreversibly replace a user’s personal data by a pseudonym',
    description:
      '`confirmation` must repeat the user’s e-mail (400 CONFIRMATION_MISMATCH). Personal fields are replaced, ' +
      'sessions deleted, addresses and user agents in consents and audit events erased; transactions, ' +
      'subscriptions and consents stay for accounting under the pseudonym. 409 ALREADY_ANONYMISED; an admin ' +
      'cannot anonymise themselves (409 SELF_CHANGE).',
    tag: 'personal-data',
    access: ['admin'],
    params: idParam,
    body: anonymiseBody,
    response: anonymiseResult,
    errors: [404, 409],
  }),
};
