import { UnderConstruction } from '../../../components/under-construction';

/** `/app/transactions`: payments, read-only. Built by a later issue; until then an honest empty state. */
export const TransactionsPage = () => <UnderConstruction titleKey="nav.transactions" />;
