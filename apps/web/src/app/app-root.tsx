import { ConfigProvider } from 'antd';
// why: antd's own style hook for App (text colour, font, the theme's CSS variables), without App itself
import useAppStyle from 'antd/es/app/style';
import { type ReactNode, useContext } from 'react';

/**
 * The element antd's `App` renders (its text styles and the theme's CSS variables, which the sign-in
 * pages' own styles use), without `App`'s modal, message and notification: those live in the staff
 * layout (`AppLayout`), so the sign-in pages do not download them.
 */
export const AppRoot = ({ children }: { children: ReactNode }) => {
  const { getPrefixCls, direction } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('app');
  const [hashId, cssVarCls] = useAppStyle(prefixCls);
  const className = [hashId, prefixCls, cssVarCls, direction === 'rtl' ? `${prefixCls}-rtl` : '']
    .filter(Boolean)
    .join(' ');
  return <div className={className}>{children}</div>;
};
