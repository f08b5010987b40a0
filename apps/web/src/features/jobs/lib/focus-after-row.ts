const CONTROL = 'button:not([disabled]), a[href]';

/** The control of `row` in the same column as the one acted on (its «Повторить»), else its first. */
const controlOf = (row: HTMLElement, column: number) => {
  if (!row.isConnected) return null;
  const cell = row.children.item(column);
  return cell?.querySelector<HTMLElement>(CONTROL) ?? row.querySelector<HTMLElement>(CONTROL);
};

const isDataRow = (element: Element | null): element is HTMLElement =>
  element instanceof HTMLElement && element.classList.contains('ant-table-row');

/**
 * Taken before an action that takes a row out of the list (a retried or canceled job leaves the
 * «Ошибка» view): the function it answers moves the focus to the next row's control in the same column
 * (so a keyboard user goes on down the queue), else the previous row's, else the screen's heading. Without it the focus stayed on the button that was
 * removed, which puts it on <body>, and a keyboard user starts again from the top of the page.
 */
export function focusAfterRow(control: HTMLElement | null): () => void {
  const row = control?.closest('tr') ?? null;
  const column = control?.closest('td')?.cellIndex ?? 0;
  const next = row?.nextElementSibling ?? null;
  const previous = row?.previousElementSibling ?? null;
  return () => {
    const target =
      (isDataRow(next) ? controlOf(next, column) : null) ??
      (isDataRow(previous) ? controlOf(previous, column) : null) ??
      document.querySelector<HTMLElement>('h1[tabindex]');
    target?.focus();
  };
}
