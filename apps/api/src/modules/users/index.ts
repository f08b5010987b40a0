/** The users module's public face: other modules and app.ts import from here only. */
export { hashPassword, verifyPassword } from './passwords';
export { userIdsMatching } from './user-filters';
export { type ListedUserRow, listedUserColumns, toUser, type UserRow } from './user-row';
export { findUser, usersRepository } from './users-repository';
export { usersRoutes } from './users-routes';
export {
  type CurrentSubscription,
  currentSubscription,
  effectiveStatus,
  registerColumns,
  type SubscriptionStatus,
  selectUsersWithRegister,
  toRegister,
  toUserWithRegister,
} from './users-with-register';
