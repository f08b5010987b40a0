import type { PultModule } from '../../pult-module';
import { profileRoutes } from './profile-routes';

/** The profile module's public face: a staff member's own password and language. Imports `users` and `sessions`. */
export const profileModule: PultModule = { name: 'profile', routes: [profileRoutes] };
