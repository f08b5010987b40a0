import { looksLikePhone, normalizePhone } from './phone';

/** Which user field a search box looks in; `auto` («везде») looks in all of them at once (`any`). */
export const userSearchFields = ['auto', 'name', 'email', 'phoneNumber'] as const;
export type UserSearchField = (typeof userSearchFields)[number];

/** The text parts of the users-list filter that a search box fills. */
export interface UserSearchFilter {
  any?: string;
  email?: string;
  phoneNumber?: string;
  name?: string;
}

const LIMITS = { any: 100, email: 100, name: 100, phoneNumber: 30 } as const;

/**
 * The one user search: typed text (and the field chosen, `auto` by default) → the users-list filter.
 * The users list, the push recipient pickers and the command palette all call it; the API reads the
 * `any` it makes with `userSearchTerms`. Blank text is no filter.
 */
export function userSearch(text: string, field: UserSearchField = 'auto'): UserSearchFilter {
  const trimmed = text.trim();
  if (!trimmed) return {};
  const key = field === 'auto' ? 'any' : field;
  // Phones as stored (E.164): the contract's one normaliser, which the API applies to `any` too.
  const value = key === 'phoneNumber' ? normalizePhone(trimmed) : trimmed;
  return value ? { [key]: value.slice(0, LIMITS[key]) } : {};
}

/** What the API looks for when a text is searched «everywhere» (`any`) or as a contact (`user=`). */
export interface UserSearchTerms {
  /** The text as typed, looked for inside the e-mail, the phone and the name. */
  text: string;
  /** The text as a stored phone (+7…), when it looks like a phone and normalising changed it. */
  phone: string | null;
  /** The text as a user id (`123` or `#123`), when it is one. */
  id: number | null;
}

const MAX_ID = 2_147_483_647;

/** Typed text → the ways the API matches it (`any`): the contract's reading, so every caller agrees. */
export function userSearchTerms(text: string): UserSearchTerms {
  const trimmed = text.trim();
  const phone = looksLikePhone(trimmed) ? normalizePhone(trimmed) : trimmed;
  const idText = /^#?(\d{1,10})$/.exec(trimmed)?.[1];
  const id = idText !== undefined && Number(idText) >= 1 && Number(idText) <= MAX_ID ? Number(idText) : null;
  return { text: trimmed, phone: phone !== trimmed ? phone : null, id };
}
