import { PersonalDataCard } from '../features/agreements/components/personal-data-card';
import { UserConsentsCard } from '../features/agreements/components/user-consents-card';
import { UserPage, type UserPageSlots } from '../features/users/routes/user';

/** The agreements feature's cards on the user page: the consents given, and (for admins) the data-subject tools. */
const slots: UserPageSlots = {
  side: (user, canManage) => (canManage ? <PersonalDataCard user={user} /> : null),
  main: (user) => <UserConsentsCard userId={user.id} />,
};

export const UserPageWithAgreements = () => <UserPage slots={slots} />;
