import type { PultModule } from '../../pult-module';
import { authRoutes } from './auth-routes';

/** The auth module's public face: the service deps and the test helpers import from here only. */
export { logMailer, type Mail, type Mailer, smtpMailer } from './mailer';

export const authModule: PultModule = { name: 'auth', routes: [authRoutes] };
