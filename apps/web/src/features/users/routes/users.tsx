import { UnderConstruction } from '../../../components/under-construction';

/** `/app/users`: users list and edit. Built by a later issue; until then an honest empty state. */
export const UsersPage = () => <UnderConstruction titleKey="nav.users" />;
