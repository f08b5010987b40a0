import { UnderConstruction } from '../../../components/under-construction';

/** `/app/subscriptions/items`: users' subscriptions. Built by a later issue; until then an honest empty state. */
export const UserSubscriptionsPage = () => <UnderConstruction titleKey="nav.subscriptionsItems" />;
