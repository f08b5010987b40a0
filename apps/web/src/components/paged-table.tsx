import { ReloadOutlined } from '@ant-design/icons';
import type { ListKey } from '@pult/contract';
import { Alert, Button, Empty, Flex, Skeleton, Table, type TableProps } from 'antd';
import type { SorterResult, SortOrder } from 'antd/es/table/interface';
import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocaleId } from '../config/theme-config';
import { formatCount } from '../lib/format';
import { PAGE_SIZES } from '../lib/url-params';
import { tableSizeOf, useListDensity } from './list-views/list-density';
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

/**
 * A list's server-side order. The columns whose keys are in `fields` (those the contract allow-lists:
 * an index serves each) are sortable; a click asks for `field:asc`, the next for `field:desc`, and so on,
 * never for no order: the list always has one. The screen puts it in the URL and starts from page 1.
 */
export interface TableSort<S extends string> {
  value: S;
  fields: readonly string[];
  onChange: (sort: S) => void;
}

/** antd steps through these from the column's current order; an unsorted column takes the first. */
const SORT_DIRECTIONS: SortOrder[] = ['ascend', 'descend', 'ascend'];

const orderOf = (sort: string, field: string): SortOrder => {
  const at = sort.lastIndexOf(':');
  if (sort.slice(0, at) !== field) return null;
  return sort.slice(at + 1) === 'asc' ? 'ascend' : 'descend';
};

/** The screen's columns with sort arrows on those `sort.fields` names. */
function sortableColumns<T, S extends string>(
  columns: NonNullable<TableProps<T>['columns']>,
  sort: TableSort<S> | undefined,
): NonNullable<TableProps<T>['columns']> {
  if (!sort) return columns;
  return columns.map((column) =>
    typeof column.key === 'string' && sort.fields.includes(column.key)
      ? { ...column, sorter: true, sortOrder: orderOf(sort.value, column.key), sortDirections: SORT_DIRECTIONS }
      : column,
  );
}

/** What antd reports of a click on a sortable header, as `field:asc|desc` (the column's key is the field). */
const sortOfClick = <T,>(sorter: SorterResult<T> | SorterResult<T>[]): string | null => {
  const one = Array.isArray(sorter) ? sorter[0] : sorter;
  if (!one || typeof one.columnKey !== 'string' || !one.order) return null;
  return `${one.columnKey}:${one.order === 'ascend' ? 'asc' : 'desc'}`;
};

interface Props<T, S extends string>
  extends Omit<TableProps<T>, 'dataSource' | 'loading' | 'pagination' | 'locale' | 'onChange'> {
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
  /** Server-side order (`field:asc|desc`): the columns keyed by `fields` get sort arrows. */
  sort?: TableSort<S>;
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
export const PagedTable = <T extends object, S extends string = string>({
  list,
  paging,
  onPage,
  pageSizes = PAGE_SIZES,
  total,
  empty,
  errorTitle,
  sort,
  listKey,
  columns: screenColumns = [],
  selection,
  ...table
}: Props<T, S>) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  const { data } = list;
  const count = data?.count ?? 0;
  const { columns, control, settled } = useListColumns(listKey, sortableColumns(screenColumns, sort));
  const [density, setDensity] = useListDensity(listKey);
  // The rows wait for the person's column settings too, so they are drawn once, in their final order.
  const waiting = list.isPending || !settled;

  return (
    <Flex vertical gap="middle">
      {listKey ? (
        // A screen that fixes its own size (the promo codes' tabs) offers no «Плотность» that would not apply.
        <ListToolbar listKey={listKey} columns={control} {...(table.size ? {} : { density, onDensity: setDensity })} />
      ) : null}
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
          // The person's «Плотность», unless the screen fixes the size.
          size={table.size ?? tableSizeOf(density)}
          columns={columns}
          dataSource={waiting ? [] : data?.items}
          rowSelection={selection ? rowSelectionOf(selection, table.rowKey, t('bulk.selectPage')) : undefined}
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
            const next = extra.action === 'sort' ? sortOfClick(sorter) : null;
            // An allow-listed field (the column keys are) in one of two directions: the screen's sort type.
            if (next && sort) sort.onChange(next as S);
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
  pageLabel: string,
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
    // antd names the header's box in English («Select all») whatever the locale.
    getTitleCheckboxProps: () => ({ 'aria-label': pageLabel }),
    getCheckboxProps: (row) => ({
      disabled: (selection.disabled?.(row) ?? false) || (full && !chosen.has(keyOf(row))),
      'aria-label': selection.rowLabel(row),
    }),
  };
}
