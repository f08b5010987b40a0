// The import wizard (users, promo codes, Telegram channels from a file), as a loader (its own chunk).
export const loadImportPage = () => import('./routes/import-page').then((m) => ({ default: m.ImportPage }));
