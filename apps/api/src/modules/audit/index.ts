import type { PultModule } from '../../pult-module';
import { auditRoutes } from './audit-routes';

/** The audit module's public face: what it brings to the app. */
export const auditModule: PultModule = { name: 'audit', routes: [auditRoutes] };
