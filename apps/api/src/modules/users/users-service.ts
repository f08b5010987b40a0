import type { Readable } from 'node:stream';
import {
  type CreateUserBody,
  createUserBody,
  type FieldErrors,
  type Locale,
  type Role,
  type UpdateUserBody,
  type User,
  type UserAction,
  type UserFilter,
  userFilterOf,
  wallClockIn,
} from '@pult/contract';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../lib/http-errors';
import { conflictOnUnique } from '../../lib/pg-errors';
import { actorOf, type ServiceContext } from '../../lib/service-context';
import { requireStepUp } from '../../lib/step-up';
import { missedWrite } from '../../lib/versions';
import type { CheckedImage } from '../../storage/read-upload';
import { replaceFileColumn } from '../../storage/replace-file';
import { revokeUserSessions } from '../sessions';
import { currentSettings } from '../settings';
import { usersCsvStream } from './export-csv';
import { EXPORT_TEXTS } from './export-csv-texts';
import { hashPassword } from './passwords';
import type { UserSort } from './user-filters';
import { toUser, type UserRow } from './user-row';
import { usersRepository as repo } from './users-repository';

/** A users CSV and the name it is saved under. */
export interface UsersCsv {
  csv: Readable;
  fileName: string;
}

async function usersCsv(ctx: ServiceContext, where: UserFilter, lang: Locale, ids?: number[]): Promise<UsersCsv> {
  const now = ctx.clock.now();
  const { defaultTimeZone: timeZone } = await currentSettings(ctx);
  const csv = await usersCsvStream(ctx.db, where, now, { texts: EXPORT_TEXTS[lang], timeZone }, ids);
  const { year, month, day } = wallClockIn(timeZone, now);
  const date = `${year}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return { csv, fileName: `users-${date}.csv` };
}

export const userNotFound = () => notFound('USER_NOT_FOUND', 'User not found');

/** The row is locked: a versioned write that matched nothing was asked for a version it no longer has (412). */
const stale = (db: Db, id: number, now: Date) => missedWrite(() => repo.findUser(db, id, now), userNotFound);

/** A taken e-mail is a unique violation of the users' e-mail index. */
const withUniqueEmail = conflictOnUnique('EMAIL_TAKEN', 'This e-mail is already in use', 'email');

async function locked(ctx: ServiceContext, id: number): Promise<UserRow> {
  const row = await repo.lock(ctx.db, id);
  if (!row) throw userNotFound();
  return row;
}

/**
 * An admin may not take away their own admin powers, and nobody may remove the last active admin:
 * otherwise the back office could lock everyone out of it. `field` names the form field that asked for it.
 */
async function assertKeepsAnAdmin(
  ctx: ServiceContext,
  target: UserRow,
  next: { role: Role; status: string },
  field?: FieldErrors,
) {
  const losesAdmin =
    target.role === 'admin' && target.status === 'active' && (next.role !== 'admin' || next.status !== 'active');
  if (!losesAdmin) return;
  if (target.id === actorOf(ctx).userId)
    throw conflict('SELF_CHANGE', 'You cannot demote, block or delete yourself', field);
  if ((await repo.countOtherActiveAdmins(ctx.db, target.id)) === 0)
    throw conflict('LAST_ADMIN', 'The last active admin cannot be demoted, blocked or deleted');
}

/** Which statuses each action starts from (repeating one is harmless) and where it leads. */
const nextStatus: Record<Exclude<UserAction, 'logout'>, { from: readonly string[]; to: UserRow['status'] }> = {
  block: { from: ['active', 'blocked'], to: 'blocked' },
  unblock: { from: ['blocked', 'active'], to: 'active' },
  delete: { from: ['active', 'blocked', 'deleted'], to: 'deleted' },
  restore: { from: ['deleted', 'active'], to: 'active' },
};

/** A row just written, answered with its register (read after the transaction committed). */
const answer = async (ctx: ServiceContext, row: UserRow): Promise<User> =>
  (await repo.findUser(ctx.db, row.id, ctx.clock.now())) ?? toUser(row);

type UsersQueryParsed = UserFilter & { take: number; page: number; sort: UserSort; where?: UserFilter | undefined };

/** A filter as the audit log shows it: a list of one value is that value (`status: 'blocked'`). */
const asWritten = (filter: UserFilter): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(filter).map(([key, value]) => [key, Array.isArray(value) && value.length === 1 ? value[0] : value]),
  );

/** The rules about users: who may change whom, and what ends a user's sessions. */
/**
 * The edits that need a fresh proof (issue 31): a role changed, or one's own e-mail or phone (the ways
 * into the account: a reset link goes to the e-mail).
 */
const needsStepUp = (actorId: number, before: UserRow, body: UpdateUserBody): boolean =>
  (body.role !== undefined && body.role !== before.role) ||
  (before.id === actorId &&
    ((body.email !== undefined && body.email.toLowerCase() !== before.email.toLowerCase()) ||
      (body.phoneNumber !== undefined && body.phoneNumber !== before.phoneNumber)));

export const usersService = {
  /**
   * The flat filter parameters and the seed's `where` JSON are one filter (the contract's `userFilterOf`).
   * Answers the page as the contract's JSON text: its items written by PostgreSQL (`usersRepository.listJson`).
   */
  listJson: async (ctx: ServiceContext, query: UsersQueryParsed): Promise<string> => {
    const { take, page, sort } = query;
    const { itemsJson, count, isEstimate } = await repo.listJson(ctx.db, ctx.clock.now(), {
      take,
      page,
      sort,
      where: userFilterOf(query),
    });
    return `{"items":${itemsJson},"count":${JSON.stringify(count)},"countIsEstimate":${isEstimate}}`;
  },

  get: async (ctx: ServiceContext, id: number): Promise<User> => {
    const user = await repo.findUser(ctx.db, id, ctx.clock.now());
    if (!user) throw userNotFound();
    return user;
  },

  create: async (ctx: ServiceContext, body: CreateUserBody): Promise<User> => {
    const values = createUserBody.parse(body);
    // A new staff account is a role given: as dangerous as promoting someone (issue 31, step-up).
    if (values.role !== 'user') await requireStepUp(ctx);
    const now = ctx.clock.now();
    const passwordHash = values.password ? await hashPassword(values.password) : null;
    const row = await withUniqueEmail(() =>
      ctx.db.transaction(async (tx) => {
        const created = await repo.insert(tx, {
          email: values.email,
          phoneNumber: values.phoneNumber ?? null,
          firstName: values.firstName ?? null,
          lastName: values.lastName ?? null,
          role: values.role,
          passwordHash,
          createdAt: now,
          updatedAt: now,
        });
        await ctx.audit({ action: 'create', entity: 'user', entityId: created.id, after: toUser(created) }, tx);
        return created;
      }),
    );
    return answer(ctx, row);
  },

  update: async (ctx: ServiceContext, id: number, body: UpdateUserBody): Promise<User> => {
    const now = ctx.clock.now();
    const passwordHash = body.password ? await hashPassword(body.password) : undefined;
    const row = await withUniqueEmail(() =>
      ctx.db.transaction(async (tx) => {
        const txCtx = { ...ctx, db: tx };
        const before = await locked(txCtx, id);
        const role = body.role ?? before.role;
        if (needsStepUp(actorOf(ctx).userId, before, body)) await requireStepUp(txCtx);
        await assertKeepsAnAdmin(txCtx, before, { role, status: before.status }, { role: 'not_allowed' });
        const { password: _password, ...fields } = body;
        const after = await repo.update(
          tx,
          id,
          { ...fields, ...(passwordHash ? { passwordHash } : {}), updatedAt: now },
          ctx.ifMatch,
        );
        if (!after) return stale(tx, id, now);
        // A new role or password must not ride on tokens issued under the old one.
        if (role !== before.role || passwordHash) {
          await revokeUserSessions(tx, now, id, role !== before.role ? 'role changed' : 'password changed');
        }
        await ctx.audit(
          { action: 'update', entity: 'user', entityId: id, before: toUser(before), after: toUser(after) },
          tx,
        );
        return after;
      }),
    );
    return answer(ctx, row);
  },

  /** block / unblock / delete (soft) / restore / logout; block, delete and logout end every session. */
  manage: async (ctx: ServiceContext, id: number, action: UserAction): Promise<User> => {
    const now = ctx.clock.now();
    const row = await ctx.db.transaction(async (tx) => {
      const txCtx = { ...ctx, db: tx };
      const before = await locked(txCtx, id);
      let after = before;
      if (action !== 'logout') {
        const rule = nextStatus[action];
        if (!rule.from.includes(before.status))
          throw conflict('USER_STATUS_CONFLICT', `Cannot ${action} a user whose status is ${before.status}`);
        await assertKeepsAnAdmin(txCtx, before, { role: before.role, status: rule.to });
        const updated = await repo.update(tx, id, { status: rule.to, updatedAt: now }, ctx.ifMatch);
        if (!updated) return stale(tx, id, now);
        after = updated;
      }
      if (action === 'block' || action === 'delete' || action === 'logout') {
        await revokeUserSessions(tx, now, id, action);
      }
      await ctx.audit({ action, entity: 'user', entityId: id, before: toUser(before), after: toUser(after) }, tx);
      return after;
    });
    return answer(ctx, row);
  },

  replaceAvatar: async (ctx: ServiceContext, id: number, image: CheckedImage): Promise<User> => {
    const row = await replaceFileColumn(ctx, image, {
      entity: 'user',
      id,
      column: 'avatar',
      repo,
      notFound: userNotFound,
      answer: toUser,
    });
    return answer(ctx, row);
  },

  /**
   * Personal data leaving the system: the export is recorded before the first byte goes out. The
   * file speaks the staff member's language and tells times on the settings' clocks, and is named by
   * that zone's day.
   */
  exportCsv: async (ctx: ServiceContext, where: UserFilter, lang: Locale): Promise<UsersCsv> => {
    await requireStepUp(ctx);
    await ctx.audit({ action: 'export', entity: 'user', after: { where: asWritten(where) } });
    return usersCsv(ctx, where, lang);
  },

  /** Export selected: the same file, only the chosen users; the ids are recorded with the export. */
  exportSelectedCsv: async (ctx: ServiceContext, ids: number[], lang: Locale): Promise<UsersCsv> => {
    await requireStepUp(ctx);
    await ctx.audit({ action: 'export', entity: 'user', after: { ids } });
    return usersCsv(ctx, {}, lang, ids);
  },
};
