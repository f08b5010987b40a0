import { UnderConstruction } from '../../../components/under-construction';

/** `/app/notes`: editorial notes. Built by a later issue; until then an honest empty state. */
export const NotesPage = () => <UnderConstruction titleKey="nav.notes" />;
