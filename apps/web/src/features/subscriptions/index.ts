// The subscriptions screens, as loaders (each its own chunk).
export const loadSubscriptionsPage = () =>
  import('./routes/subscriptions').then((m) => ({ default: m.SubscriptionsPage }));
export const loadPlansPage = () => import('./routes/plans').then((m) => ({ default: m.PlansPage }));
export const loadUserSubscriptionsPage = () =>
  import('./routes/user-subscriptions').then((m) => ({ default: m.UserSubscriptionsPage }));
