/** The Telegram channels module's public face: app.ts imports from here only. */
export { telegramChannelsRoutes } from './telegram-channels-routes';
