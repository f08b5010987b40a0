import 'dayjs/locale/ja';
import antd from 'antd/locale/ja_JP';
import shell from '../../locales/ja.json';
import { type Tree, withFeatures } from '../translation-tree';

/** Everything the interface needs in this language, in one chunk loaded only when it is chosen. */
export default {
  translation: withFeatures(
    shell,
    import.meta.glob<Tree>('../../features/*/locales/ja.json', { eager: true, import: 'default' }),
  ),
  antd,
};
