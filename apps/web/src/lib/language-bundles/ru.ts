import 'dayjs/locale/ru';
import antd from 'antd/locale/ru_RU';
import shell from '../../locales/ru.json';
import { type Tree, withFeatures } from '../translation-tree';

/** Everything the interface needs in this language, in one chunk loaded only when it is chosen. */
export default {
  translation: withFeatures(
    shell,
    import.meta.glob<Tree>('../../features/*/locales/ru.json', { eager: true, import: 'default' }),
  ),
  antd,
};
