import { AgreementScreen } from '../components/agreement-screen';

/** `/app/common/user-agreement`: the user agreement. */
export const UserAgreementPage = () => <AgreementScreen type="user-agreement" />;
