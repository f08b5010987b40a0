import { CopyOutlined } from '@ant-design/icons';
import { Badge, Button, Divider, Drawer, Radio, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../../config/languages';
import { COLOR_PRESETS, THEME_DRAWER_WIDTH } from '../../../config/theme-config';
import { copyText } from '../../../lib/clipboard';
import { useFeedback } from '../../../lib/feedback';
import { themeStore, toSettings, useTheme } from '../../../lib/theme-store';
import { SettingRow } from './setting-row';

interface Props {
  open: boolean;
  onClose: () => void;
}

/** The theme-settings drawer (350 wide). Every change applies and persists at once. */
export const ThemeDrawer = ({ open, onClose }: Props) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const theme = useTheme();
  const isTop = theme.navType === 'top';

  const copySettings = async () => {
    try {
      await copyText(JSON.stringify(toSettings(theme), null, 2));
      message.success(t('theme.copied'));
    } catch {
      message.error(t('theme.copyFailed'));
    }
  };

  return (
    <Drawer
      title={t('theme.title')}
      size={THEME_DRAWER_WIDTH}
      open={open}
      onClose={onClose}
      placement={theme.direction === 'rtl' ? 'left' : 'right'}
      footer={
        <Button type="primary" block icon={<CopyOutlined />} onClick={copySettings}>
          {t('theme.copy')}
        </Button>
      }
    >
      <Typography.Title level={5}>{t('theme.navigation')}</Typography.Title>
      <SettingRow id="setting-nav-type" label={t('theme.navType')}>
        <Radio.Group
          aria-labelledby="setting-nav-type"
          optionType="button"
          buttonStyle="solid"
          value={theme.navType}
          onChange={(event) => themeStore.set({ navType: event.target.value })}
          options={[
            { value: 'side', label: t('theme.navSide') },
            { value: 'top', label: t('theme.navTop') },
          ]}
        />
      </SettingRow>
      {isTop ? (
        <SettingRow id="setting-top-color" label={t('theme.topNavColor')}>
          <Radio.Group
            aria-labelledby="setting-top-color"
            className="color-swatches"
            optionType="button"
            value={theme.topNavColor}
            onChange={(event) => themeStore.set({ topNavColor: event.target.value })}
            options={COLOR_PRESETS.map((color) => ({
              value: color,
              title: t('theme.presetColor', { color }),
              label: (
                <Badge color={color} text={<span className="sr-only">{t('theme.presetColor', { color })}</span>} />
              ),
            }))}
          />
        </SettingRow>
      ) : (
        <>
          <SettingRow id="setting-side-color" label={t('theme.sideNavColor')}>
            <Radio.Group
              aria-labelledby="setting-side-color"
              optionType="button"
              buttonStyle="solid"
              value={theme.sideNavTheme}
              onChange={(event) => themeStore.set({ sideNavTheme: event.target.value })}
              options={[
                { value: 'light', label: t('theme.light') },
                { value: 'dark', label: t('theme.dark') },
              ]}
            />
          </SettingRow>
          <SettingRow id="setting-collapse" label={t('theme.collapse')}>
            <Switch
              aria-label={t('theme.collapse')}
              checked={theme.navCollapsed}
              onChange={(navCollapsed) => themeStore.set({ navCollapsed })}
            />
          </SettingRow>
        </>
      )}
      <Divider />
      <Typography.Title level={5}>{t('theme.appearance')}</Typography.Title>
      <SettingRow id="setting-dark" label={t('theme.darkTheme')}>
        <Switch
          aria-label={t('theme.darkTheme')}
          checked={theme.currentTheme === 'dark'}
          onChange={(dark) => themeStore.set({ currentTheme: dark ? 'dark' : 'light' })}
        />
      </SettingRow>
      <SettingRow id="setting-direction" label={t('theme.direction')}>
        <Radio.Group
          aria-labelledby="setting-direction"
          optionType="button"
          buttonStyle="solid"
          value={theme.direction}
          onChange={(event) => themeStore.set({ direction: event.target.value })}
          options={[
            { value: 'ltr', label: t('theme.ltr') },
            { value: 'rtl', label: t('theme.rtl') },
          ]}
        />
      </SettingRow>
      <Divider />
      <SettingRow id="setting-locale" label={t('theme.locale')}>
        <Select
          aria-labelledby="setting-locale"
          className="setting-select"
          value={theme.locale}
          onChange={(locale) => themeStore.set({ locale })}
          options={LANGUAGES.map((language) => ({ value: language.langId, label: language.langName }))}
        />
      </SettingRow>
    </Drawer>
  );
};
