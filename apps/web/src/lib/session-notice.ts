/**
 * A one-shot message for the next login form, e.g. «Сеанс завершён» after the server refused the
 * session. Kept in memory: it explains this redirect, not a later visit.
 */
let pending: string | null = null;

export const sessionNotice = {
  set: (key: string) => {
    pending = key;
  },
  take: (): string | null => {
    const key = pending;
    pending = null;
    return key;
  },
};
