import type { TFunction } from 'i18next';
import { type FieldFormat, type FieldFormats, revisionValue, valueAs } from '../../../lib/revision-values';

/**
 * A series' history keeps what staff change after creation (the API's series history): whether it is on,
 * and its landing page's colours, texts and images, each group as one field.
 */
export const SERIES_FIELD_LABELS: Partial<Record<string, string>> = {
  status: 'promoCodes.fields.status',
  colors: 'promoCodes.theme.colors',
  texts: 'promoCodes.theme.texts',
  images: 'promoCodes.theme.imagesTitle',
};

const isGroup = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A group of the theme as its editor names its parts: «Основной: #2563d9, Фон: #ffffff». */
const group =
  (name: (key: string, t: TFunction) => string, part: FieldFormat = revisionValue): FieldFormat =>
  (value, reader) =>
    isGroup(value)
      ? Object.entries(value)
          .map(([key, item]) => `${name(key, reader.t)}: ${item === null || item === '' ? '—' : part(item, reader)}`)
          .join(', ')
      : revisionValue(value, reader);

/** How a series' history reads: its status in words, the theme's parts by their editor's names, files by name. */
export const SERIES_FIELD_VALUES: FieldFormats = {
  status: valueAs.choice((value, t) => t(`promoCodes.status.${value}`)),
  colors: group((key, t) => t(`promoCodes.theme.color.${key}`)),
  texts: group((key, t) => t(`promoCodes.theme.${key}`)),
  images: group((key, t) => t(`promoCodes.theme.images.${key}`), valueAs.file),
};

/** The theme form's fields by dotted path (lib/nested-fields), for its conflict dialog. */
export const themeFieldLabel = (path: string, t: TFunction): string => {
  const [groupName, key] = path.split('.');
  if (groupName === 'colors' && key) return `${t('promoCodes.theme.colors')} · ${t(`promoCodes.theme.color.${key}`)}`;
  if (groupName === 'texts' && key) return `${t('promoCodes.theme.texts')} · ${t(`promoCodes.theme.${key}`)}`;
  return path;
};
