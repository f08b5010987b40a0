import type { PultModule } from '../../pult-module';
import { personalDataRoutes } from './personal-data-routes';

/**
 * The personal-data module's public face: a person's rights of access and erasure. It reads and
 * rewrites the tables of several features directly (one transaction), so it imports no module.
 */
export { pseudonymOf } from './personal-data-service';

export const personalDataModule: PultModule = { name: 'personal-data', routes: [personalDataRoutes] };
