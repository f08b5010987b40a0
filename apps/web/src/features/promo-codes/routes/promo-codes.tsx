import { UnderConstruction } from '../../../components/under-construction';

/** `/app/promo-codes`: promo-code series. Built by a later issue; until then an honest empty state. */
export const PromoCodesPage = () => <UnderConstruction titleKey="nav.promoCodes" />;
