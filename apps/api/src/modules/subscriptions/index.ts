/** The subscriptions module's public face: other modules and app.ts import from here only. */
export { fromGrantedRow, type GrantedRow } from './grant-subscription';
export { type SubscriptionRow, toSubscription } from './subscription-row';
