import 'dayjs/locale/fr';
import antd from 'antd/locale/fr_FR';

/**
 * antd's own texts (pagination, pickers, empty states) and the date library's locale in this language:
 * loaded with the antd screens, not by the login page (lib/language-loader.ts).
 */
export default antd;
