import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

interface Props {
  id: string;
  label: string;
  children: ReactNode;
}

/** One labelled setting; `id` ties the visible label to the control for screen readers. */
export const SettingRow = ({ id, label, children }: Props) => (
  <Flex justify="space-between" align="center" gap="middle" wrap className="setting-row">
    <Typography.Text id={id}>{label}</Typography.Text>
    {children}
  </Flex>
);
