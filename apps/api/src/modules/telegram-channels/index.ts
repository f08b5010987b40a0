import type { PultModule } from '../../pult-module';
import { categoriesRoutes } from './categories/categories-routes';
import { channelsRoutes } from './channels/channels-routes';
import { telegramClientRoutes } from './channels/client-routes';
import { layoutRoutes } from './layout/layout-routes';
import { refreshRoutes } from './refresh/refresh-routes';
import { categoryHistory, channelHistory } from './telegram-history';

/**
 * The Telegram channels module's public face: what it brings to the app, and the Bot API client. Its
 * sub-modules, each in the module shape: channels/ (staff's channels, and the planner's grouped list
 * in client-routes.ts), categories/, layout/ (their order) and refresh/ (the Bot API client, refresh).
 */
export { type TelegramBotApi, telegramBotApi } from './refresh/telegram-bot-api';

export const telegramChannelsModule: PultModule = {
  name: 'telegram-channels',
  routes: [channelsRoutes, refreshRoutes, layoutRoutes, categoriesRoutes, telegramClientRoutes],
  versioned: [channelHistory, categoryHistory],
};
