import { UnderConstruction } from '../../../components/under-construction';

/** `/app/subscriptions/desc`: subscription plans. Built by a later issue; until then an honest empty state. */
export const PlansPage = () => <UnderConstruction titleKey="nav.subscriptionsDesc" />;
