import type { ListKey } from '@pult/contract';
import { Flex } from 'antd';
import { ColumnsButton } from './columns-button';
import { DensityButton } from './density-button';
import type { Density } from './list-density';
import type { ListColumnsControl } from './use-list-columns';
import { ViewsButton } from './views-button';
import './list-views.css';

interface Props {
  listKey: ListKey;
  columns: ListColumnsControl;
  /** «Плотность», for the lists drawn by `PagedTable` (which keeps it, `list-density.ts`). */
  density?: Density;
  onDensity?: (density: Density) => void;
}

/** «Виды», «Столбцы» and «Плотность» above a list; a screen gets them by giving its table a `listKey`. */
export const ListToolbar = ({ listKey, columns, density, onDensity }: Props) => (
  <Flex justify="flex-end" gap="small" wrap className="list-toolbar">
    <ViewsButton listKey={listKey} columns={columns} />
    <ColumnsButton control={columns} />
    {density && onDensity ? <DensityButton value={density} onChange={onDensity} /> : null}
  </Flex>
);
