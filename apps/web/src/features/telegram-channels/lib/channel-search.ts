import type { TgChannel } from '@pult/contract';
import type { CategoryColumn } from './layout';

/** What a person types to find a channel: part of its title or of its public name, «@» or not, any case. */
const needleOf = (search: string) => search.trim().toLowerCase().replace(/^@/, '');

export const channelMatches = (channel: TgChannel, search: string): boolean => {
  const needle = needleOf(search);
  return !needle || channel.title.toLowerCase().includes(needle) || channel.username.toLowerCase().includes(needle);
};

/** The board narrowed to the matching channels; categories with none are left out. Blank: the board as it is. */
export const searchColumns = (columns: CategoryColumn[], search: string): CategoryColumn[] => {
  if (!needleOf(search)) return columns;
  return columns
    .map((column) => ({ ...column, channels: column.channels.filter((channel) => channelMatches(channel, search)) }))
    .filter((column) => column.channels.length > 0);
};
