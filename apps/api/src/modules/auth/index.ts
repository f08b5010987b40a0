/** The auth module's public face: app.ts and the test helpers import from here only. */
export { authRoutes } from './auth-routes';
export { logMailer, type Mail, type Mailer, smtpMailer } from './mailer';
