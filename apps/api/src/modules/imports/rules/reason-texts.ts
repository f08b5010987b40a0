import type { ImportErrorCode } from '@pult/contract';

/**
 * The reason column of errors.csv, in Russian: the file goes back to the people who filled it (the
 * SPA shows the same reasons in the reader's language from its own translations).
 */
const FIELD_NAMES: Record<string, string> = {
  email: 'E-mail',
  phoneNumber: 'Телефон',
  firstName: 'Имя',
  lastName: 'Фамилия',
  code: 'Код',
  title: 'Название',
  username: 'Имя канала',
  category: 'Категория',
  description: 'Описание',
  published: 'Опубликован',
};

const REASONS: Partial<Record<ImportErrorCode, string>> = {
  required: 'не заполнено',
  invalid: 'неверное значение',
  invalid_type: 'неверное значение',
  invalid_format: 'неверный формат',
  too_short: 'слишком коротко',
  too_long: 'слишком длинно',
  too_small: 'слишком мало',
  too_big: 'слишком много',
  taken: 'уже есть в базе',
  duplicate: 'повторяется в файле',
  not_found: 'не найдено',
};

export const reasonText = (errors: ReadonlyArray<{ field: string; code: string }>): string =>
  errors
    .map(
      (error) =>
        `${FIELD_NAMES[error.field] ?? error.field}: ${REASONS[error.code as ImportErrorCode] ?? 'неверное значение'}`,
    )
    .join('; ');
