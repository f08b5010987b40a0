// The transactions screen, as a loader (its own chunk).
export const loadTransactionsPage = () =>
  import('./routes/transactions').then((m) => ({ default: m.TransactionsPage }));
