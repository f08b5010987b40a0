import type { PultModule } from '../../pult-module';
import { userHistory } from './user-history';
import { usersBlockUndo } from './users-block-undo';
import { usersRoutes } from './users-routes';

/** The users module's public face: other modules import from here only; `all-modules.ts` lists it. */
export { hashPassword, verifyPassword } from './passwords';
export { userIdsMatching } from './user-filters';
export { type ListedUserRow, listedUserColumns, toUser, type UserRow } from './user-row';
export { findUser, usersRepository } from './users-repository';
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

export const usersModule: PultModule = {
  name: 'users',
  routes: [usersRoutes],
  versioned: [userHistory],
  undoable: [usersBlockUndo],
};
