import { UnderConstruction } from '../../../components/under-construction';

/** `/app/common/settings`: system settings. Built by a later issue; until then an honest empty state. */
export const SettingsPage = () => <UnderConstruction titleKey="nav.settings" />;
