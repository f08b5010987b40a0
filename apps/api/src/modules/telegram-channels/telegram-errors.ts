import { notFound } from '../../lib/http-errors';

export const channelNotFound = () => notFound('TG_CHANNEL_NOT_FOUND', 'Channel not found');
export const categoryNotFound = () => notFound('TG_CATEGORY_NOT_FOUND', 'Category not found');
