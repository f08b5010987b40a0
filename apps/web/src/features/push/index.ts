// The push notifications screen, as a loader (its own chunk).
export const loadPushNotificationsPage = () =>
  import('./routes/push-notifications').then((m) => ({ default: m.PushNotificationsPage }));
