import { sql } from 'drizzle-orm';
import { bigserial, check, index, inet, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { oneOf, time } from './columns';
import { users } from './users';

const AGREEMENT_TYPES = ['privacy-policy', 'user-agreement', 'personal-data-consent'] as const;

/**
 * Published versions of the legal documents. A row is never changed or deleted (a trigger refuses
 * it): what a user accepted must stay provable, and `content_hash` shows the text is the one shown.
 */
export const agreements = pgTable(
  'agreements',
  {
    id: serial('id').primaryKey(),
    type: text('type', { enum: AGREEMENT_TYPES }).notNull(),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** Hex SHA-256 of `content`. */
    contentHash: text('content_hash').notNull(),
    createdAt: time('created_at').notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id),
  },
  (t) => [
    // Also the "latest of each type" index: (type, version DESC) answers it with one probe per type.
    uniqueIndex('agreements_type_version_key').on(t.type, t.version),
    index('agreements_created_by_idx').on(t.createdBy),
    check('agreements_type_check', oneOf(t.type, AGREEMENT_TYPES)),
    check('agreements_version_check', sql`${t.version} > 0`),
    check('agreements_hash_check', sql`${t.contentHash} ~ '^[0-9a-f]{64}$'`),
  ],
);

/**
 * Consent records: the operator must be able to prove a person agreed to a given text, so each
 * acceptance is appended and never changed; anonymisation may only erase the address and user agent.
 */
export const agreementConsents = pgTable(
  'agreement_consents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    agreementId: integer('agreement_id')
      .notNull()
      .references(() => agreements.id),
    contentHash: text('content_hash').notNull(),
    acceptedAt: time('accepted_at').notNull(),
    ip: inet('ip'),
    userAgent: text('user_agent'),
    appVersion: text('app_version'),
  },
  (t) => [
    index('agreement_consents_user_idx').on(t.userId, t.acceptedAt),
    index('agreement_consents_agreement_idx').on(t.agreementId),
  ],
);
