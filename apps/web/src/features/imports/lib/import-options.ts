import {
  type ImportExistingMode,
  type ImportField,
  type ImportKind,
  importFields,
  importKinds,
  updatableImportKinds,
} from '@pult/contract';
import { type UrlValues, urlParam } from '../../../lib/url-params';

/** The wizard's address: what is imported (and into which series), or the import it follows. */
export const importParams = {
  kind: urlParam.oneOf(importKinds),
  seriesId: urlParam.positiveInt(),
  id: urlParam.positiveInt(),
};
export type ImportSearch = UrlValues<typeof importParams>;

export type Encoding = 'utf-8' | 'windows-1251';

export interface ImportOptions {
  kind: ImportKind;
  seriesId?: number;
  dryRun: boolean;
  onInvalid: 'skip' | 'abort';
  /** Rows whose key a record has: refused as taken, or that record updated. */
  onExisting: ImportExistingMode;
  encoding?: Encoding;
  /** Field → 0-based column. */
  mapping?: Record<string, number>;
}

/** The screen each kind comes from, where the result links back to. */
export const backPath = (kind: ImportKind, seriesId: number | null | undefined): string =>
  kind === 'users'
    ? '/app/users'
    : kind === 'tg-channels'
      ? '/app/common/tg-channels'
      : seriesId
        ? `/app/promo-codes/${seriesId}`
        : '/app/promo-codes';

/**
 * The columns a person chose for each kind, by header text, kept in this browser: the next file from
 * the same source has the same headers, and its mapping is offered again.
 */
const storageKey = (kind: ImportKind) => `pult.import-mapping.${kind}`;

export const rememberMapping = (kind: ImportKind, columns: readonly string[], mapping: Record<string, number>) => {
  const byHeader = Object.fromEntries(
    Object.entries(mapping).flatMap(([field, index]) => (columns[index] ? [[field, columns[index]]] : [])),
  );
  try {
    localStorage.setItem(storageKey(kind), JSON.stringify(byHeader));
  } catch {
    // Storage full or off: the guess from the headers still works.
  }
};

/** The remembered mapping applied to this file's headers: fields whose header is here. */
export const recallMapping = (kind: ImportKind, columns: readonly string[]): Record<string, number> => {
  let saved: unknown;
  try {
    saved = JSON.parse(localStorage.getItem(storageKey(kind)) ?? '{}');
  } catch {
    return {};
  }
  if (!saved || typeof saved !== 'object') return {};
  const fields: readonly string[] = importFields[kind];
  const mapping: Record<string, number> = {};
  for (const [field, header] of Object.entries(saved as Record<string, unknown>)) {
    const index = columns.indexOf(String(header));
    if (fields.includes(field) && index >= 0) mapping[field] = index;
  }
  return mapping;
};

export const fieldsOf = (kind: ImportKind): readonly ImportField[] => importFields[kind];

/** Whether a file of this kind may update the records it matches (promo codes only come in new). */
export const mayUpdate = (kind: ImportKind): boolean => updatableImportKinds.includes(kind);
