import { ReloadOutlined } from '@ant-design/icons';
import type { ListKey } from '@pult/contract';
import { Alert, Button, Empty, Flex, Skeleton, Table, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocaleId } from '../config/theme-config';
import { formatCount } from '../lib/format';
import { PAGE_SIZES } from '../lib/url-params';
import { ListToolbar } from './list-views/list-toolbar';
import { useListColumns } from './list-views/use-list-columns';

/** One page of a server-paged list, as every list endpoint answers. */
export interface PageOf<T> {
  items: T[];
  count: number;
  countIsEstimate?: boolean;
}

/**
 * Row selection that survives paging: the chosen keys are the screen's state (they are sent to a
 * bulk endpoint), antd only draws the checkboxes. Past `limit` the unchosen rows' boxes are disabled.
 */
export interface TableSelection<T> {
  keys: Key[];
  onChange: (keys: Key[], rows: T[]) => void;
  limit: number;
  /** Rows that cannot be chosen (a blocked code cannot be blocked again). */
  disabled?: (row: T) => boolean;
  /** The accessible name of one row's checkbox. */
  rowLabel: (row: T) => string;
}

export interface Paging {
  page: number;
  take: number;
}

/** What the table reads of the list's query (`useQuery` with `keepPreviousData`). */
export interface PagedQuery<T> {
  data: PageOf<T> | undefined;
  isPending: boolean;
  isFetching: boolean;
  /** Showing the previous page while the asked one loads (`keepPreviousData`). */
  isPlaceholderData: boolean;
  isError: boolean;
  refetch: () => unknown;
}

interface Props<T> extends Omit<TableProps<T>, 'dataSource' | 'loading' | 'pagination' | 'locale' | 'onChange'> {
  list: PagedQuery<T>;
  /** The page and its size, as the screen's URL keeps them (`pagingParams`). */
  paging: Paging;
  /** Where a new page or size goes: the screen's URL setter. A new size starts from page 1. */
  onPage: (next: Paging) => void;
  pageSizes?: readonly number[];
  /** The total line, given the count formatted for the locale («≈ 1 200 000» when it is an estimate). */
  total?: (count: string) => ReactNode;
  /** The empty state: what to say, and what to offer (reset the filter, create the first one). */
  empty: { text: string; extra?: ReactNode };
  /** What a failed load says; the table offers to retry. */
  errorTitle: string;
  /** A click on a sortable column header (server-side order); the screen resets the page. */
  onSort?: (sorter: SorterResult<T>) => void;
  /** Opts the list into column settings and saved views (issue #15); its columns need stable keys. */
  listKey?: ListKey;
  /** Checkboxes for bulk actions; without it the table has none. */
  selection?: TableSelection<T>;
}

/**
 * A server-paged list: a skeleton on the first load, the previous page dimmed while the next one
 * loads, an empty state, an error with a retry, and the total, shown as approximate when the
 * server only estimated it.
 */
export const PagedTable = <T extends object>({
  list,
  paging,
  onPage,
  pageSizes = PAGE_SIZES,
  total,
  empty,
  errorTitle,
  onSort,
  listKey,
  columns: screenColumns = [],
  selection,
  ...table
}: Props<T>) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  const { data } = list;
  const count = data?.count ?? 0;
  const { columns, control, settled } = useListColumns(listKey, screenColumns);
  // The rows wait for the person's column settings too, so they are drawn once, in their final order.
  const waiting = list.isPending || !settled;

  return (
    <Flex vertical gap="middle">
      {listKey ? <ListToolbar listKey={listKey} columns={control} /> : null}
      {list.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={errorTitle}
          action={
            <Button size="small" icon={<ReloadOutlined />} onClick={() => void list.refetch()}>
              {t('errors.retry')}
            </Button>
          }
        />
      ) : null}
      {list.isError && !data ? null : (
        <Table<T>
          rowKey="id"
          scroll={{ x: 'max-content' }}
          {...table}
          columns={columns}
          dataSource={waiting ? [] : data?.items}
          rowSelection={selection ? rowSelectionOf(selection, table.rowKey) : undefined}
          // Dimmed only while the previous page stands in: a background refresh (polling) does not blink.
          loading={list.isFetching && list.isPlaceholderData}
          locale={{
            emptyText: waiting ? (
              <Skeleton active title={false} paragraph={{ rows: 6 }} />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty.text}>
                {empty.extra}
              </Empty>
            ),
          }}
          pagination={{
            current: paging.page,
            pageSize: paging.take,
            total: count,
            showSizeChanger: true,
            pageSizeOptions: pageSizes.map(String),
            showTotal: () => (data && total ? total(formatCount(count, data.countIsEstimate ?? false, locale)) : null),
          }}
          onChange={(pagination, _filters, sorter, extra) => {
            if (extra.action === 'sort') onSort?.(Array.isArray(sorter) ? (sorter[0] ?? {}) : sorter);
            if (extra.action !== 'paginate') return;
            const take = pagination.pageSize ?? paging.take;
            onPage({ take, page: take === paging.take ? (pagination.current ?? 1) : 1 });
          }}
        />
      )}
    </Flex>
  );
};

/** antd's `rowSelection` from a TableSelection: kept across pages, capped at the limit. */
function rowSelectionOf<T extends object>(
  selection: TableSelection<T>,
  rowKey: TableProps<T>['rowKey'],
): TableProps<T>['rowSelection'] {
  const chosen = new Set(selection.keys);
  const keyOf = (row: T): Key =>
    typeof rowKey === 'function'
      ? rowKey(row)
      : ((row as Record<string, unknown>)[typeof rowKey === 'string' ? rowKey : 'id'] as Key);
  const full = chosen.size >= selection.limit;
  return {
    selectedRowKeys: selection.keys,
    preserveSelectedRowKeys: true,
    onChange: (keys, rows) => selection.onChange(keys.slice(0, selection.limit), rows),
    getCheckboxProps: (row) => ({
      disabled: (selection.disabled?.(row) ?? false) || (full && !chosen.has(keyOf(row))),
      'aria-label': selection.rowLabel(row),
    }),
  };
}
