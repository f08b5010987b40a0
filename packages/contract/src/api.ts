import type { Endpoint } from './endpoint';
import { agreementsEndpoints } from './endpoints/agreements';
import { auditEndpoints } from './endpoints/audit';
import { authEndpoints } from './endpoints/auth';
import { backupsEndpoints } from './endpoints/backups';
import { bulkUndosEndpoints } from './endpoints/bulk-undos';
import { clientEndpoints } from './endpoints/client';
import { configEndpoints } from './endpoints/config';
import { dashboardEndpoints } from './endpoints/dashboard';
import { eventsEndpoints } from './endpoints/events';
import { importsEndpoints } from './endpoints/imports';
import { jobsEndpoints } from './endpoints/jobs';
import { listViewsEndpoints } from './endpoints/list-views';
import { mfaEndpoints } from './endpoints/mfa';
import { notesEndpoints } from './endpoints/notes';
import { operationsEndpoints } from './endpoints/operations';
import { passkeysEndpoints } from './endpoints/passkeys';
import { personalDataEndpoints } from './endpoints/personal-data';
import { plansEndpoints } from './endpoints/plans';
import { presenceEndpoints } from './endpoints/presence';
import { profileEndpoints } from './endpoints/profile';
import { promoCodesEndpoints } from './endpoints/promo-codes';
import { pushEndpoints } from './endpoints/push';
import { sessionsEndpoints } from './endpoints/sessions';
import { settingsEndpoints } from './endpoints/settings';
import { stepUpEndpoints } from './endpoints/step-up';
import { subscriptionsEndpoints } from './endpoints/subscriptions';
import { telegramChannelsEndpoints } from './endpoints/telegram-channels';
import { transactionsEndpoints } from './endpoints/transactions';
import { usersEndpoints } from './endpoints/users';

/**
 * Every endpoint of the API, declared once (docs/decisions/0010). The API registers its routes
 * from this map, the OpenAPI document is generated from it, and the SPA, e2e and bench call
 * through clients typed from it: `api.plans.list`, `api.users.get`, …
 */
export const api = {
  auth: authEndpoints,
  config: configEndpoints,
  users: usersEndpoints,
  plans: plansEndpoints,
  subscriptions: subscriptionsEndpoints,
  transactions: transactionsEndpoints,
  promoCodes: promoCodesEndpoints,
  push: pushEndpoints,
  client: clientEndpoints,
  audit: auditEndpoints,
  notes: notesEndpoints,
  agreements: agreementsEndpoints,
  settings: settingsEndpoints,
  personalData: personalDataEndpoints,
  profile: profileEndpoints,
  mfa: mfaEndpoints,
  passkeys: passkeysEndpoints,
  sessions: sessionsEndpoints,
  stepUp: stepUpEndpoints,
  telegramChannels: telegramChannelsEndpoints,
  dashboard: dashboardEndpoints,
  listViews: listViewsEndpoints,
  jobs: jobsEndpoints,
  imports: importsEndpoints,
  backups: backupsEndpoints,
  operations: operationsEndpoints,
  events: eventsEndpoints,
  presence: presenceEndpoints,
  bulkUndos: bulkUndosEndpoints,
} as const;

export type Api = typeof api;

/** Every endpoint as a flat list, for the guard test, the fuzz suite and route checks. */
export const allEndpoints = (): Endpoint[] =>
  Object.values(api).flatMap((group) => Object.values(group as Record<string, Endpoint>));
