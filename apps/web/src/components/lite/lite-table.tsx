import type { Key, MouseEvent, ReactNode } from 'react';
import { useMediaQuery } from '../../lib/use-media-query';
import './lite.css';

/** Where a column starts to show: antd's breakpoints (md 768, lg 992, xxl 1600 px), as `responsive` read them. */
const BREAKPOINTS = { md: 768, lg: 992, xxl: 1600 } as const;
export type Breakpoint = keyof typeof BREAKPOINTS;

export interface LiteColumn<T> {
  /** Stable: the column settings and the order (`sort.fields`) name columns by it. */
  key: string;
  title: string;
  width: number;
  render: (row: T) => ReactNode;
  /** Shown from this breakpoint up. */
  from?: Breakpoint;
  className?: string;
  /** One line cut with «…» (the cell's content stays whole for assistive technology). */
  ellipsis?: boolean;
}

export interface LiteSort {
  value: string;
  fields: readonly string[];
  onChange: (sort: string) => void;
}

export interface LiteSelection<T> {
  keys: Key[];
  onChange: (keys: Key[], rows: T[]) => void;
  limit: number;
  disabled?: (row: T) => boolean;
  rowLabel: (row: T) => string;
  pageLabel: string;
}

interface Props<T> {
  columns: readonly LiteColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => Key;
  /** Compact (antd's `small`) or standard (`middle`) rows. */
  size: 'small' | 'middle';
  sort?: LiteSort;
  selection?: LiteSelection<T>;
  onRowClick?: (row: T, event: MouseEvent) => void;
  rowClassName?: string;
  /** What the body shows without rows: a skeleton while loading, else the empty state. */
  placeholder: ReactNode;
  /** The previous page dimmed while the next one loads. */
  busy?: boolean;
  className?: string;
  /** Below this width the table scrolls sideways instead of squeezing its fixed columns. */
  minWidth?: number;
  sortLabels: { asc: string; desc: string };
}

const orderOf = (sort: string, field: string): 'ascending' | 'descending' | undefined => {
  const at = sort.lastIndexOf(':');
  if (sort.slice(0, at) !== field) return undefined;
  return sort.slice(at + 1) === 'asc' ? 'ascending' : 'descending';
};

const useVisible = <T,>(columns: readonly LiteColumn<T>[]) => {
  const md = useMediaQuery(`(min-width: ${BREAKPOINTS.md}px)`, true);
  const lg = useMediaQuery(`(min-width: ${BREAKPOINTS.lg}px)`, true);
  const xxl = useMediaQuery(`(min-width: ${BREAKPOINTS.xxl}px)`, true);
  const shown = { md, lg, xxl };
  return columns.filter((column) => !column.from || shown[column.from]);
};

/**
 * A table in antd's look drawn with plain elements (issue 37: the first screen a staff member lands on, the
 * users list, without antd's Table, which brought 90 kB gzip with its pagination, tooltips and menus).
 * Sortable headers are buttons (Enter or Space; `aria-sort` on the header), row checkboxes are native
 * inputs, columns have fixed widths and cut long text with «…». Colours come from antd's CSS variables.
 */
