/** The subscriptions module's public face: other modules and app.ts import from here only. */
export { fromGrantedRow, type Granted, type GrantedRow } from './grant-subscription';
export { type SubscriptionRow, toSubscription } from './subscription-row';
export { subscriptionsRoutes } from './subscriptions-routes';
