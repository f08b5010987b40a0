// The users feature's public face. The root chunk imports this file (for the screen loaders), so it
// re-exports nothing that would bring code the sign-in pages do not need: screens come through loaders.
export { userKeys } from './api/user-cache';
export type { UserPageSlots } from './routes/user';

export const loadUsersPage = () => import('./routes/users').then((m) => ({ default: m.UsersPage }));
/** The user page, with slots app/ fills with other features' cards. */
export const loadUserPage = () => import('./routes/user');
