import { isAllowedDeeplink, renderPlaceholders } from '@pult/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, queryRows } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import type { Metrics } from '../../../lib/metrics';
import { type JobHandler, type JobOutcome, jobKind } from '../../jobs';
import { currentSettings } from '../../settings';
import { abPlacement } from '../ab/ab-split';
import type { PushMessage, PushProvider, PushResult } from '../providers/provider';
import { providerNameFor } from '../providers/routing-provider';
import { audienceDevices, idList, remindersRepository as repo } from '../reminders/reminders-repository';
import { cancelDispatchedPush, dispatchProgress } from './dispatch-subject';
import { needsPersonalising, placeholderValues } from './personalise';
import { afterQuietHours } from './quiet-hours';
import { skipUnwanted } from './skips';

/**
 * Provider failures are retried per delivery (below); the job itself fails only when a run throws
 * (the database, a bug) five times in a row, and then waits for an admin's retry.
 */
export const PUSH_DISPATCH_JOB = jobKind('push-dispatch', {
  maxAttempts: 5,
  progress: dispatchProgress,
  onCancel: cancelDispatchedPush,
});
/** Attempts per delivery (a claim counts as one, so a crash mid-batch costs one) before it fails. */
/**
 * A reminder saved before the contract allowed only app paths, planner:// and https:// may hold a
 * javascript: or data: link; no migration rewrites old rows, so such a link is left out here and
 * the notification still goes, opening the app.
 */
const sendableDeeplink = (link: string | null) => (link !== null && isAllowedDeeplink(link) ? link : null);

const MAX_ATTEMPTS = 5;
const BASE_BACKOFF_MS = 5_000;

export interface DispatcherOptions {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  provider: PushProvider;
  batchSize?: number;
  /** Test hook: called after a batch was handed to the provider, before it is confirmed. */
  afterSend?: (reminderId: number, batch: number) => Promise<void> | void;
  /** Where confirmed deliveries are counted (`pult_push_deliveries_total`); the app passes its own. */
  metrics?: Pick<Metrics, 'pushDeliveries'>;
}

interface Claimed {
  id: number;
  /** The A/B text (0 = the push's own); null without A/B. */
  variant: number | null;
  device_id: number;
  user_id: number;
  token: string;
  platform: PushMessage['platform'];
  provider: PushMessage['provider'];
  enabled: boolean;
  attempts: number;
  /** When it was due: with the id, where the next claim starts (`ClaimCursor`). */
  due_at: Date | string;
}

/**
 * Where the last batch ended, in the claim's order (due, id). The next claim starts after it instead of
 * at the start of the push's pending rows: the rows already sent left dead index entries there, which
 * PostgreSQL can only skip one heap visit at a time while any snapshot might still see them (a long
 * transaction anywhere in the database), so each batch of a 1.3M-device push read all the batches before
 * it (0.7-1.8 s a claim at 1.2M rows behind). A row behind the cursor (a crash's claims put back) is
 * found by one claim from the start when the cursor's claims run out.
 */
type ClaimCursor = { due: Date; id: number } | null;

/** A claimed batch made ready to go (`prepare`): what is left to send after the checks, and its messages. */
interface Ready {
  /** The claim's time, kept in the rows' `claimed_at`: a release touches only rows still held by this claim. */
  claimedAt: Date;
  /** Where the next claim starts. */
  after: ClaimCursor;
  claimed: number;
  /** The claimed rows not skipped; confirmed after the send (disabled devices as failed). */
  batch: Claimed[];
  /** The rows of enabled devices, one message each, in the same order. */
  live: Claimed[];
  messages: PushMessage[];
  claimMs: number;
  prepareMs: number;
}

/** Consent alone, no caps: the second look as a batch goes (`deliver`). */
const NO_CAPS = { perDay: null, perWeek: null } as const;

/** An audience at least this big refreshes the deliveries' statistics before its first batch. */
const ANALYZE_AFTER_ROWS = 10_000;

/**
 * Delivers a reminder as a job. First (once) the audience becomes one delivery row per device under
 * a unique (reminder, device) key. Then batch by batch: claim due rows (pending → claimed) in one
 * statement, call the provider, confirm the answers in one transaction with the counters. Only the
 * job's lease holder works on a reminder, so rows still `claimed` when a run starts were left by a
 * process that died between sending and confirming: they go back to pending (sent again at most
 * once; the collapse key makes that copy replace the first on the phone).
 */
