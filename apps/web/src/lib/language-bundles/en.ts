import antd from 'antd/locale/en_US';
import shell from '../../locales/en.json';
import { type Tree, withFeatures } from '../translation-tree';

/** Everything the interface needs in this language, in one chunk loaded only when it is chosen. */
export default {
  translation: withFeatures(
    shell,
    import.meta.glob<Tree>('../../features/*/locales/en.json', { eager: true, import: 'default' }),
  ),
  antd,
};
