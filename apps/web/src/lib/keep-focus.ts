/** The screen's heading (`PageTitle`'s `<h1 tabIndex={-1}>`): where the focus goes when what had it is gone. */
const heading = () => document.querySelector<HTMLElement>('h1[tabindex]');

/**
 * After a dialog: the focus back on `opener` (what opened it), or, when that is gone meanwhile (the
 * take-over button once the lock is ours, the bulk bar once the choice is cleared), on the screen's
 * heading, right above what changed, instead of <body>, where a keyboard user starts again from the top.
 *
 * For antd's `modal.confirm`, whose own return of the focus does nothing: the confirm's button takes the
 * focus before the dialog notes what had it, so it notes nothing.
 */
export function returnFocus(opener: Element | null): void {
  const target = opener instanceof HTMLElement && opener.isConnected ? opener : heading();
  target?.focus({ preventScroll: true });
}

/** `returnFocus`, only when the focus is lost (on <body>, or on an element no longer in the page). */
export function keepFocusOnPage(opener: Element | null): void {
  const active = document.activeElement;
  if (active && active !== document.body && active.isConnected) return;
  returnFocus(opener);
}
