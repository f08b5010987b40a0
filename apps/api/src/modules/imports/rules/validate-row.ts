import { createUserBody, type ImportKind, importedFlag, importedPromoCode, saveTgChannelBody } from '@pult/contract';
import { type CellError, cellErrors } from './row-issues';

/** What one row of the file became: values the contract accepts and its unique key, or what is wrong. */
export type CheckedRow = { ok: true; key: string; data: Record<string, unknown> } | { ok: false; errors: CellError[] };

/** What the rows of one import are checked against besides their own cells: the channel categories by title. */
export interface RowContext {
  /** Lower-cased title → id, and each id as text → id (a file may name a category either way). */
  categories: Map<string, number>;
}

const blankToNull = (value: string | undefined) => (value === undefined || value.trim() === '' ? null : value);
const blankToUndefined = (value: string | undefined) =>
  value === undefined || value.trim() === '' ? undefined : value;

/** The values a row's cells gave: a blank cell leaves its field out (the insert's default, the update's "keep"). */
const filled = (data: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(data).filter(([, value]) => value !== null && value !== undefined));

/**
 * The forms' rules on one row: the same contract schemas the API parses a form with (createUserBody,
 * saveTgChannelBody) and the codes' column rule; the database's own rules (unique keys, taken names)
 * are checked for all rows at once in SQL (kind-sql.ts).
 */
export function validateRow(
  kind: ImportKind,
  values: Record<string, string | undefined>,
  context: RowContext,
): CheckedRow {
  if (kind === 'users') {
    // Staff accounts need a password, which a file must not carry: imported accounts are planner users.
    const sent = {
      email: values.email ?? '',
      phoneNumber: blankToNull(values.phoneNumber),
      firstName: blankToNull(values.firstName),
      lastName: blankToNull(values.lastName),
      role: 'user' as const,
    };
    const parsed = createUserBody.safeParse(sent);
    if (!parsed.success) return { ok: false, errors: cellErrors(parsed.error, sent) };
    const { role: _role, password: _password, ...data } = parsed.data;
    return { ok: true, key: data.email, data: filled(data) };
  }
  if (kind === 'promo-codes') {
    const parsed = importedPromoCode.safeParse(values.code ?? '');
    if (!parsed.success) return { ok: false, errors: cellErrors(parsed.error, { '': values.code }, () => 'code') };
    return { ok: true, key: parsed.data, data: { code: parsed.data } };
  }
  const errors: CellError[] = [];
  const categoryText = values.category?.trim() ?? '';
  const categoryId = context.categories.get(categoryText.toLowerCase());
  if (categoryText === '') errors.push({ field: 'category', code: 'required' });
  else if (categoryId === undefined) errors.push({ field: 'category', code: 'not_found' });
  const published = importedFlag.safeParse(values.published ?? '1');
  if (!published.success && blankToUndefined(values.published) !== undefined)
    errors.push({ field: 'published', code: 'invalid' });
  const sent = {
    title: values.title ?? '',
    username: values.username ?? '',
    description: blankToUndefined(values.description),
    // A stand-in id keeps the schema's own "required" off a category already reported above.
    categoryId: categoryId ?? 1,
    published: published.success ? published.data : true,
  };
  const parsed = saveTgChannelBody.safeParse(sent);
  if (!parsed.success)
    errors.push(...cellErrors(parsed.error, sent, (path) => (path === 'categoryId' ? 'category' : path)));
  if (errors.length > 0 || !parsed.success) return { ok: false, errors };
  const { username, title, description, published: shown } = parsed.data;
  if (username === undefined || title === undefined)
    return { ok: false, errors: [{ field: 'title', code: 'required' }] };
  return {
    ok: true,
    key: username.toLowerCase(),
    // Blank cells stay out: a new channel takes the defaults, an updated one keeps what it has.
    data: filled({
      title,
      username,
      description,
      categoryId,
      published: blankToUndefined(values.published) === undefined ? undefined : shown,
    }),
  };
}
