// The error screens, as loaders (each its own chunk).
export const loadNotFoundPage = () => import('./routes/not-found').then((m) => ({ default: m.NotFoundPage }));
export const loadServerErrorPage = () => import('./routes/server-error').then((m) => ({ default: m.ServerErrorPage }));
export const loadNotFoundInAppPage = () =>
  import('./routes/not-found-in-app').then((m) => ({ default: m.NotFoundInAppPage }));
