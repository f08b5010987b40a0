import shell from '../../locales/en.json';
import type { Tree } from '../translation-tree';

/**
 * The shell's texts in this language (the sign-in pages, the layout, errors), in one chunk loaded only
 * when it is chosen; the features' texts come with the antd screens (lib/screen-texts/).
 */
export default shell as Tree;
