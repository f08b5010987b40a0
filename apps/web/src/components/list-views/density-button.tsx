import { ColumnHeightOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { type Density, densities } from './list-density';

/**
 * «Плотность»: compact or standard rows, as antd Pro tables offer it. A menu of two choices, the current
 * one checked (antd's selectable menu marks it for assistive technology too); arrows and Enter choose.
 */
export const DensityButton = ({ value, onChange }: { value: Density; onChange: (density: Density) => void }) => {
  const { t } = useTranslation();
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        selectable: true,
        selectedKeys: [value],
        items: densities.map((density) => ({ key: density, label: t(`listViews.density.${density}`) })),
        onClick: ({ key }) => onChange(key as Density),
      }}
    >
      <Button icon={<ColumnHeightOutlined aria-hidden />}>
        {t('listViews.density.button')} <DownOutlined aria-hidden />
      </Button>
    </Dropdown>
  );
};
