import { noteSortFields, noteStatuses } from '@pult/contract';
import { pagingParams, urlParam } from '../../../lib/url-params';

/** The list's search, filters, page and order, kept in the URL. */
export const notesParams = {
  query: urlParam.text(),
  status: urlParam.oneOf(noteStatuses),
  tag: urlParam.text(),
  archived: urlParam.flag('archive', 'live'),
  ...pagingParams(),
  /** Absent: the API's order (the latest change first, or relevance while searching). */
  sort: urlParam.sort(noteSortFields),
};
