import { type JobListQuery, jobStatuses } from '@pult/contract';
import { orElse, type UrlParam, type UrlValues, urlParam } from '../../../lib/url-params';

/** Rows per page of the jobs list. */
export const JOBS_PAGE = 20;

/** The most pages back the URL remembers (each one a cursor). */
const MAX_TRAIL = 200;

/**
 * The keyset pages walked so far, as the cursors that opened each (the first page has none): the URL
 * then keeps the page across a reload, and «Назад» goes to the previous one without counting rows.
 */
const cursorTrail = (): UrlParam<number[]> => ({
  read: (raw) =>
    (raw ?? '')
      .split(',')
      .filter((part) => /^\d{1,10}$/.test(part))
      .map(Number)
      .filter((id) => id > 0 && id <= 2_147_483_647)
      .slice(0, MAX_TRAIL),
  write: (cursors) => (cursors.length ? cursors.join(',') : undefined),
});

/** The jobs screen's state as its URL keeps it: the state shown (failed first), a kind, the page. */
export const jobsParams = {
  state: orElse(urlParam.oneOf(jobStatuses), 'failed'),
  kind: urlParam.matching(/^[a-z][a-z-]{0,49}$/),
  pages: cursorTrail(),
};
export type JobsSearch = UrlValues<typeof jobsParams>;

/** The list's query for the page the URL is on. */
export const toJobsQuery = (search: JobsSearch): JobListQuery => ({
  state: search.state,
  kind: search.kind,
  take: JOBS_PAGE,
  cursor: search.pages.at(-1),
});
