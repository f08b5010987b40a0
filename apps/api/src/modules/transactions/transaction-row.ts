import type { Transaction } from '@pult/contract';
import type { TransactionWithEmail } from './transactions-repository';

export const toTransaction = ({ transaction, userEmail }: TransactionWithEmail): Transaction => ({
  ...transaction,
  userEmail,
  createdAt: transaction.createdAt.toISOString(),
});
