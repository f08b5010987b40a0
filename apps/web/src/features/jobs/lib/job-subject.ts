import { type KnownJobKind, knownJobKinds } from '@pult/contract';

export const isKnownKind = (kind: string): kind is KnownJobKind => knownJobKinds.some((known) => known === kind);

/** The screen that shows a job's subject: the promo series, the push opened on its list, the backups' settings, the import. */
export const subjectPath = (kind: string, subjectId: number): string | undefined => {
  if (!isKnownKind(kind)) return undefined;
  switch (kind) {
    case 'promo-generation':
      return `/app/promo-codes/${subjectId}`;
    case 'push-dispatch':
      return `/app/push-notifications?reminder=${subjectId}`;
    case 'scheduled-backup':
      return '/app/common/settings';
    case 'import':
      return `/app/imports?id=${subjectId}`;
  }
};
