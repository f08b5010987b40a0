import { AgreementScreen } from '../components/agreement-screen';

/** `/app/common/privacy-policy`: the personal-data processing policy. */
export const PrivacyPolicyPage = () => <AgreementScreen type="privacy-policy" />;
