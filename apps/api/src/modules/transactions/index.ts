import type { PultModule } from '../../pult-module';
import { transactionsRoutes } from './transactions-routes';

/** The transactions module's public face: what it brings to the app. */
export const transactionsModule: PultModule = { name: 'transactions', routes: [transactionsRoutes] };
