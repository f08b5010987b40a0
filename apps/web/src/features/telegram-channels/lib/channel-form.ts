import type { SaveTgChannelBody, TgCategory, TgChannel } from '@pult/contract';
import { type FieldFormat, type FieldFormats, revisionValue, valueAs } from '../../../lib/revision-values';

/** The channel form's fields. */
export interface ChannelFormValues {
  title: string;
  username: string;
  description: string;
  categoryId: number | undefined;
  published: boolean;
}

export const channelToFormValues = (channel: TgChannel | null, categories: TgCategory[]): ChannelFormValues => ({
  title: channel?.title ?? '',
  username: channel?.username ?? '',
  description: channel?.description ?? '',
  categoryId: channel?.categoryId ?? categories[0]?.id,
  published: channel?.published ?? true,
});

/** The name as the server keeps it: without `@` or a t.me link, so an untouched name is not sent as a change. */
const bareUsername = (value: string) =>
  value
    .trim()
    .replace(/^(?:https?:\/\/)?(?:www\.)?(?:t\.me|telegram\.me)\//i, '')
    .replace(/^@/, '');

/**
 * Only what the person changed from `base` (the channel as the form opened it): after a conflict, «keep mine»
 * sends the same changes over the newer version, so fields only the other person changed keep their value.
 */
export const channelChanges = (base: TgChannel, values: ChannelFormValues): Omit<SaveTgChannelBody, 'id'> => {
  const changes: Omit<SaveTgChannelBody, 'id'> = {};
  const title = values.title.trim();
  const description = values.description.trim();
  if (title !== base.title) changes.title = title;
  if (bareUsername(values.username) !== base.username) changes.username = values.username.trim();
  if (description !== base.description) changes.description = description;
  if (values.categoryId !== undefined && values.categoryId !== base.categoryId) changes.categoryId = values.categoryId;
  if (values.published !== base.published) changes.published = values.published;
  return changes;
};

/** The form's fields where what the person is saving differs from the channel saved now (a 412). */
export function channelConflictFields(
  mine: ChannelFormValues,
  theirs: ChannelFormValues,
  label: (field: string) => string,
) {
  // «@name» and «name» are the same name: only a different one is a conflict.
  const text = (field: keyof ChannelFormValues, value: unknown) =>
    field === 'username' ? bareUsername(String(value ?? '')) : String(value ?? '');
  return (Object.keys(theirs) as (keyof ChannelFormValues)[])
    .filter((field) => text(field, mine[field]) !== text(field, theirs[field]))
    .map((field) => ({ name: field, label: label(field), mine: mine[field], theirs: theirs[field] }));
}

/** The form's and the history's names of a channel's fields. */
export const CHANNEL_FIELD_LABELS: Partial<Record<string, string>> = {
  title: 'telegram.form.title',
  username: 'telegram.form.username',
  description: 'telegram.form.description',
  categoryId: 'telegram.form.category',
  published: 'telegram.form.published',
  icon: 'telegram.form.icon',
  sortOrder: 'telegram.history.sortOrder',
  subscribers: 'telegram.column.subscribers',
  checkedAt: 'telegram.history.checkedAt',
};

/** A category kept by id reads as its title, when the screen has it (a deleted one reads as its id). */
const categoryTitle =
  (categories: readonly TgCategory[]): FieldFormat =>
  (value, reader) =>
    categories.find((category) => category.id === value)?.title ?? revisionValue(value, reader);

/**
 * How a channel's fields read in its history and its conflict dialog: the category by its title (from the
 * screen's list of categories), «Показывать в планере» as Да/Нет (the default for booleans), the icon by its name.
 */
export const channelFieldValues = (categories: readonly TgCategory[]): FieldFormats => ({
  categoryId: categoryTitle(categories),
  sortOrder: valueAs.number,
  subscribers: valueAs.number,
  checkedAt: valueAs.dateTime,
  icon: valueAs.file,
});

/** The history's names of a category's fields. */
export const CATEGORY_FIELD_LABELS: Partial<Record<string, string>> = {
  title: 'telegram.column.title',
  sortOrder: 'telegram.history.sortOrder',
};

export const CATEGORY_FIELD_VALUES: FieldFormats = { sortOrder: valueAs.number };
