// The dashboard screen, as a loader (its own chunk).
export const loadHomePage = () => import('./routes/home').then((m) => ({ default: m.HomePage }));
