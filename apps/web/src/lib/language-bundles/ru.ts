import shell from '../../locales/ru.json';
import { type Tree, withFeatures } from '../translation-tree';

/** The interface's texts in this language, in one chunk loaded only when it is chosen. */
export default withFeatures(
  shell,
  import.meta.glob<Tree>('../../features/*/locales/ru.json', { eager: true, import: 'default' }),
);
