// The push notifications screen, as a loader (its own chunk).
export const loadPushNotificationsPage = () =>
  import('./routes/push-notifications').then((m) => ({ default: m.PushNotificationsPage }));
/** The advertising consents card on the user page, in its own chunk (app/ puts it into the page's slot). */
export const loadAdvertisingConsentsCard = () =>
  import('./components/advertising-consents-card').then((m) => m.AdvertisingConsentsCard);
