import { agreementsPublicScenario, auditFilteredPageScenario } from './agreements-public';
import { backupScenario } from './backup';
import {
  subscriptionsByUserScenario,
  subscriptionsPage1Scenario,
  subscriptionsPage1000Scenario,
  transactionsByUserScenario,
  transactionsPage1Scenario,
  transactionsPage1000Scenario,
} from './billing-lists';
import { cohortsScenario } from './cohorts';
import { costCurveScenario } from './cost-curve';
import {
  dashboardData90Scenario,
  dashboardDataScenario,
  mrrMovementsPage1Scenario,
  mrrMovementsPage50Scenario,
  peopleRevenueScenario,
  peopleSubscriptionsActiveScenario,
  peopleUsersNewScenario,
  userTimelineScenario,
} from './dashboard';
import { eventsFanoutScenario } from './events-fanout';
import { importCodes1mScenario, importUsers100kScenario } from './imports';
import { lighthouseScenario } from './lighthouse';
import { listsVsSqlScenario } from './lists-vs-sql';
import { notesSearchScenario, notesShareCardScenario } from './notes';
import { pgliteColdStartScenario } from './pglite-cold-start';
import { promoActivateScenario } from './promo-activate';
import { promoActivatedSearchEmailScenario, promoActivatedSearchScenario } from './promo-activated-search';
import { promoGenerate1mScenario, promoGenerate100kScenario } from './promo-generate';
import { pushAudienceCountScenario, pushFanoutAdvertisingScenario, pushFanoutScenario } from './push-fanout';
import type { Scenario } from './scenario';
import { signinScenario } from './signin';
import { tgChannelsAllScenario, tgChannelsRevalidatedScenario } from './tg-channels';
import { usersColdLoadScenario } from './users-cold-load';
import { usersEmailFilterScenario } from './users-email-filter';
import { usersExportScenario } from './users-export';
import {
  usersPage1CapacityScenario,
  usersPage1Scenario,
  usersPage1000Scenario,
  usersPageLastScenario,
} from './users-page';
import { usersUpdateScenario } from './users-update';

/**
 * Every scenario in the order `npm run bench` runs them; add new ones here. The reads come first;
 * the writers (generation, activations) last, since they add rows the reads would then see.
 */
export const allScenarios: readonly Scenario[] = [
  signinScenario,
  usersPage1Scenario,
  usersPage1CapacityScenario,
  usersPage1000Scenario,
  usersPageLastScenario,
  usersEmailFilterScenario,
  listsVsSqlScenario,
  subscriptionsPage1Scenario,
  subscriptionsPage1000Scenario,
  subscriptionsByUserScenario,
  transactionsPage1Scenario,
  transactionsPage1000Scenario,
  transactionsByUserScenario,
  promoActivatedSearchScenario,
  promoActivatedSearchEmailScenario,
  notesSearchScenario,
  agreementsPublicScenario,
  auditFilteredPageScenario,
  tgChannelsAllScenario,
  tgChannelsRevalidatedScenario,
  dashboardDataScenario,
  dashboardData90Scenario,
  mrrMovementsPage1Scenario,
  mrrMovementsPage50Scenario,
  peopleUsersNewScenario,
  peopleSubscriptionsActiveScenario,
  peopleRevenueScenario,
  userTimelineScenario,
  cohortsScenario,
  usersExportScenario,
  notesShareCardScenario,
  lighthouseScenario,
  usersColdLoadScenario,
  pushAudienceCountScenario,
  pgliteColdStartScenario,
  backupScenario,
  promoGenerate1mScenario,
  promoGenerate100kScenario,
  promoActivateScenario,
  usersUpdateScenario,
  eventsFanoutScenario,
  pushFanoutScenario,
  pushFanoutAdvertisingScenario,
  importUsers100kScenario,
  importCodes1mScenario,
  costCurveScenario,
];
