import type { PultModule } from '../../pult-module';
import { telegramClientRoutes } from './client-routes';
import { telegramChannelsRoutes } from './telegram-channels-routes';

/** The Telegram channels module's public face: what it brings to the app, and the Bot API client. */
export { type TelegramBotApi, telegramBotApi } from './telegram-bot-api';

export const telegramChannelsModule: PultModule = {
  name: 'telegram-channels',
  routes: [telegramChannelsRoutes, telegramClientRoutes],
};
