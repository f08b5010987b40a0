import type { ListKey } from '@pult/contract';
import { ColumnsButton } from './columns-button';
import { DensityButton } from './density-button';
import type { Density } from './list-density';
import type { ListColumnsControl } from './use-list-columns';
import { ViewsButton } from './views-button';
import '../lite/lite.css';
import './list-views.css';

interface Props {
  listKey: ListKey;
  columns: ListColumnsControl;
  /** «Плотность», for the lists drawn by `PagedTable` (which keeps it, `list-density.ts`). */
  density?: Density;
  onDensity?: (density: Density) => void;
}

/**
 * «Виды», «Столбцы» and «Плотность» above a list; a screen gets them by giving its table a `listKey`. Drawn
 * without antd (the light kit's buttons, the frame's menu button), so the users list's first screen does not
 * download antd's Dropdown, menu, Popover and Checkbox for three buttons (issue 37, decision 0022); their
 * dialogs come when first opened.
 */
export const ListToolbar = ({ listKey, columns, density, onDensity }: Props) => (
  <div className="list-toolbar">
    <ViewsButton listKey={listKey} columns={columns} />
    <ColumnsButton control={columns} />
    {density && onDensity ? <DensityButton value={density} onChange={onDensity} /> : null}
  </div>
);
