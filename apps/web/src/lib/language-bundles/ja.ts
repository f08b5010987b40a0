import shell from '../../locales/ja.json';
import { type Tree, withFeatures } from '../translation-tree';

/** The interface's texts in this language, in one chunk loaded only when it is chosen. */
export default withFeatures(
  shell,
  import.meta.glob<Tree>('../../features/*/locales/ja.json', { eager: true, import: 'default' }),
);