export const LiteTable = <T,>({
  columns,
  rows,
  rowKey,
  size,
  sort,
  selection,
  onRowClick,
  rowClassName,
  placeholder,
  busy = false,
  className,
  minWidth,
  sortLabels,
}: Props<T>) => {
  const visible = useVisible(columns);
  const chosen = new Set(selection?.keys ?? []);
  const full = selection ? chosen.size >= selection.limit : false;
  const pageKeys = rows.map(rowKey);
  const choosable = selection ? rows.filter((row) => !selection.disabled?.(row)) : [];
  const allChosen = choosable.length > 0 && choosable.every((row) => chosen.has(rowKey(row)));
  const someChosen = choosable.some((row) => chosen.has(rowKey(row)));

  const toggle = (row: T, on: boolean) => {
    if (!selection) return;
    const key = rowKey(row);
    const keys = on ? [...selection.keys, key] : selection.keys.filter((one) => one !== key);
    selection.onChange(keys.slice(0, selection.limit), on ? [row] : []);
  };
  const togglePage = (on: boolean) => {
    if (!selection) return;
    const page = new Set(pageKeys);
    const rest = selection.keys.filter((key) => !page.has(key));
    const keys = on ? [...selection.keys, ...choosable.map(rowKey).filter((key) => !chosen.has(key))] : rest;
    selection.onChange(keys.slice(0, selection.limit), on ? choosable : []);
  };

  return (
    <div
      className={`lite-table lite-table-${size}${busy ? ' lite-table-busy' : ''} ${className ?? ''}`}
      aria-busy={busy}
    >
      <div className="lite-table-scroll">
        <table style={minWidth ? { minWidth } : undefined}>
          <colgroup>
            {selection ? <col style={{ width: 32 }} /> : null}
            {visible.map((column) => (
              <col key={column.key} style={{ width: column.width }} />
            ))}
          </colgroup>
          <thead>
            <tr>
              {selection ? (
                <th className="lite-table-check">
                  <input
                    type="checkbox"
                    aria-label={selection.pageLabel}
                    checked={allChosen}
                    ref={(box) => {
                      if (box) box.indeterminate = someChosen && !allChosen;
                    }}
                    disabled={choosable.length === 0 || (full && !allChosen)}
                    onChange={(event) => togglePage(event.target.checked)}
                  />
                </th>
              ) : null}
              {visible.map((column) => {
                const sortable = sort?.fields.includes(column.key);
                const order = sort && sortable ? orderOf(sort.value, column.key) : undefined;
                return (
                  <th key={column.key} scope="col" aria-sort={order} className={column.className}>
                    {sort && sortable ? (
                      <button
                        type="button"
                        className="lite-table-sorter"
                        title={order === 'ascending' ? sortLabels.desc : sortLabels.asc}
                        onClick={() => sort.onChange(`${column.key}:${order === 'ascending' ? 'desc' : 'asc'}`)}
                      >
                        <span className="lite-table-title">{column.title}</span>
                        <span className="lite-table-arrows" aria-hidden>
                          <span className={`lite-up${order === 'ascending' ? ' lite-on' : ''}`} />
                          <span className={`lite-down${order === 'descending' ? ' lite-on' : ''}`} />
                        </span>
                      </button>
                    ) : (
                      <span className="lite-table-title">{column.title}</span>
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr className="lite-table-placeholder">
                <td colSpan={visible.length + (selection ? 1 : 0)}>{placeholder}</td>
              </tr>
            ) : (
              rows.map((row) => {
                const key = rowKey(row);
                const on = chosen.has(key);
                return (
                  <tr
                    key={key}
                    // The row's key, as antd's table writes it (the users-cold-load bench waits for the first).
                    data-row-key={key}
                    className={`lite-table-row${on ? ' lite-table-row-selected' : ''} ${rowClassName ?? ''}`}
                    // biome-ignore lint/a11y/useKeyWithClickEvents: a mouse shortcut; the keyboard opens the row by its link
                    onClick={
                      onRowClick
                        ? (event) => {
                            // A click in the checkbox's cell chooses the row; it does not open it.
                            if (!(event.target as Element).closest('.lite-table-check')) onRowClick(row, event);
                          }
                        : undefined
                    }
                  >
                    {selection ? (
                      <td className="lite-table-check">
                        <input
                          type="checkbox"
                          aria-label={selection.rowLabel(row)}
                          checked={on}
                          disabled={(selection.disabled?.(row) ?? false) || (full && !on)}
                          onChange={(event) => toggle(row, event.target.checked)}
                        />
                      </td>
                    ) : null}
                    {visible.map((column) => (
                      <td
                        key={column.key}
                        className={`${column.className ?? ''}${column.ellipsis ? ' lite-table-ellipsis' : ''}`}
                      >
                        {column.render(row)}
                      </td>
                    ))}
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
};
