import { updateSettingsBody } from '@pult/contract';
import { notFound } from '../../lib/http-errors';
import { restorable, type VersionedResource } from '../revisions';
import { withDefaults } from './settings-defaults';
import { settingsRepository as repo } from './settings-repository';
import { settingsService } from './settings-service';

/** The settings are one versioned record (id 1): every value is kept in history (none is a secret). */
export const settingsHistory: VersionedResource = {
  resource: 'settings',
  async read(db, id) {
    if (id !== 1) return undefined;
    const row = await repo.read(db);
    return { version: row?.version ?? 1, state: withDefaults(row?.value) };
  },
  notFound: () => notFound('NOT_FOUND', 'Settings have one record, id 1'),
  restore: (ctx, _id, state) => settingsService.update(ctx, restorable(updateSettingsBody, state, Object.keys(state))),
};
