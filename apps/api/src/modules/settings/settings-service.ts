import { type SettingsValues, type SystemSettings, settingsValues, type UpdateSettingsBody } from '@pult/contract';
import type { Db } from '../../db/client';
import { actorOf, type ServiceContext } from '../../lib/service-context';
import { requireStepUp } from '../../lib/step-up';
import { staleVersion } from '../../lib/versions';
import { withDefaults } from './settings-defaults';
import { settingsRepository as repo, type SettingsRow } from './settings-repository';

/**
 * How long a process trusts its copy. Every API process re-reads the row at most this often, so a
 * change made through one is seen by all within a second, at the price of two tiny reads a second.
 */
export const SETTINGS_CACHE_MS = 500;

interface Cached {
  settings: SystemSettings;
  readAt: number;
}

/**
 * One copy per database handle (one per process in production). Inside a transaction the handle is
 * the transaction's, which is never cached, so a writer always reads the row itself.
 */
const cache = new WeakMap<Db, Cached>();

const toSettings = (row: SettingsRow | undefined): SystemSettings => ({
  ...withDefaults(row?.value),
  updatedAt: row ? row.updatedAt.toISOString() : null,
  updatedBy: row?.updatedBy ?? null,
  version: row?.version ?? 1,
});

/** The current settings, from this process's copy when it is fresh enough. */
export async function currentSettings(ctx: Pick<ServiceContext, 'db' | 'clock'>): Promise<SystemSettings> {
  const now = ctx.clock.now().getTime();
  const hit = cache.get(ctx.db);
  if (hit && now - hit.readAt < SETTINGS_CACHE_MS && now >= hit.readAt) return hit.settings;
  const settings = toSettings(await repo.read(ctx.db));
  cache.set(ctx.db, { settings, readAt: now });
  return settings;
}

const valuesOf = ({ updatedAt: _at, updatedBy: _by, version: _v, ...values }: SystemSettings): SettingsValues => values;

/** Reading and changing the system settings; the guard lets only admins this far. */
export const settingsService = {
  get: (ctx: ServiceContext) => currentSettings(ctx),

  async update(ctx: ServiceContext, body: UpdateSettingsBody): Promise<SystemSettings> {
    const actor = actorOf(ctx);
    // The policies live here (the second factor, the idle time-out): a change needs a fresh proof.
    await requireStepUp(ctx);
    const saved = await ctx.db.transaction(async (tx) => {
      const locked = toSettings(await repo.lock(tx));
      // Never saved: the defaults are version 1, and an insert has nothing to compare with.
      if (ctx.ifMatch !== undefined && ctx.ifMatch !== locked.version) throw staleVersion(locked);
      const before = valuesOf(locked);
      const after = settingsValues.parse({ ...before, ...body });
      const row = await repo.save(tx, after, ctx.clock.now(), actor.userId, ctx.ifMatch);
      if (!row) throw staleVersion(locked);
      const changed = Object.keys(body).filter(
        (key) =>
          JSON.stringify(before[key as keyof SettingsValues]) !== JSON.stringify(after[key as keyof SettingsValues]),
      );
      if (changed.length > 0) {
        const pick = (values: SettingsValues) =>
          Object.fromEntries(changed.map((key) => [key, values[key as keyof SettingsValues]]));
        await ctx.audit(
          { action: 'update', entity: 'settings', entityId: 1, before: pick(before), after: pick(after) },
          tx,
        );
      }
      return toSettings(row);
    });
    // This process sees its own change at once; the others within SETTINGS_CACHE_MS.
    cache.set(ctx.db, { settings: saved, readAt: ctx.clock.now().getTime() });
    return saved;
  },
};
