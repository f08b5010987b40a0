import { agreementsModule } from './modules/agreements';
import { auditModule } from './modules/audit';
import { authModule } from './modules/auth';
import { backupsModule } from './modules/backups';
import { bulkUndosModule } from './modules/bulk-undos';
import { configModule } from './modules/config';
import { dashboardModule } from './modules/dashboard';
import { eventsModule } from './modules/events';
import { importsModule } from './modules/imports';
import { jobsModule } from './modules/jobs';
import { listViewsModule } from './modules/list-views';
import { mfaModule } from './modules/mfa';
import { notesModule } from './modules/notes';
import { operationsModule } from './modules/operations';
import { personalDataModule } from './modules/personal-data';
import { plansModule } from './modules/plans';
import { profileModule } from './modules/profile';
import { promoCodesModule } from './modules/promo-codes';
import { pushModule } from './modules/push';
import { sessionsModule } from './modules/sessions';
import { settingsModule } from './modules/settings';
import { subscriptionsModule } from './modules/subscriptions';
import { telegramChannelsModule } from './modules/telegram-channels';
import { transactionsModule } from './modules/transactions';
import { usersModule } from './modules/users';
import type { PultModule } from './pult-module';

/**
 * Every feature module of the API, the one list `app.ts` wires (routes, root routes, job kinds).
 * A new module is one line here.
 */
export const allModules: readonly PultModule[] = [
  authModule,
  auditModule,
  configModule,
  usersModule,
  plansModule,
  subscriptionsModule,
  transactionsModule,
  promoCodesModule,
  notesModule,
  pushModule,
  agreementsModule,
  settingsModule,
  personalDataModule,
  profileModule,
  mfaModule,
  sessionsModule,
  telegramChannelsModule,
  dashboardModule,
  listViewsModule,
  jobsModule,
  importsModule,
  backupsModule,
  operationsModule,
  eventsModule,
  bulkUndosModule,
];
