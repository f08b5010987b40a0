import type { PultModule } from '../../pult-module';
import { mfaRoutes } from './mfa-routes';
import { passkeysRoutes } from './passkeys-routes';
import { stepUpRoutes } from './step-up-routes';

export { mfaRepository } from './mfa-repository';
/**
 * The second factor's public face (docs/decisions/0035): `auth` asks it what stands between a right
 * password and a session. It imports `sessions`, `settings` and `users`, never `auth`.
 */
export {
  CHALLENGE_TTL_MS,
  codeRefused,
  confirmPendingTotp,
  factorMethods,
  issueChallenge,
  policyRequires,
  spendCode,
  startTotpEnrolment,
} from './mfa-service';
export { verifiedCounter } from './passkey-relying-party';
export { passkeysRepository } from './passkeys-repository';
export { passkeyRefused, relyingParty } from './passkeys-service';
export { sealPlainTotpSecrets } from './seal-secrets';
export { totpCodeAt } from './totp';

export const mfaModule: PultModule = { name: 'mfa', routes: [mfaRoutes, passkeysRoutes, stepUpRoutes] };
