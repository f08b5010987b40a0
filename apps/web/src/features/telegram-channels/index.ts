// The Telegram channels screens, as loaders (each its own chunk).
export const loadTgChannelsPage = () => import('./routes/tg-channels').then((m) => ({ default: m.TgChannelsPage }));
export const loadChannelsByCategoryPage = () =>
  import('./routes/channels-by-category').then((m) => ({ default: m.ChannelsByCategoryPage }));
