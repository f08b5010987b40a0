// The background jobs screen (admins), as a loader (its own chunk).
export const loadJobsPage = () => import('./routes/jobs').then((m) => ({ default: m.JobsPage }));
