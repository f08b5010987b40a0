import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { authService } from './auth-service';
import { requestPasswordReset, resetPassword } from './password-reset';

/** The sign-in family: each endpoint of the contract mapped to a service call. */
export async function authRoutes(app: FastifyInstance) {
  route(app, api.auth.signin, ({ body, request }, ctx) => authService.signIn(ctx, body, request.headers['user-agent']));
  route(app, api.auth.signinMfa, ({ body, request }, ctx) =>
    authService.signInWithCode(ctx, body, request.headers['user-agent']),
  );
  route(app, api.auth.signinPasskeyOptions, ({ body }, ctx) => authService.passkeySignInOptions(ctx, body.mfaToken));
  route(app, api.auth.signinPasskey, ({ body, request }, ctx) =>
    authService.signInWithPasskey(ctx, body, request.headers['user-agent']),
  );
  route(app, api.auth.signinEnrolTotp, ({ body }, ctx) => authService.enrolDuringSignIn(ctx, body.mfaToken));
  route(app, api.auth.refreshToken, ({ body }, ctx) => authService.refresh(ctx, body.token));
  route(app, api.auth.signout, (_, ctx) => authService.signOut(ctx));
  route(app, api.auth.me, (_, ctx) => authService.me(ctx));
  route(app, api.auth.forgotPassword, async ({ body }, ctx) => {
    await requestPasswordReset(ctx, body.email);
    return { ok: true as const };
  });
  route(app, api.auth.resetPassword, async ({ body }, ctx) => {
    await resetPassword(ctx, body.token, body.password);
    return { ok: true as const };
  });
}
