import { STEP_UP_WINDOW_MINUTES } from '@pult/contract';
import { and, eq, gt } from 'drizzle-orm';
import { sessions } from '../db/schema';
import { forbidden } from './http-errors';
import { actorOf, type ServiceContext } from './service-context';

/** How long a proof holds for the dangerous actions (issue 31: 5 minutes). */
export const STEP_UP_WINDOW_MS = STEP_UP_WINDOW_MINUTES * 60_000;

/**
 * Above this many codes in a new series, or devices in a push's audience, creating it is a dangerous
 * action too (issue 31); below it, an everyday one.
 */
export const STEP_UP_ABOVE = 100_000;

export const stepUpRequired = () =>
  forbidden(
    'STEP_UP_REQUIRED',
    `Confirm it is you: this action needs a proof from the last ${STEP_UP_WINDOW_MINUTES} minutes`,
  );

/**
 * The one check before a dangerous action (docs/decisions/0044): the caller's session proved its owner
 * (signed in or stepped up) within STEP_UP_WINDOW_MS, else 403 STEP_UP_REQUIRED, which the SPA answers
 * with its confirmation dialog and a retry. Call it before the action writes anything.
 */
export async function requireStepUp(ctx: Pick<ServiceContext, 'db' | 'clock' | 'actor'>): Promise<void> {
  const actor = actorOf(ctx);
  const since = new Date(ctx.clock.now().getTime() - STEP_UP_WINDOW_MS);
  const [row] = await ctx.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, actor.sessionId), gt(sessions.steppedUpAt, since)));
  if (!row) throw stepUpRequired();
}
