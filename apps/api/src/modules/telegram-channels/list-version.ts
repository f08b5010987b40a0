import { listStamp } from '../../lib/revalidated-json';
import type { AnswerVersion } from '../../lib/route';

/**
 * What both staff lists of this module are at (issue 37 target 4, docs/decisions/0023): the stamp of
 * the `telegram` row of list_versions, which statement triggers on tg_channels and tg_categories renew
 * in every writing transaction (migration 0048), whoever writes: these services, an import, a revision
 * restore, psql, a restore of a backup. Nothing else goes in either answer but `telegramConfigured`,
 * this process's configuration, hence its letter; neither the caller's role (both staff roles see the
 * same lists) nor the language (no text is translated) changes them.
 */
export const telegramListsVersion: AnswerVersion = {
  async version(ctx) {
    const stamp = await listStamp(ctx.db, 'telegram');
    return stamp && `${stamp}${ctx.deps.telegram ? 't' : 'n'}`;
  },
};
