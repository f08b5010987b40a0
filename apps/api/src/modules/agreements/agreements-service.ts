import { createHash } from 'node:crypto';
import type { Agreement, AgreementType, AgreementVersion, ConsentRecord, PublishAgreementBody } from '@pult/contract';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../lib/http-errors';
import { isUniqueViolation } from '../../lib/pg-errors';
import { actorOf, type ServiceContext } from '../../lib/service-context';
import { toAgreement, toConsent } from './agreement-row';
import { agreementsRepository as repo } from './agreements-repository';

export const contentHash = (content: string) => createHash('sha256').update(content, 'utf8').digest('hex');

/** The public answer and its validator, kept for a moment: every app start asks for it. */
interface CurrentAgreements {
  items: Agreement[];
  count: number;
  etag: string;
}
const LATEST_CACHE_MS = 1000;
const latestCache = new WeakMap<Db, { value: CurrentAgreements; readAt: number }>();

/** Versions only grow and never change, so the set of latest ids names the answer exactly. */
const etagOf = (items: Agreement[]) => `"agr-${items.map((item) => item.id).join('-')}"`;

/** A concurrent publish of the same type took the number: try again with the next one. */
const PUBLISH_ATTEMPTS = 5;

const MAX_USER_AGENT = 500;

export const agreementsService = {
  /** The latest version of each type; public. Each process re-reads at most once a second. */
  async current(ctx: ServiceContext): Promise<CurrentAgreements> {
    const now = ctx.clock.now().getTime();
    const hit = latestCache.get(ctx.db);
    if (hit && now - hit.readAt < LATEST_CACHE_MS && now >= hit.readAt) return hit.value;
    const items = (await repo.latest(ctx.db)).map(toAgreement);
    const value = { items, count: items.length, etag: etagOf(items) };
    latestCache.set(ctx.db, { value, readAt: now });
    return value;
  },

  async publish(ctx: ServiceContext, body: PublishAgreementBody): Promise<Agreement> {
    const actor = actorOf(ctx);
    for (let attempt = 1; ; attempt++) {
      try {
        const published = await ctx.db.transaction(async (tx) => {
          const row = await repo.insertNext(tx, {
            type: body.type,
            title: body.title,
            content: body.content,
            contentHash: contentHash(body.content),
            createdAt: ctx.clock.now(),
            createdBy: actor.userId,
          });
          const agreement = toAgreement(row);
          const { content: _content, ...summary } = agreement;
          await ctx.audit({ action: 'publish', entity: 'agreement', entityId: row.id, after: summary }, tx);
          return agreement;
        });
        latestCache.delete(ctx.db);
        return published;
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= PUBLISH_ATTEMPTS) throw error;
      }
    }
  },

  async history(ctx: ServiceContext, type: AgreementType, take: number, page: number) {
    const [rows, total] = await Promise.all([repo.history(ctx.db, type, take, page), repo.countOf(ctx.db, type)]);
    const counts = await repo.acceptedCounts(
      ctx.db,
      rows.map((row) => row.id),
    );
    const items: AgreementVersion[] = rows.map((row) => ({
      ...toAgreement(row),
      acceptedCount: counts.get(row.id) ?? 0,
    }));
    return { items, count: total };
  },

  async userConsents(ctx: ServiceContext, userId: number) {
    if (!(await repo.userExists(ctx.db, userId))) throw notFound('USER_NOT_FOUND', 'User not found');
    const rows = await repo.consentsOf(ctx.db, userId);
    const items = rows.map((row) => toConsent(row.consent, row.agreement));
    return { items, count: items.length };
  },

  /**
   * A planner user accepts the current version of a document. Only the current one: a user who saw
   * an older text must be shown the new one first. The record is appended and never changed.
   */
  async accept(
    ctx: ServiceContext,
    input: { type: AgreementType; version: number; appVersion: string | null; userAgent: string | null },
  ): Promise<ConsentRecord> {
    const userId = actorOf(ctx).userId;
    const latest = await repo.latestOf(ctx.db, input.type);
    if (!latest || input.version > latest.version)
      throw notFound('AGREEMENT_NOT_FOUND', `No version ${input.version} of ${input.type}`);
    if (input.version < latest.version)
      throw conflict(
        'AGREEMENT_OUTDATED',
        `Version ${input.version} of ${input.type} is outdated; the current one is ${latest.version}`,
        { version: 'invalid' },
      );
    const row = await repo.insertConsent(ctx.db, {
      userId,
      agreementId: latest.id,
      contentHash: latest.contentHash,
      acceptedAt: ctx.clock.now(),
      ip: ctx.ip,
      userAgent: input.userAgent ? input.userAgent.slice(0, MAX_USER_AGENT) : null,
      appVersion: input.appVersion,
    });
    return toConsent(row, latest);
  },
};
