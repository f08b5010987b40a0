import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { subscriptionPlans } from '../../db/schema';
import { nextVersion, sameVersion } from '../../lib/versions';
import type { PlanRow } from './plan-row';

type NewPlan = typeof subscriptionPlans.$inferInsert;
type PlanChanges = Partial<Omit<NewPlan, 'id' | 'createdAt' | 'version'>>;

/** The SQL of plans, and nothing else: no rules, no HTTP (docs/decisions/0012). */
export const plansRepository = {
  list: (db: Db): Promise<PlanRow[]> =>
    db.select().from(subscriptionPlans).orderBy(asc(subscriptionPlans.sortOrder), asc(subscriptionPlans.id)),

  async find(db: Db, id: number): Promise<PlanRow | undefined> {
    const [row] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, id));
    return row;
  },

  /** Locks the row for the rest of the transaction, so a concurrent change cannot slip between read and write. */
  async lock(db: Db, id: number): Promise<PlanRow | undefined> {
    const [row] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, id)).for('update');
    return row;
  },

  async insert(db: Db, values: NewPlan): Promise<PlanRow> {
    const [row] = await db.insert(subscriptionPlans).values(values).returning();
    if (!row) throw new Error('insert returned nothing');
    return row;
  },

  /** A change of the plan: the next version; with `expected`, only over that version (If-Match). */
  async update(db: Db, id: number, changes: PlanChanges, expected?: number): Promise<PlanRow | undefined> {
    const [row] = await db
      .update(subscriptionPlans)
      .set({ ...changes, ...nextVersion(subscriptionPlans) })
      .where(sameVersion(subscriptionPlans, id, expected))
      .returning();
    return row;
  },
};
