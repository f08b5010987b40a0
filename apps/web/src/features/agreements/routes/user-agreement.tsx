import { UnderConstruction } from '../../../components/under-construction';

/** `/app/common/user-agreement`: the user agreement. Built by a later issue; until then an honest empty state. */
export const UserAgreementPage = () => <UnderConstruction titleKey="nav.userAgreement" />;
