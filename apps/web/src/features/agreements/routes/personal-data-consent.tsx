import { AgreementScreen } from '../components/agreement-screen';

/** `/app/common/personal-data-consent`: the consent to process personal data, a document of its own by law. */
export const PersonalDataConsentPage = () => <AgreementScreen type="personal-data-consent" />;
