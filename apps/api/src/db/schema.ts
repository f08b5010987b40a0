/**
 * Every table of the database, the one place code imports tables from (`../db/schema`). Each
 * feature's tables are declared in `tables/<feature>.ts`, which imports the tables it references
 * from their own files (never from here: no import cycle). The database client and drizzle-kit
 * read this file.
 */
export * from './tables/agreements';
export * from './tables/audit';
export * from './tables/auth';
export * from './tables/backups';
export * from './tables/cohorts';
export * from './tables/dashboard';
export * from './tables/events';
export * from './tables/imports';
export * from './tables/jobs';
export * from './tables/list-views';
export * from './tables/mfa';
export * from './tables/notes';
export * from './tables/plans';
export * from './tables/presence';
export * from './tables/promo-codes';
export * from './tables/push';
export * from './tables/rate-limits';
export * from './tables/revisions';
export * from './tables/sessions';
export * from './tables/settings';
export * from './tables/subscriptions';
export * from './tables/telegram-channels';
export * from './tables/transactions';
export * from './tables/users';
