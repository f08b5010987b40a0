/**
 * Every table: the core ones (`schema.ts`) and each newer feature's (`tables/<feature>.ts`, one
 * line each here). The database client and drizzle-kit read this; a feature's table file imports
 * the core tables it references from `schema.ts`, never from here, so there is no import cycle.
 */
export * from './schema';
export * from './tables/agreements';
export * from './tables/dashboard';
export * from './tables/jobs';
export * from './tables/list-views';
export * from './tables/notes';
export * from './tables/push';
export * from './tables/settings';
export * from './tables/telegram-channels';
