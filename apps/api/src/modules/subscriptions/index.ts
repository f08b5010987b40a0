import type { PultModule } from '../../pult-module';
import { subscriptionsRoutes } from './subscriptions-routes';

/** The subscriptions module's public face: other modules import from here only; `all-modules.ts` lists it. */
export { fromGrantedRow, type Granted, type GrantedRow } from './grant-subscription';
export { type SubscriptionRow, toSubscription } from './subscription-row';

export const subscriptionsModule: PultModule = { name: 'subscriptions', routes: [subscriptionsRoutes] };
