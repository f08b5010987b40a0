import type { ListKey } from '@pult/contract';
import { Flex } from 'antd';
import { ColumnsButton } from './columns-button';
import type { ListColumnsControl } from './use-list-columns';
import { ViewsButton } from './views-button';
import './list-views.css';

/** «Виды» and «Столбцы» above a list; a screen gets them by giving its table a `listKey`. */
export const ListToolbar = ({ listKey, columns }: { listKey: ListKey; columns: ListColumnsControl }) => (
  <Flex justify="flex-end" gap="small" wrap className="list-toolbar">
    <ViewsButton listKey={listKey} columns={columns} />
    <ColumnsButton control={columns} />
  </Flex>
);
