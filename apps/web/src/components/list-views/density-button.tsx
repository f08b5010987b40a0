import { ColumnHeightOutlined, DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MenuButton } from '../menu-button';
import { type Density, densities } from './list-density';

/**
 * «Плотность»: compact or standard rows, as antd Pro tables offer it. A menu of two choices, the current
 * one marked (and focused when the menu opens); arrows and Enter choose. Drawn without antd, as the frame's
 * menus are (issue 37: the users list, the first screen, downloads no antd menu for it).
 */
export const DensityButton = ({ value, onChange }: { value: Density; onChange: (density: Density) => void }) => {
  const { t } = useTranslation();
  return (
    <MenuButton
      className="lite-button"
      items={densities.map((density) => ({
        key: density,
        label: t(`listViews.density.${density}`),
        current: density === value,
      }))}
      onSelect={(key) => onChange(key as Density)}
    >
      <ColumnHeightOutlined aria-hidden />
      {t('listViews.density.button')}
      <DownOutlined aria-hidden className="lite-button-chevron" />
    </MenuButton>
  );
};
