import type { PultModule } from '../../pult-module';
import { settingsHistory } from './settings-history';
import { settingsRoutes } from './settings-routes';

/**
 * The settings module's public face. It imports no other module but `revisions` (which imports none),
 * so any module may read the settings through `currentSettings` (the promo limiter, the public config, landing pages).
 */
export { DEFAULT_SETTINGS } from './settings-defaults';
export { currentSettings, SETTINGS_CACHE_MS } from './settings-service';

export const settingsModule: PultModule = { name: 'settings', routes: [settingsRoutes], versioned: [settingsHistory] };
