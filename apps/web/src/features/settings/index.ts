// The settings screen, as a loader (its own chunk).
export const loadSettingsPage = () => import('./routes/settings').then((m) => ({ default: m.SettingsPage }));
