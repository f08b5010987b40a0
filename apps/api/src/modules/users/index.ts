/**
 * The users module's public face, as far as other modules need it so far: subscriptions names the
 * owners of a page of subscriptions with `findUsers`.
 */
export { findUsers } from './users-repository';
