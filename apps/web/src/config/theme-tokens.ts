import type { ThemeConfig } from 'antd';
import { BRAND_BLUE } from './theme-config';

/**
 * antd's design tokens, tuned so every text meets WCAG 2.2 AA contrast (4.5:1) in both themes;
 * `e2e/tests/a11y.spec.ts` runs axe over every screen and fails on any serious violation.
 *
 * antd's defaults miss it in places: the brand blue #3e82f7 under white text is 3.65:1, the
 * tertiary text (secondary paragraphs, descriptions) 3.36:1, placeholders 1.83:1, links 4.1:1 and
 * the status colours as tag text on their own tints 2.2–3.3:1.
 */

/** The light theme: darker status colours on their usual light tints, greys a step darker. */
const LIGHT: ThemeConfig['token'] = {
  colorPrimary: BRAND_BLUE, // 5.4:1 under white text, 5.1:1 as text on the layout background
  colorInfo: BRAND_BLUE,
  colorLink: BRAND_BLUE,
  colorSuccess: '#2f7d10',
  colorSuccessBg: '#f6ffed',
  colorSuccessBorder: '#b7eb8f',
  colorWarning: '#a15c00',
  colorWarningBg: '#fffbe6',
  colorWarningBorder: '#ffe58f',
  colorError: '#cf1322',
  colorErrorBg: '#fff2f0',
  colorErrorBorder: '#ffccc7',
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  colorTextDescription: 'rgba(0, 0, 0, 0.6)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
};

const LIGHT_COMPONENTS: ThemeConfig['components'] = {
  // Coloured tags write their palette's 7th shade on its 1st; where that is under 4.5:1, a darker shade.
  Tag: {
    cyan7: '#006d75',
    green7: '#237804',
    orange7: '#ad4e00',
    yellow7: '#876800',
    volcano7: '#ad2102',
    gold7: '#874d00',
    lime7: '#3f6600',
  },
  // An empty table says so in the disabled grey (1.8:1); it is a message, not a disabled control.
  Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.55)' },
};

/** The blue as text on dark surfaces: no blue both carries white text and reads on near-black. */
const DARK_BLUE_TEXT = '#79a8ff';
/** The red as text on dark surfaces (the dark algorithm's red is 4.2:1 on a card). */
const DARK_RED_TEXT = '#ff7b72';

/**
 * The dark theme: the brand blue still fills buttons under white text; where antd draws the
 * primary colour as text (links, the selected menu item and tab) a lighter blue takes its place.
 * The dark algorithm derives its colours from the seeds, so text colours are set per component.
 */
const DARK: ThemeConfig['token'] = {
  colorPrimary: BRAND_BLUE,
  colorInfo: BRAND_BLUE,
  colorLink: DARK_BLUE_TEXT,
  colorLinkHover: '#a3c3ff',
  colorPrimaryText: DARK_BLUE_TEXT,
  colorErrorText: DARK_RED_TEXT,
  colorTextTertiary: 'rgba(255, 255, 255, 0.55)',
  colorTextDescription: 'rgba(255, 255, 255, 0.55)',
  colorTextPlaceholder: 'rgba(255, 255, 255, 0.5)',
};

const DARK_COMPONENTS: ThemeConfig['components'] = {
  Menu: {
    itemSelectedColor: DARK_BLUE_TEXT,
    subMenuItemSelectedColor: DARK_BLUE_TEXT,
    horizontalItemSelectedColor: DARK_BLUE_TEXT,
  },
  Tabs: { itemSelectedColor: DARK_BLUE_TEXT, itemActiveColor: DARK_BLUE_TEXT, inkBarColor: DARK_BLUE_TEXT },
  // Outlined danger buttons write the red as text; a solid one carries dark text on that light red.
  Button: { colorError: DARK_RED_TEXT, dangerColor: '#000000' },
  // «В обработке» tags (a pending payment, a push being sent) write the info blue as text: the light one.
  Tag: {
    colorError: DARK_RED_TEXT,
    colorInfo: DARK_BLUE_TEXT,
    purple7: '#ab7ae0',
    red7: '#f37370',
    geekblue7: '#7f9ef3',
  },
  Table: { colorTextDisabled: 'rgba(255, 255, 255, 0.5)' },
};

/** The token set and component tokens for one theme. */
export const accessibleTheme = (dark: boolean): Pick<ThemeConfig, 'token' | 'components'> => ({
  token: { ...(dark ? DARK : LIGHT), borderRadius: 8 },
  components: dark ? DARK_COMPONENTS : LIGHT_COMPONENTS,
});
