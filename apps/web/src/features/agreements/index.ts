// The agreements feature's public face. The root chunk imports this file (for the screen loaders), so it
// re-exports nothing that would bring code the sign-in pages do not need: components come through loaders.
export { agreementKeys } from './api/keys';

export const loadPrivacyPolicyPage = () =>
  import('./routes/privacy-policy').then((m) => ({ default: m.PrivacyPolicyPage }));
export const loadUserAgreementPage = () =>
  import('./routes/user-agreement').then((m) => ({ default: m.UserAgreementPage }));
export const loadPersonalDataConsentPage = () =>
  import('./routes/personal-data-consent').then((m) => ({ default: m.PersonalDataConsentPage }));
/** The consents card and (for admins) the data-subject tools, for the user page. */
export const loadUserPageCards = () => import('./components/user-page-cards');
