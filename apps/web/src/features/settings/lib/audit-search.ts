import { type AuditFilters, auditActions, auditEntities } from '@pult/contract';
import dayjs from 'dayjs';
import { type UrlValues, urlParam } from '../../../lib/url-params';

/**
 * The audit log's filters as the URL keeps them: the actor by part of the e-mail, the entity and
 * action among the vocabulary's codes (the bar offers them by name), days `YYYY-MM-DD`, and the
 * request (an X-Request-Id from a log line or an answer) whose events to show.
 */
export const auditSearchParams = {
  actor: urlParam.text(),
  entity: urlParam.oneOf(auditEntities),
  entityId: urlParam.text(),
  action: urlParam.oneOf(auditActions),
  from: urlParam.day(),
  to: urlParam.day(),
  request: urlParam.text(),
};
export type AuditSearch = UrlValues<typeof auditSearchParams>;

/** The API's filters: days become the first and last instant of those days on the reader's clock. */
export const toAuditFilters = (search: AuditSearch): AuditFilters => ({
  actorEmail: search.actor,
  entity: search.entity,
  entityId: search.entityId,
  action: search.action,
  from: search.from ? dayjs(search.from).startOf('day').toISOString() : undefined,
  to: search.to ? dayjs(search.to).endOf('day').toISOString() : undefined,
  requestId: search.request,
});
