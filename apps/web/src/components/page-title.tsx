import { Typography } from 'antd';
import type { ReactNode } from 'react';

/**
 * The heading of a screen: its one `<h1>`, so a screen reader can find the screen by its name. It
 * keeps the size of a level-3 title (styles.css); the level is what assistive technology reads.
 */
export const PageTitle = ({ children, className }: { children: ReactNode; className?: string }) => (
  <Typography.Title level={1} className={className ? `page-title ${className}` : 'page-title'}>
    {children}
  </Typography.Title>
);

/** A result view's title (not found, failed to load) as the screen's `<h1>`, in the result's own style. */
export const ResultHeading = ({ children }: { children: ReactNode }) => <h1 className="result-heading">{children}</h1>;
