import { Popconfirm, Switch } from 'antd';
import type { ReactNode } from 'react';

interface Props {
  checked: boolean;
  loading?: boolean;
  label: string;
  onEnable: () => void;
  onDisable: () => void;
  /** What turning it off stops, asked before it happens. */
  confirm: { title: ReactNode; description: ReactNode; okText: string; cancelText: string };
  checkedChildren?: ReactNode;
  unCheckedChildren?: ReactNode;
}

/**
 * The on/off switch of something users can buy or redeem (a plan, a promo series): switching on is
 * harmless and happens at once; switching off stops sales or activations, so it asks first.
 */
export const ConfirmOffSwitch = ({ checked, loading, label, onEnable, onDisable, confirm, ...children }: Props) => {
  const toggle = (
    <Switch
      checked={checked}
      loading={loading}
      aria-label={label}
      {...children}
      // While on, the click opens the confirmation instead of switching.
      onChange={checked ? undefined : onEnable}
    />
  );
  if (!checked) return toggle;
  return (
    <Popconfirm
      title={confirm.title}
      description={confirm.description}
      okText={confirm.okText}
      cancelText={confirm.cancelText}
      okButtonProps={{ danger: true }}
      onConfirm={onDisable}
    >
      {toggle}
    </Popconfirm>
  );
};
