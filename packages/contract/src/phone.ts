/**
 * Russian phone numbers as people type them («8 903 285-94-89», «+7 (916) 123-45-67», «916 123 45 67»)
 * → the stored E.164 form (+79032859489). The one normaliser: the contract's phone schema runs it on
 * input (so the API stores E.164 whatever the form sent), and the users search runs it on the text
 * looked for (so «8 916…» finds «+7916…»).
 */

/** Only digits, spaces, brackets, dashes and dots, with at most a leading plus: what a phone looks like. */
const PHONE_LIKE = /^\+?[\d\s().-]+$/;

/**
 * The digits with their plus; a Russian number of 11 digits starting with 8 or 7, or of 10 starting
 * with 9 (a mobile without its country code), becomes +7…. Text that does not look like a phone is
 * returned trimmed and unchanged, for the caller to refuse or search as it is. A fragment («916-12»)
 * keeps its digits only, so it still matches inside a stored number.
 */
export function normalizePhone(text: string): string {
  const trimmed = text.trim();
  if (!PHONE_LIKE.test(trimmed)) return trimmed;
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) return `+${digits}`;
  if (digits.length === 11 && (digits.startsWith('8') || digits.startsWith('7'))) return `+7${digits.slice(1)}`;
  if (digits.length === 10 && digits.startsWith('9')) return `+7${digits}`;
  return digits;
}

/** True when `text` looks like (part of) a phone number: phone characters and at least three digits. */
export const looksLikePhone = (text: string): boolean =>
  PHONE_LIKE.test(text.trim()) && /\d{3}/.test(text.replace(/\D/g, ''));
