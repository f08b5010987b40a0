import type { ColumnSetting } from '@pult/contract';

/** What the column settings need of a table column: its stable key and its title. */
export interface ColumnLike {
  key?: unknown;
  title?: unknown;
}

/** A column a person can show, hide and move: it has a key and a written title. */
export interface ConfigurableColumn {
  key: string;
  title: string;
  visible: boolean;
}

const keyOf = (column: ColumnLike): string | undefined =>
  typeof column.key === 'string' && column.key ? column.key : undefined;
const isConfigurable = (column: ColumnLike) => keyOf(column) !== undefined && typeof column.title === 'string';

/**
 * The screen's columns in the person's order with their visibility. Saved keys the screen no
 * longer has are dropped; columns added since the settings were saved come last, shown.
 */
export const configurableColumns = (columns: readonly ColumnLike[], settings: readonly ColumnSetting[]) => {
  const byKey = new Map<string, ConfigurableColumn>();
  for (const column of columns) {
    const key = keyOf(column);
    if (key && isConfigurable(column)) byKey.set(key, { key, title: column.title as string, visible: true });
  }
  const ordered: ConfigurableColumn[] = [];
  for (const setting of settings) {
    const column = byKey.get(setting.key);
    if (!column) continue;
    ordered.push({ ...column, visible: setting.visible });
    byKey.delete(setting.key);
  }
  return [...ordered, ...byKey.values()];
};

/**
 * The columns the table shows. Columns without a key or a written title (an actions column)
 * cannot be configured and keep their place; the others fill the remaining places in the
 * person's order, and hidden ones are left out.
 */
export const arrangeColumns = <C extends ColumnLike>(
  columns: readonly C[],
  settings: readonly ColumnSetting[],
): C[] => {
  if (settings.length === 0) return [...columns];
  const byKey = new Map(
    columns.flatMap((column) => (isConfigurable(column) ? [[keyOf(column), column] as const] : [])),
  );
  const order = configurableColumns(columns, settings);
  let next = 0;
  const placed = columns.map((column) => {
    if (!isConfigurable(column)) return { column, visible: true };
    const setting = order[next++];
    return { column: setting ? (byKey.get(setting.key) ?? column) : column, visible: setting?.visible ?? true };
  });
  return placed.filter((entry) => entry.visible).map((entry) => entry.column);
};

/** Settings after moving one column up (−1) or down (+1). */
export const moveColumn = (columns: readonly ConfigurableColumn[], key: string, by: -1 | 1): ColumnSetting[] => {
  const list = columns.map(({ key, visible }) => ({ key, visible }));
  const from = list.findIndex((column) => column.key === key);
  const to = from + by;
  if (from < 0 || to < 0 || to >= list.length) return list;
  const [moved] = list.splice(from, 1);
  if (moved) list.splice(to, 0, moved);
  return list;
};

/** Settings after showing or hiding one column; the last visible column stays shown. */
export const toggleColumn = (
  columns: readonly ConfigurableColumn[],
  key: string,
  visible: boolean,
): ColumnSetting[] => {
  const next = columns.map((column) => ({ key: column.key, visible: column.key === key ? visible : column.visible }));
  return next.some((column) => column.visible) ? next : columns.map(({ key, visible }) => ({ key, visible }));
};
