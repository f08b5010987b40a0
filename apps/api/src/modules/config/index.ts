import type { PultModule } from '../../pult-module';
import { configRoutes } from './config-routes';

/** The config module's public face: the public configuration the SPA reads before sign-in. */
export const configModule: PultModule = { name: 'config', routes: [configRoutes] };
