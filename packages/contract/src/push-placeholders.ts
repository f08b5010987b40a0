/**
 * Personalisation in a push's title and body: `{firstName}` and `{planTitle}`, each with an optional
 * fallback after a bar (`{firstName|друг}`), filled per recipient when their batch goes. A value the
 * recipient lacks (no first name, no active plan) takes the fallback, else nothing; spaces and a
 * comma left dangling by an empty value are closed up. The composer's preview renders with the same function.
 */
export const pushPlaceholders = ['firstName', 'planTitle'] as const;
export type PushPlaceholder = (typeof pushPlaceholders)[number];
export type PlaceholderValues = Partial<Record<PushPlaceholder, string | null>>;

const PATTERN = /\{(firstName|planTitle)(?:\|([^{}]{0,40}))?\}/g;

export const hasPlaceholders = (text: string) => new RegExp(PATTERN.source).test(text);

export function renderPlaceholders(text: string, values: PlaceholderValues): string {
  if (!hasPlaceholders(text)) return text;
  return text
    .replace(PATTERN, (_, name: PushPlaceholder, fallback: string | undefined) => {
      const value = values[name]?.trim();
      return value ? value : (fallback ?? '');
    })
    .replace(/ {2,}/g, ' ')
    .replace(/ ([,.!?;:])/g, '$1')
    .replace(/,([.!?;:])/g, '$1')
    .replace(/^[,;:] */, '')
    .trim();
}
