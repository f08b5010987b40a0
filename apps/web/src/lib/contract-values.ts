import type * as contract from '@pult/contract';

/**
 * Constants of the contract that share a module with zod schemas: importing one from `@pult/contract`
 * brings the module's schemas and zod (27 kB gzip) to the page, since building a schema is a call the
 * bundler keeps. The first screens a staff member lands on (the frame, `/app/users`) read them from here
 * instead (docs/decisions/0022). Each is typed as the contract's own literal, so a change there that is not
 * made here fails the typecheck; `contract-values.test.ts` compares the values too.
 */
export const userStatuses: typeof contract.userStatuses = ['active', 'blocked', 'deleted'];
export const userSortFields: typeof contract.userSortFields = ['createdAt', 'email', 'lastSeenAt', 'id'];
export const BULK_LIMIT: typeof contract.BULK_LIMIT = 1000;
export const UNDO_OFFER_MS: typeof contract.UNDO_OFFER_MS = 10_000;
export const PRESENCE_HEARTBEAT_MS: typeof contract.PRESENCE_HEARTBEAT_MS = 10_000;
