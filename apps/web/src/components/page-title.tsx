import { Typography } from 'antd';
import type { ReactNode } from 'react';

/** The heading of a screen, so that every screen can be found by its name. */
export const PageTitle = ({ children }: { children: ReactNode }) => (
  <Typography.Title level={3} className="page-title">
    {children}
  </Typography.Title>
);
