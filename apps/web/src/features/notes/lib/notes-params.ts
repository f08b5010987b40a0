import { noteStatuses } from '@pult/contract';
import { pagingParams, urlParam } from '../../../lib/url-params';

/** The list's search, filters and page, kept in the URL. */
export const notesParams = {
  query: urlParam.text(),
  status: urlParam.oneOf(noteStatuses),
  tag: urlParam.text(),
  archived: urlParam.flag('archive', 'live'),
  ...pagingParams(),
};
