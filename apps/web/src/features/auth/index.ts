// The auth feature's public face. The root chunk imports this file, so it re-exports only what the root
// already holds (the start-up session check, sign-out); screens come through loaders.
export { checkSession } from './api/get-me';
export { signOut } from './api/sign-out';

export const loadLoginPage = () => import('./routes/login').then((m) => ({ default: m.LoginPage }));
export const loadLoginSplitPage = () => import('./routes/login-split').then((m) => ({ default: m.LoginSplitPage }));
export const loadForgotPasswordPage = () =>
  import('./routes/forgot-password').then((m) => ({ default: m.ForgotPasswordPage }));
export const loadResetPasswordPage = () =>
  import('./routes/reset-password').then((m) => ({ default: m.ResetPasswordPage }));
