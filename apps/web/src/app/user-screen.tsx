import { loadUserPageCards } from '../features/agreements';
import { loadAdvertisingConsentsCard } from '../features/push';
import { loadUserPage, type UserPageSlots } from '../features/users';

/**
 * The user page with the agreements feature's cards in its slots: the consents given, and (for admins)
 * the data-subject tools; and the push feature's consent to advertising with its proof. Both features' code is downloaded together, when the page is first opened.
 */
export const loadUserPageWithAgreements = () =>
  Promise.all([loadUserPage(), loadUserPageCards(), loadAdvertisingConsentsCard()]).then(
    ([{ UserPage }, { PersonalDataCard, UserConsentsCard }, AdvertisingConsentsCard]) => {
      const slots: UserPageSlots = {
        side: (user, canManage) => (canManage ? <PersonalDataCard user={user} /> : null),
        main: (user) => (
          <>
            <UserConsentsCard userId={user.id} />
            <AdvertisingConsentsCard userId={user.id} />
          </>
        ),
      };
      return { default: () => <UserPage slots={slots} /> };
    },
  );
