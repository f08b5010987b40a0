import type { PultModule } from '../../pult-module';
import { importsRoutes } from './imports-routes';
import { IMPORT_JOB, importJobHandler } from './job/import-job';

/**
 * The imports module's public face (docs/decisions/0037): users, promo codes and Telegram channels
 * from CSV or XLSX, checked as the forms check, run as a job, undone exactly. Sub-folders: file/ (what
 * a file is and its rows), rules/ (columns, row checks, each kind's SQL), job/ (the run), upload/.
 */
export const importsModule: PultModule = {
  name: 'imports',
  routes: [importsRoutes],
  jobKinds: [IMPORT_JOB],
  jobs: ({ db, storage, clock, log }) => [{ kind: IMPORT_JOB, handler: importJobHandler({ db, storage, clock, log }) }],
};
