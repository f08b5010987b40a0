import { type ReactNode, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** The navigation whose heading last took the focus: each navigation moves it once. */
let focusedFor: string | null = null;

/** A field the person is typing in keeps the focus whatever arrives (a heading drawn once data loads). */
const typingIn = (element: Element | null) =>
  element instanceof HTMLInputElement ||
  element instanceof HTMLTextAreaElement ||
  (element instanceof HTMLElement && element.isContentEditable);

/**
 * The heading of a screen: its one `<h1>`, so a screen reader can find the screen by its name. It
 * keeps the size of a level-3 title (styles.css); the level is what assistive technology reads.
 * A plain element in antd's title style, so the sign-in pages draw it without antd.
 *
 * After a navigation inside the app (not on the page's first load), the new screen's heading takes the
 * focus when it is drawn (a screen that loads its data first draws it later): a keyboard or screen reader
 * user starts at the top of the new screen, not on a link that is gone (focus on <body>) or in the menu.
 */
export const PageTitle = ({ children, className }: { children: ReactNode; className?: string }) => {
  const heading = useRef<HTMLHeadingElement>(null);
  const { key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when drawn, for the navigation that drew it
  useEffect(() => {
    // The first entry's key is "default": the page's own load, where the browser places the focus.
    if (key === 'default' || key === focusedFor) return;
    focusedFor = key;
    if (!typingIn(document.activeElement)) heading.current?.focus();
  }, []);
  return (
    <h1 ref={heading} tabIndex={-1} className={className ? `page-title ${className}` : 'page-title'}>
      {children}
    </h1>
  );
};
