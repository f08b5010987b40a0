import { useEffect, useState } from 'react';
import { keepFocusOnPage } from '../lib/keep-focus';

/**
 * Drawn beside a dialog that closes by being removed (the conflict dialog, the bulk report): antd's Modal
 * gives the focus back only when it closes by `open={false}`, so without this the focus fell to <body>.
 * It notes what had the focus when the dialog was drawn, before the dialog takes it, and puts it back
 * there when removed, or on the screen's heading when that element is gone too.
 */
export const FocusReturn = () => {
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  useEffect(() => () => keepFocusOnPage(opener), [opener]);
  return null;
};
