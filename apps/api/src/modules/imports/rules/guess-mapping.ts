import { type ImportField, type ImportKind, importFields } from '@pult/contract';

/**
 * The headers people put over each column, in Russian and English, compared without case, spaces,
 * punctuation or «ё». The first field whose name a header matches takes the column.
 */
const HEADERS: Record<ImportField, readonly string[]> = {
  email: [
    'email',
    'e-mail',
    'emailaddress',
    'mail',
    'почта',
    'электроннаяпочта',
    'элпочта',
    'емейл',
    'имейл',
    'адресэлпочты',
  ],
  phoneNumber: ['phone', 'phonenumber', 'mobile', 'tel', 'телефон', 'тел', 'номертелефона', 'мобильный', 'моб'],
  firstName: ['firstname', 'first', 'givenname', 'name', 'имя'],
  lastName: ['lastname', 'last', 'surname', 'familyname', 'фамилия'],
  code: ['code', 'promocode', 'promo', 'coupon', 'couponcode', 'voucher', 'промокод', 'код', 'купон', 'кодкупона'],
  title: ['title', 'name', 'channelname', 'channeltitle', 'название', 'наименование', 'заголовок', 'названиеканала'],
  username: [
    'username',
    'channel',
    'link',
    'url',
    'handle',
    'tme',
    'юзернейм',
    'ник',
    'ссылка',
    'канал',
    'адрес',
    'имяпользователя',
  ],
  category: ['category', 'categorytitle', 'section', 'категория', 'рубрика', 'раздел'],
  description: ['description', 'about', 'описание', 'оканале'],
  published: ['published', 'visible', 'shown', 'опубликован', 'опубликовано', 'публикация', 'показывать', 'виден'],
};

export const normaliseHeader = (header: string) =>
  header
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^\p{L}\p{N}]/gu, '');

/** Each field of the kind → the index of the column whose header names it, for headers that do. */
export function guessMapping(kind: ImportKind, headers: readonly string[]): Record<string, number> {
  const mapping: Record<string, number> = {};
  const taken = new Set<number>();
  const normalised = headers.map(normaliseHeader);
  for (const field of importFields[kind]) {
    const names = HEADERS[field];
    const at = normalised.findIndex((header, index) => !taken.has(index) && names.includes(header));
    if (at >= 0) {
      mapping[field] = at;
      taken.add(at);
    }
  }
  return mapping;
}

/**
 * The mapping sent by the person (field → header text or 0-based index) over the guessed one; a
 * header that is not in the file, or a field the kind does not have, is left out.
 */
export function applyMapping(
  kind: ImportKind,
  headers: readonly string[],
  guessed: Record<string, number>,
  sent: Record<string, string | number> | null | undefined,
): Record<string, number> {
  if (!sent) return guessed;
  const fields: readonly string[] = importFields[kind];
  const mapping: Record<string, number> = { ...guessed };
  for (const [field, column] of Object.entries(sent)) {
    if (!fields.includes(field)) continue;
    const index =
      typeof column === 'number'
        ? column
        : headers.findIndex((header) => normaliseHeader(header) === normaliseHeader(column));
    if (index >= 0 && index < Math.max(headers.length, 1)) mapping[field] = index;
    else delete mapping[field];
  }
  return mapping;
}
