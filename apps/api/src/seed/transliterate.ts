/**
 * Cyrillic → Latin the way people actually spell their names in e-mail addresses
 * (Юлия → yuliya, Щербаков → shcherbakov), not a reversible scholarly scheme.
 */
const letters: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'yo',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

/**
 * Names come from a few hundred first names and surnames: each is spelled once and remembered (a
 * sixth of the seeder's CPU per user went into spelling the same names again). Bounded anyway.
 */
const spelled = new Map<string, string>();
const REMEMBER = 100_000;

export function transliterate(text: string): string {
  const known = spelled.get(text);
  if (known !== undefined) return known;
  let out = '';
  for (const char of text.toLowerCase()) out += letters[char] ?? char;
  if (spelled.size < REMEMBER) spelled.set(text, out);
  return out;
}
