import 'dayjs/locale/zh-cn';
import antd from 'antd/locale/zh_CN';
import shell from '../../locales/zh.json';
import { type Tree, withFeatures } from '../translation-tree';

/** Everything the interface needs in this language, in one chunk loaded only when it is chosen. */
export default {
  translation: withFeatures(
    shell,
    import.meta.glob<Tree>('../../features/*/locales/zh.json', { eager: true, import: 'default' }),
  ),
  antd,
};
