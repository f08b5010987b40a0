import { z } from 'zod';
import { dbId, idParam, paged } from '../common';
import { defineEndpoint } from '../endpoint';
import { listQuery } from '../list-query';

/**
 * The legal documents. The consent to process personal data is a document of its own: Russian law
 * requires it to be separate from the privacy policy and the user agreement since 1 September 2025.
 */
export const agreementTypes = ['privacy-policy', 'user-agreement', 'personal-data-consent'] as const;
export const agreementType = z.enum(agreementTypes);
export type AgreementType = z.infer<typeof agreementType>;

/** One published version: immutable, with the SHA-256 of its content as proof of what was shown. */
export const agreement = z
  .object({
    id: z.number().int(),
    type: agreementType,
    version: z.number().int().positive(),
    title: z.string(),
    content: z.string(),
    /** Hex SHA-256 of `content` (UTF-8). */
    contentHash: z.string(),
    createdAt: z.string(),
    createdBy: z.number().int().nullable(),
  })
  .meta({ id: 'Agreement' });
export type Agreement = z.infer<typeof agreement>;

/** A version in the staff history: how many acceptances it has. */
export const agreementVersion = agreement.extend({ acceptedCount: z.number().int().nonnegative() });
export type AgreementVersion = z.infer<typeof agreementVersion>;

export const AGREEMENT_CONTENT_MAX = 200_000;

export const publishAgreementBody = z.object({
  type: agreementType,
  title: z.string().trim().min(1).max(200),
  content: z.string().trim().min(1).max(AGREEMENT_CONTENT_MAX),
});
export type PublishAgreementBody = z.infer<typeof publishAgreementBody>;

export const agreementHistoryQuery = listQuery({ type: agreementType });

export const acceptAgreementBody = z.object({
  type: agreementType,
  version: z.coerce.number().int().positive().max(2_147_483_647),
  /** The planner app's version; the X-App-Version header is read when this is left out. */
  appVersion: z.string().trim().min(1).max(50).optional(),
});

/** One consent record: who accepted which version, when and from where. Append-only. */
export const consentRecord = z
  .object({
    id: z.number().int(),
    userId: z.number().int(),
    agreementId: z.number().int(),
    type: agreementType,
    version: z.number().int(),
    title: z.string(),
    contentHash: z.string(),
    acceptedAt: z.string(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    appVersion: z.string().nullable(),
  })
  .meta({ id: 'ConsentRecord' });
export type ConsentRecord = z.infer<typeof consentRecord>;

export const userConsentsParams = z.object({ id: dbId });

/** Legal documents: the public latest versions, publishing, history and acceptance figures. */
export const agreementsEndpoints = {
  latest: defineEndpoint({
    method: 'GET',
    path: '/common/agreements',
    operationId: 'listCurrentAgreements',
    summary: 'The latest version of each legal document',
    description:
      'No token needed: the planner app reads it on every start. Answers an ETag and Cache-Control ' +
      '`public, no-cache`; a matching If-None-Match is answered 304 without a body.',
    tag: 'agreements',
    access: 'public',
    response: paged(agreement),
    errors: [],
  }),
  publish: defineEndpoint({
    method: 'POST',
    path: '/common/agreements',
    operationId: 'publishAgreement',
    summary: 'Publish a new version of a legal document',
    description:
      'The version is the previous one plus one for that type. Published versions never change; ' +
      'planner users are asked to accept the new one.',
    tag: 'agreements',
    access: ['admin', 'editor'],
    body: publishAgreementBody,
    response: agreement,
    errors: [],
  }),
  history: defineEndpoint({
    method: 'GET',
    path: '/common/agreements/history',
    operationId: 'listAgreementVersions',
    summary: 'Every version of one document, newest first, with acceptance counts',
    tag: 'agreements',
    access: ['admin', 'editor'],
    query: agreementHistoryQuery,
    response: paged(agreementVersion),
    errors: [],
  }),
  userConsents: defineEndpoint({
    method: 'GET',
    path: '/users/:id/agreements',
    operationId: 'listUserConsents',
    summary: 'Which document versions a user accepted, and when',
    description: 'Newest first; every acceptance is kept, including repeated ones.',
    tag: 'agreements',
    access: ['admin', 'editor'],
    params: idParam,
    response: paged(consentRecord),
    errors: [404],
  }),
};
