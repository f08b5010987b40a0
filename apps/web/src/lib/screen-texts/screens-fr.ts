import 'dayjs/locale/fr';
import antd from 'antd/locale/fr_FR';
import type { ScreenTexts } from '../language-loader';

/**
 * What the antd screens need in this language besides the shell's and the features' texts: antd's own
 * texts (pagination, pickers, empty states) and the date library's locale. Loaded with those screens, not
 * by the login page; each feature's texts come with the screens that draw it (lib/language-loader.ts).
 */
const texts: ScreenTexts = { antd };
export default texts;
