/** The users module's public face: other modules and app.ts import from here only. */
export { hashPassword, verifyPassword } from './passwords';
export { toUser, type UserRow } from './user-row';
export { findUser, findUsers, usersRepository } from './users-repository';
export { usersRoutes } from './users-routes';
export {
  type CurrentSubscription,
  effectiveStatus,
  type SubscriptionStatus,
  selectUsersWithRegister,
  toRegister,
} from './users-with-register';
