import { UnderConstruction } from '../../../components/under-construction';

/** `/app/common/privacy-policy`: the personal-data policy. Built by a later issue; until then an honest empty state. */
export const PrivacyPolicyPage = () => <UnderConstruction titleKey="nav.privacyPolicy" />;
