import type { ReactNode } from 'react';

/**
 * The heading of a screen: its one `<h1>`, so a screen reader can find the screen by its name. It
 * keeps the size of a level-3 title (styles.css); the level is what assistive technology reads.
 * A plain element in antd's title style, so the sign-in pages draw it without antd.
 */
export const PageTitle = ({ children, className }: { children: ReactNode; className?: string }) => (
  <h1 className={className ? `page-title ${className}` : 'page-title'}>{children}</h1>
);
