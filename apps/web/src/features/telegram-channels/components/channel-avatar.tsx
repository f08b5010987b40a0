import { SendOutlined } from '@ant-design/icons';
import type { TgChannel } from '@pult/contract';
import { Avatar } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStoredFileUrl } from '../../../lib/resources/stored-file-url';

interface Props {
  channel: Pick<TgChannel, 'icon' | 'title'>;
  size?: number;
  /** A picked file not uploaded yet (object URL), shown instead of the saved icon. */
  previewUrl?: string;
}

/** The channel's icon, or a paper plane when it has none. */
export const ChannelAvatar = ({ channel, size = 32, previewUrl }: Props) => {
  const { t } = useTranslation();
  const storedUrl = useStoredFileUrl(channel.icon);
  const src = previewUrl ?? storedUrl;
  return (
    <Avatar
      size={size}
      src={src ? <img src={src} alt={t('telegram.form.iconAlt', { title: channel.title })} /> : undefined}
      icon={src ? undefined : <SendOutlined aria-hidden />}
    />
  );
};
