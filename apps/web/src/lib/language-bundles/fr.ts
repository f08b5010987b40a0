import 'dayjs/locale/fr';
import antd from 'antd/locale/fr_FR';
import shell from '../../locales/fr.json';
import { type Tree, withFeatures } from '../translation-tree';

/** Everything the interface needs in this language, in one chunk loaded only when it is chosen. */
export default {
  translation: withFeatures(
    shell,
    import.meta.glob<Tree>('../../features/*/locales/fr.json', { eager: true, import: 'default' }),
  ),
  antd,
};
