import type { TFunction } from 'i18next';
import { isKnownKind } from './job-subject';

/** A kind's name in the reader's language; a kind the SPA does not know keeps its code, marked as other. */
export const kindName = (t: TFunction, kind: string): string =>
  isKnownKind(kind) ? t(`jobs.kinds.${kind}`) : t('jobs.kinds.other', { kind });

/** What a job works on («Серия №12»), in the reader's language. */
export const subjectName = (t: TFunction, kind: string, id: number): string =>
  isKnownKind(kind) ? t(`jobs.subjects.${kind}`, { id }) : t('jobs.subjects.other', { id });
