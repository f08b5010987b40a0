import 'dayjs/locale/ru';
import antd from 'antd/locale/ru_RU';
import { type Tree, withFeatures } from '../translation-tree';

/**
 * What the antd screens need in this language besides the shell's texts: every feature's
 * translations, antd's own texts (pagination, pickers, empty states) and the date library's locale.
 * Loaded with those screens, not by the login page (lib/language-loader.ts).
 */
export default {
  features: withFeatures(
    {},
    import.meta.glob<Tree>('../../features/*/locales/ru.json', { eager: true, import: 'default' }),
  ),
  antd,
};
