import type { ListKey } from '@pult/contract';
import type { Key, MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocaleId } from '../../config/theme-config';
import { formatCount } from '../../lib/format';
import { PAGE_SIZES } from '../../lib/url-params';
import { tableSizeOf, useListDensity } from '../list-views/list-density';
import { ListToolbar } from '../list-views/list-toolbar';
import { useListColumns } from '../list-views/use-list-columns';
import type { PagedQuery, Paging, TableSelection, TableSort } from '../paged-table';
import { LitePagination } from './lite-pagination';
import { type LiteColumn, LiteTable } from './lite-table';

interface Props<T, S extends string> {
  list: PagedQuery<T>;
  paging: Paging;
  onPage: (next: Paging) => void;
  columns: readonly LiteColumn<T>[];
  rowKey: (row: T) => Key;
  total: (count: string) => ReactNode;
  empty: { text: string; extra?: ReactNode };
  errorTitle: string;
  sort?: TableSort<S>;
  listKey: ListKey;
  selection?: TableSelection<T>;
  onRowClick?: (row: T, event: MouseEvent) => void;
  rowClassName?: string;
  className?: string;
  minWidth?: number;
}

/** antd's Skeleton's paragraph of six lines, drawn as plain boxes. */
const Skeleton = () => (
  <div className="lite-skeleton" aria-hidden>
    <span />
    <span />
    <span />
    <span />
    <span />
    <span />
  </div>
);

/**
 * `PagedTable` drawn with the light kit, for the users list, the first screen a staff member lands on
 * (issue 37, decision 0022): the same behaviour (skeleton until the rows and the person's columns are in,
 * the previous page dimmed while the next loads, empty state, error with a retry, the total, «≈» for an
 * estimate, column settings, saved views and density) without antd's Table. Other lists keep `PagedTable`.
 */
export const LitePagedTable = <T, S extends string = string>({
  list,
  paging,
  onPage,
  columns: screenColumns,
  rowKey,
  total,
  empty,
  errorTitle,
  sort,
  listKey,
  selection,
  onRowClick,
  rowClassName,
  className,
  minWidth,
}: Props<T, S>) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  const { data } = list;
  const count = data?.count ?? 0;
  const { columns, control, settled } = useListColumns(listKey, screenColumns);
  const [density, setDensity] = useListDensity(listKey);
  const waiting = list.isPending || !settled;
  const rows = waiting ? [] : (data?.items ?? []);

  return (
    <div className={`lite-paged ${className ?? ''}`}>
      <ListToolbar listKey={listKey} columns={control} density={density} onDensity={setDensity} />
      {list.isError ? (
        <div className="lite-alert" role="alert">
          <span>{errorTitle}</span>
          <button type="button" className="lite-button" onClick={() => void list.refetch()}>
            {t('errors.retry')}
          </button>
        </div>
      ) : null}
      {list.isError && !data ? null : (
        <>
          <LiteTable<T>
            columns={columns}
            rows={rows}
            rowKey={rowKey}
            size={tableSizeOf(density)}
            minWidth={minWidth}
            sort={sort && { value: sort.value, fields: sort.fields, onChange: (next) => sort.onChange(next as S) }}
            selection={selection && { ...selection, pageLabel: t('bulk.selectPage') }}
            onRowClick={onRowClick}
            rowClassName={rowClassName}
            busy={list.isFetching && list.isPlaceholderData}
            placeholder={
              waiting ? (
                <Skeleton />
              ) : (
                <div className="lite-empty">
                  <span>{empty.text}</span>
                  {empty.extra}
                </div>
              )
            }
            sortLabels={{ asc: t('listViews.table.sortAsc'), desc: t('listViews.table.sortDesc') }}
          />
          {count > 0 ? (
            <LitePagination
              page={paging.page}
              pageSize={paging.take}
              total={count}
              pageSizes={PAGE_SIZES}
              totalText={data ? total(formatCount(count, data.countIsEstimate ?? false, locale)) : null}
              onChange={(page, take) => onPage({ take, page: take === paging.take ? page : 1 })}
              labels={{
                nav: t('listViews.table.pages'),
                prev: t('listViews.table.prev'),
                next: t('listViews.table.next'),
                page: (page) => t('listViews.table.page', { page }),
                size: t('listViews.table.size'),
                perPage: (size) => t('listViews.table.perPage', { size }),
              }}
            />
          ) : null}
        </>
      )}
    </div>
  );
};
