/** The profile module's public face: a staff member's own password and language. Imports `users` and `sessions`. */
export { profileRoutes } from './profile-routes';
