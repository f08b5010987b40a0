import { UnderConstruction } from '../../../components/under-construction';

/** `/app/subscriptions`: all subscriptions. Built by a later issue; until then an honest empty state. */
export const SubscriptionsPage = () => <UnderConstruction titleKey="nav.subscriptions" />;