export function pushDispatchHandler(options: DispatcherOptions): JobHandler {
  const { db, clock, log, provider } = options;
  const batchSize = options.batchSize ?? 1000;

  async function target(reminderId: number) {
    // Read before the transaction: the settings cache may query, and the lock should be short.
    const { pushQuietHours } = await currentSettings({ db, clock });
    const added = await db.transaction(async (tx) => {
      const reminder = await repo.lock(tx, reminderId);
      if (!reminder || reminder.targetedAt) return 0;
      const now = clock.now();
      // The recipient's clock: the device's zone, or the zone the push was scheduled in when the app
      // sent none or one this server's zone database does not know.
      const recipientZone = sql`coalesce(z.name, ${reminder.timeZone})`;
      const scheduled = reminder.localTime
        ? sql`((${reminder.scheduledAt}::timestamptz AT TIME ZONE ${reminder.timeZone}) AT TIME ZONE ${recipientZone})`
        : sql`${reminder.scheduledAt}::timestamptz`;
      // A push dispatched late (the server was down) is judged by when it can go, not when it was due.
      const due = afterQuietHours(sql`greatest(${scheduled}, ${now}::timestamptz)`, recipientZone, pushQuietHours);
      // In device order: the rows' index entries (device, reminder and device) then go in side by side
      // instead of at random pages of indexes bigger than the buffer cache (1.27M rows: 37 s against 52 s).
      // An A/B push places each person by a hash: a text (pending), the holdout (skipped), or the rest (held).
      const ab = reminder.ab ? abPlacement(reminderId, reminder.ab, sql`a.user_id`) : null;
      const [inserted] = await queryRows<{ n: number; held_out: number }>(
        tx,
        sql`WITH added AS (
              INSERT INTO push_deliveries (reminder_id, device_id, user_id, platform, provider, due_at, variant, state, skip_reason)
              SELECT ${reminderId}, a.device_id, a.user_id, a.platform, a.provider, ${due},
                ${ab ? ab.variant : sql`NULL::smallint`}, ${ab ? ab.state : sql`'pending'`}, ${ab ? ab.skipReason : sql`NULL`}
              FROM (${audienceDevices(reminder.type, reminder.userIds, now)}) a
              LEFT JOIN (SELECT name FROM pg_timezone_names) z ON z.name = a.time_zone
              ORDER BY a.device_id
              ON CONFLICT (reminder_id, device_id) DO NOTHING
              RETURNING state)
            SELECT count(*)::int AS n, count(*) FILTER (WHERE state = 'skipped')::int AS held_out FROM added`,
      );
      const heldOut = Number(inserted?.held_out ?? 0);
      await repo.update(tx, reminderId, {
        targetedAt: now,
        targeted: Number(inserted?.n ?? 0),
        ...(heldOut > 0 ? { skipped: reminder.skipped + heldOut } : {}),
      });
      return Number(inserted?.n ?? 0);
    });
    // A big audience's rows are unknown to the planner until autovacuum's analyze comes (a minute or
    // more): it then took the push for a single row and read all of its rows for each batch's claim
    // through the wrong index (1.8 s a claim at 1.2M rows). Statistics now, before the first batch.
    if (added >= ANALYZE_AFTER_ROWS) await db.execute(sql`ANALYZE push_deliveries`);
  }

  async function claim(reminderId: number, after: ClaimCursor, now: Date): Promise<Claimed[]> {
    const behind = after ? sql`AND (due_at, id) > (${after.due}::timestamptz, ${after.id})` : sql``;
    return queryRows<Claimed>(
      db,
      sql`WITH picked AS (
            SELECT id FROM push_deliveries
            WHERE reminder_id = ${reminderId} AND state = 'pending' AND due_at <= ${now} ${behind}
            ORDER BY due_at, id LIMIT ${batchSize} FOR UPDATE SKIP LOCKED),
          claimed AS (
            UPDATE push_deliveries p SET state = 'claimed', claimed_at = ${now}, attempts = p.attempts + 1
            FROM picked WHERE p.id = picked.id
            RETURNING p.id, p.device_id, p.user_id, p.platform, p.attempts, p.variant, p.due_at)
          SELECT c.id, c.device_id, c.user_id, c.platform, c.attempts, c.variant, c.due_at, d.token, d.enabled, d.provider
          FROM claimed c JOIN devices d ON d.id = c.device_id ORDER BY c.id`,
    );
  }

  /** The last of a batch in the claim's order (due, id). */
  const cursorAfter = (batch: Claimed[]): ClaimCursor =>
    batch.reduce<ClaimCursor>((last, row) => {
      const due = new Date(row.due_at);
      return !last || due > last.due || (due.getTime() === last.due.getTime() && row.id > last.id)
        ? { due, id: row.id }
        : last;
    }, null);

  async function confirm(reminderId: number, batch: Claimed[], results: PushResult[]) {
    const now = clock.now();
    const outcomes = new Map<string, number>();
    const tally = (row: Claimed, result: string) => {
      const key = `${providerNameFor(provider, row.provider)}\u0000${result}`;
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    };
    const sent: number[] = [];
    const failed = new Map<string, number[]>();
    const retry = new Map<number, number[]>();
    const deadDevices: number[] = [];
    const fail = (reason: string, id: number) => failed.set(reason, [...(failed.get(reason) ?? []), id]);
    batch.forEach((row, index) => {
      const result = results[index] ?? { status: 'failed', reason: 'no answer' };
      tally(row, result.status === 'retry' && row.attempts >= MAX_ATTEMPTS ? 'failed' : result.status);
      if (result.status === 'sent') sent.push(row.id);
      else if (result.status === 'unregistered') {
        fail(`unregistered: ${result.reason}`, row.id);
        deadDevices.push(row.device_id);
      } else if (result.status === 'failed') fail(result.reason, row.id);
      else if (row.attempts >= MAX_ATTEMPTS) fail(`gave up after ${row.attempts} attempts: ${result.reason}`, row.id);
      else {
        const backoff = Math.max(result.retryAfterMs ?? 0, BASE_BACKOFF_MS * 2 ** (row.attempts - 1));
        const at = now.getTime() + backoff;
        retry.set(at, [...(retry.get(at) ?? []), row.id]);
      }
    });
    const failedCount = [...failed.values()].reduce((n, ids) => n + ids.length, 0);
    await db.transaction(async (tx) => {
      if (sent.length)
        await tx.execute(
          sql`UPDATE push_deliveries SET state = 'sent', sent_at = ${now} WHERE id = ANY(${idList(sent)})`,
        );
      for (const [reason, ids] of failed)
        await tx.execute(
          sql`UPDATE push_deliveries SET state = 'failed', error = ${reason.slice(0, 500)} WHERE id = ANY(${idList(ids)})`,
        );
      for (const [at, ids] of retry)
        await tx.execute(
          sql`UPDATE push_deliveries SET state = 'pending', due_at = ${new Date(at)} WHERE id = ANY(${idList(ids)})`,
        );
      if (deadDevices.length)
        await tx.execute(
          sql`UPDATE devices SET enabled = false, disabled_reason = 'unregistered' WHERE id = ANY(${idList(deadDevices)})`,
        );
      await tx.execute(
        sql`UPDATE reminders SET sent = sent + ${sent.length}, failed = failed + ${failedCount},
              status = CASE WHEN status = 'scheduled' THEN 'sending' ELSE status END,
              started_at = coalesce(started_at, ${now}) WHERE id = ${reminderId}`,
      );
    });
    // After the commit: a batch whose confirmation rolled back is sent and counted again.
    for (const [key, n] of outcomes) {
      const [name = '', result = ''] = key.split('\u0000');
      options.metrics?.pushDeliveries.inc({ provider: name, result }, n);
    }
  }

  async function finish(reminderId: number): Promise<JobOutcome> {
    const [next] = await queryRows<{ due: Date | string | null; open: number; held: number }>(
      db,
      sql`SELECT min(due_at) FILTER (WHERE state IN ('pending', 'claimed')) AS due,
            count(*) FILTER (WHERE state IN ('pending', 'claimed'))::int AS open,
            count(*) FILTER (WHERE state = 'held')::int AS held
          FROM push_deliveries WHERE reminder_id = ${reminderId} AND state IN ('pending', 'claimed', 'held')`,
    );
    if (next?.due) return { status: 'later', runAt: new Date(next.due) };
    const now = clock.now();
    // Failed when something was to go and nothing went; an A/B rest waiting for its winner was not to go yet.
    const held = Number(next?.held ?? 0);
    await db.execute(
      sql`UPDATE reminders SET finished_at = ${now}, started_at = coalesce(started_at, ${now}),
            status = CASE WHEN targeted > skipped + ${held} AND sent = 0 THEN 'failed' ELSE 'sent' END
          WHERE id = ${reminderId} AND status IN ('scheduled', 'sending')`,
    );
    return { status: 'done' };
  }

  type Reminder = NonNullable<Awaited<ReturnType<typeof repo.find>>>;

  /** Skipped deliveries counted under the provider each would have gone through. */
  function countSkipped(rows: Claimed[], skipped: Set<number>) {
    if (skipped.size === 0) return;
    const byProvider = new Map<string, number>();
    for (const row of rows)
      if (skipped.has(row.id)) {
        const name = providerNameFor(provider, row.provider);
        byProvider.set(name, (byProvider.get(name) ?? 0) + 1);
      }
    for (const [name, n] of byProvider) options.metrics?.pushDeliveries.inc({ provider: name, result: 'skipped' }, n);
  }

  /**
   * Claims the next batch and makes it ready to go: an advertising push's consent and caps checked (the
   * rows that must not go marked skipped), the texts filled, one message per enabled device. Null when
   * nothing is due, after the cursor nor (one look) from the start.
   */
  async function prepare(reminder: Reminder, cursor: ClaimCursor): Promise<Ready | null> {
    const started = performance.now();
    const claimedAt = clock.now();
    let claimed = await claim(reminder.id, cursor, claimedAt);
    // Nothing after the cursor: one look from the start for rows behind it (a crash's claims put back).
    if (claimed.length === 0 && cursor) claimed = await claim(reminder.id, null, claimedAt);
    if (claimed.length === 0) return null;
    const claimMs = performance.now() - started;
    // Advertising: consent and caps are read as the batch is prepared, consent once more as it goes (deliver).
    let batch = claimed;
    if (reminder.category === 'advertising') {
      const { pushAdvertisingCaps } = await currentSettings({ db, clock });
      const skipped = await skipUnwanted(
        db,
        reminder,
        claimed.map((row) => row.id),
        pushAdvertisingCaps,
        clock.now(),
      );
      batch = claimed.filter((row) => !skipped.has(row.id));
      countSkipped(claimed, skipped);
    }
    const live = batch.filter((row) => row.enabled);
    // {firstName} and {planTitle}: the batch's people's values in one statement, when the texts have any.
    const values =
      needsPersonalising(reminder) && live.length > 0
        ? await placeholderValues(
            db,
            live.map((row) => row.user_id),
            clock.now(),
          )
        : undefined;
    const text = (template: string, row: Claimed) =>
      values ? renderPlaceholders(template, values.get(row.user_id) ?? {}) : template;
    // The row's A/B text: 0 (or none) is the push's own, 1–3 the variants B–D.
    const texts = [{ title: reminder.title, body: reminder.body }, ...(reminder.ab?.variants ?? [])];
    const textOf = (row: Claimed) => texts[row.variant ?? 0] ?? texts[0];
    const messages: PushMessage[] = live.map((row) => ({
      deliveryId: row.id,
      token: row.token,
      platform: row.platform,
      provider: row.provider,
      category: reminder.category ?? 'service',
      title: text(textOf(row)?.title ?? '', row),
      body: text(textOf(row)?.body ?? '', row),
      deeplink: sendableDeeplink(reminder.deeplink ?? null),
      collapseKey: `reminder-${reminder.id}`,
    }));
    return {
      claimedAt,
      after: cursorAfter(claimed),
      claimed: claimed.length,
      batch,
      live,
      messages,
      claimMs,
      prepareMs: performance.now() - started,
    };
  }

  /**
   * Puts a prepared batch that will not be sent back to pending, its claim's attempt undone; only rows
   * still held by that claim (`claimed_at`), so rows another run has claimed since are left alone.
   */
  async function release(ready: Ready) {
    if (ready.batch.length === 0) return;
    await db.execute(
      sql`UPDATE push_deliveries SET state = 'pending', attempts = greatest(attempts - 1, 0)
          WHERE id = ANY(${idList(ready.batch.map((row) => row.id))}) AND state = 'claimed'
            AND claimed_at = ${ready.claimedAt}`,
    );
  }

  /**
   * Hands a prepared batch to the provider and confirms the answers. An advertising push's consent is
   * read again first, in one statement for the batch (no caps: those were counted in `prepare`): the
   * batch was checked while the one before it was still being sent, and a withdrawal committed since
   * must stop it.
   */
  async function deliver(reminder: Reminder, ready: Ready, batchNumber: () => number) {
    const started = performance.now();
    let { batch, live, messages } = ready;
    if (reminder.category === 'advertising' && batch.length > 0) {
      const withdrawn = await skipUnwanted(
        db,
        reminder,
        batch.map((row) => row.id),
        NO_CAPS,
        clock.now(),
      );
      if (withdrawn.size > 0) {
        countSkipped(batch, withdrawn);
        batch = batch.filter((row) => !withdrawn.has(row.id));
        messages = messages.filter((_, index) => !withdrawn.has(live[index]?.id ?? -1));
        live = live.filter((row) => !withdrawn.has(row.id));
      }
    }
    if (batch.length === 0) return;
    const recheckMs = performance.now() - started;
    const answers = await provider.send(messages);
    const sendMs = performance.now() - started - recheckMs;
    const byId = new Map(live.map((row, index) => [row.id, answers[index]]));
    const results: PushResult[] = batch.map(
      (row) => byId.get(row.id) ?? { status: 'failed', reason: 'device disabled' },
    );
    await options.afterSend?.(reminder.id, batchNumber());
    await confirm(reminder.id, batch, results);
    log.debug(
      {
        reminderId: reminder.id,
        claimed: ready.claimed,
        messages: messages.length,
        claimMs: Math.round(ready.claimMs),
        prepareMs: Math.round(ready.prepareMs),
        recheckMs: Math.round(recheckMs),
        sendMs: Math.round(sendMs),
        deliverMs: Math.round(performance.now() - started),
      },
      'push batch',
    );
  }

  return async (job, control) => {
    const reminderId = job.subjectId;
    let reminder = await repo.find(db, reminderId);
    if (!reminder || !['scheduled', 'sending'].includes(reminder.status)) return { status: 'done' };
    await target(reminderId);
    // Rows claimed by a run that died before confirming: send them again (at most once more).
    await db.execute(
      sql`UPDATE push_deliveries SET state = 'pending' WHERE reminder_id = ${reminderId} AND state = 'claimed'`,
    );
    let batches = 0;
    const nextBatchNumber = () => {
      batches += 1;
      return batches;
    };
    // Two batches at a time: while one is being sent and confirmed, the next is claimed, checked and
    // filled (see `prepare`, `deliver`). Sent one after the other, a batch's database work and its
    // provider calls added up: 1,000 RuStore requests (one a message, 64 in flight, 20 ms each) took
    // at least 320 ms during which nothing else happened.
    reminder = await repo.find(db, reminderId);
    if (!reminder || reminder.status === 'canceled') return { status: 'done' };
    let ready = await prepare(reminder, null);
    try {
      for (;;) {
        if (!ready) return await finish(reminderId);
        if (control.stopping()) return { status: 'later' };
        reminder = await repo.find(db, reminderId);
        if (!reminder || reminder.status === 'canceled') return { status: 'done' };
        const current: Ready = ready;
        ready = null;
        const [sent, next] = await Promise.allSettled([
          deliver(reminder, current, nextBatchNumber),
          prepare(reminder, current.after),
        ]);
        if (next.status === 'fulfilled') ready = next.value;
        if (sent.status === 'rejected') throw sent.reason;
        if (next.status === 'rejected') throw next.reason;
        if (!(await control.renew())) {
          // Lost or canceled: the prepared batch is released below (only rows its claim still holds).
          log.info({ reminderId }, 'push dispatch lost its lease (canceled or taken over); stopping');
          return { status: 'done' };
        }
      }
    } finally {
      // Stopping, canceled or failed with a batch prepared and not sent: it goes back to pending.
      if (ready) await release(ready).catch((error) => log.warn({ err: error, reminderId }, 'push batch not released'));
    }
  };
}
