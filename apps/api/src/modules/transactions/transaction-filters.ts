import { and, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { transactions } from '../../db/schema';
import { userIdsMatching } from '../users';

export interface TransactionFilter {
  status?: Array<(typeof transactions.$inferSelect)['status']>;
  provider?: Array<(typeof transactions.$inferSelect)['provider']>;
  kind?: Array<(typeof transactions.$inferSelect)['kind']>;
  userId?: number;
  /** The payer's e-mail or phone, or a part of one. */
  user?: string;
  from?: string;
  to?: string;
  amountFrom?: number;
  amountTo?: number;
}

export function transactionConditions(filter: TransactionFilter): SQL | undefined {
  const t = transactions;
  return and(
    filter.status ? inArray(t.status, filter.status) : undefined,
    filter.provider ? inArray(t.provider, filter.provider) : undefined,
    filter.kind ? inArray(t.kind, filter.kind) : undefined,
    filter.userId ? eq(t.userId, filter.userId) : undefined,
    filter.user ? sql`${t.userId} IN (${userIdsMatching(filter.user)})` : undefined,
    filter.from ? gte(t.createdAt, new Date(filter.from)) : undefined,
    filter.to ? lte(t.createdAt, new Date(filter.to)) : undefined,
    filter.amountFrom !== undefined ? gte(t.amount, filter.amountFrom) : undefined,
    filter.amountTo !== undefined ? lte(t.amount, filter.amountTo) : undefined,
  );
}
