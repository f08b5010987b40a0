import { UnderConstruction } from '../../../components/under-construction';

/** `/app/push-notifications`: scheduled pushes. Built by a later issue; until then an honest empty state. */
export const PushNotificationsPage = () => <UnderConstruction titleKey="nav.pushNotifications" />;
