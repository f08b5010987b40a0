// The profile screen, as a loader (its own chunk).
export const loadProfilePage = () => import('./routes/profile').then((m) => ({ default: m.ProfilePage }));
