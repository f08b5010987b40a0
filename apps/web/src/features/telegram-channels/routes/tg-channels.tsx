import {
  AppstoreOutlined,
  DeleteOutlined,
  EditOutlined,
  ImportOutlined,
  PlusOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import type { TgChannel } from '@pult/contract';
import { Alert, Button, Flex, Input, Popconfirm, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ListToolbar } from '../../../components/list-views/list-toolbar';
import { useListColumns } from '../../../components/list-views/use-list-columns';
import { PageTitle } from '../../../components/page-title';
import { statusTagColor } from '../../../config/status-colors';
import { describeError } from '../../../lib/describe-error';
import { formatNumber } from '../../../lib/format';
import { useScreenCommands } from '../../../lib/screen-commands';
import { useTheme } from '../../../lib/theme-store';
import { useDeleteChannel, useTgCategories, useTgChannels } from '../api/telegram-resources';
import { ChannelAvatar } from '../components/channel-avatar';
import { ChannelDrawer } from '../components/channel-drawer';
import { RefreshButton } from '../components/refresh-button';
import { channelMatches } from '../lib/channel-search';
import { tmeUrl } from '../lib/layout';
import '../components/board.css';
import { useFeedback } from '../../../lib/feedback';

interface DrawerState {
  open: boolean;
  channel: TgChannel | null;
  /** A new key per opening, so every opening starts with a fresh form. */
  session: number;
}

/** `/app/common/tg-channels`: every channel in a table, with its drawer, icon and deletion. */
export const TgChannelsPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { locale } = useTheme();
  const { message } = useFeedback();
  const channels = useTgChannels();
  const categories = useTgCategories();
  const remove = useDeleteChannel();
  const [search, setSearch] = useState('');
  const [drawer, setDrawer] = useState<DrawerState>({ open: false, channel: null, session: 0 });
  const openDrawer = (channel: TgChannel | null) =>
    setDrawer((state) => ({ open: true, channel, session: state.session + 1 }));
  useScreenCommands([{ id: 'telegram.add', label: t('telegram.add'), run: () => openDrawer(null) }]);
  const configured = channels.data?.telegramConfigured ?? false;
  const categoryTitles = useMemo(
    () => new Map((categories.data?.items ?? []).map((category) => [category.id, category.title])),
    [categories.data],
  );
  const rows = useMemo(
    () => (channels.data?.items ?? []).filter((channel) => channelMatches(channel, search)),
    [channels.data, search],
  );

  const deleteChannel = async (channel: TgChannel) => {
    try {
      await remove.mutateAsync(channel.id);
      message.success(t('telegram.deleted'));
    } catch (error) {
      message.error(describeError(error, t));
    }
  };

  const columns: TableColumnsType<TgChannel> = [
    {
      key: 'icon',
      title: t('telegram.column.icon'),
      width: 72,
      render: (_, channel) => <ChannelAvatar channel={channel} />,
    },
    {
      key: 'title',
      title: t('telegram.column.title'),
      dataIndex: 'title',
      sorter: (a, b) => a.title.localeCompare(b.title, locale),
      // A button, not a link without an address: reachable by Tab, opened by Enter or Space.
      render: (_, channel) => (
        <Button type="link" className="link-button" onClick={() => openDrawer(channel)}>
          {channel.title}
        </Button>
      ),
    },
    {
      key: 'username',
      title: t('telegram.column.username'),
      dataIndex: 'username',
      render: (_, channel) => (
        <Typography.Link href={tmeUrl(channel.username)} target="_blank" rel="noopener noreferrer">
          @{channel.username}
        </Typography.Link>
      ),
    },
    {
      key: 'category',
      title: t('telegram.column.category'),
      render: (_, channel) => categoryTitles.get(channel.categoryId) ?? '—',
      filters: (categories.data?.items ?? []).map((category) => ({ text: category.title, value: category.id })),
      onFilter: (value, channel) => channel.categoryId === value,
    },
    {
      key: 'subscribers',
      title: t('telegram.column.subscribers'),
      align: 'end',
      sorter: (a, b) => (a.subscribers ?? -1) - (b.subscribers ?? -1),
      render: (_, channel) => (channel.subscribers === null ? '—' : formatNumber(channel.subscribers, locale)),
    },
    {
      key: 'published',
      title: t('telegram.column.published'),
      render: (_, channel) => (
        <Tag color={statusTagColor('tgChannel', channel.published ? 'published' : 'hidden')}>
          {t(channel.published ? 'telegram.yes' : 'telegram.no')}
        </Tag>
      ),
    },
    {
      key: 'actions',
      title: t('telegram.column.actions'),
      width: 150,
      render: (_, channel) => (
        <Space size={0}>
          <Button
            type="text"
            icon={<EditOutlined aria-hidden />}
            aria-label={t('telegram.edit')}
            onClick={() => openDrawer(channel)}
          />
          <RefreshButton channelId={channel.id} configured={configured} compact />
          <Popconfirm
            title={t('telegram.deleteConfirm', { title: channel.title })}
            description={t('telegram.deleteHint')}
            okText={t('telegram.delete')}
            cancelText={t('telegram.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => deleteChannel(channel)}
          >
            <Button type="text" danger icon={<DeleteOutlined aria-hidden />} aria-label={t('telegram.delete')} />
          </Popconfirm>
        </Space>
      ),
    },
  ];
  const { columns: shownColumns, control: columnsControl } = useListColumns('tg-channels', columns);

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap="middle" className="page-head">
        <div>
          <PageTitle>{t('nav.tgChannelsList')}</PageTitle>
          <Typography.Text type="secondary">{t('telegram.subtitle')}</Typography.Text>
        </div>
        <Flex wrap gap="middle" align="center">
          <Link to="/app/telegram-chanels" className="tg-board-switch">
            <AppstoreOutlined aria-hidden /> {t('telegram.toBoard')}
          </Link>
          <Button icon={<ImportOutlined aria-hidden />} onClick={() => navigate('/app/imports?kind=tg-channels')}>
            {t('nav.importOpen')}
          </Button>
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => openDrawer(null)}>
            {t('telegram.add')}
          </Button>
        </Flex>
      </Flex>
      {channels.isError || categories.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('telegram.loadFailed')}
          action={
            <Button
              onClick={() => {
                void channels.refetch();
                void categories.refetch();
              }}
            >
              {t('telegram.retry')}
            </Button>
          }
        />
      ) : (
        <Flex vertical gap="middle">
          <Input
            allowClear
            prefix={<SearchOutlined aria-hidden />}
            placeholder={t('telegram.search')}
            aria-label={t('telegram.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            style={{ maxWidth: 360 }}
          />
          <ListToolbar listKey="tg-channels" columns={columnsControl} />
          <Table<TgChannel>
            rowKey="id"
            columns={shownColumns}
            dataSource={rows}
            loading={channels.isPending || categories.isPending}
            locale={{ emptyText: t('telegram.empty') }}
            pagination={{
              defaultPageSize: 50,
              showSizeChanger: true,
              pageSizeOptions: [20, 50, 100],
              showTotal: (count) => t('telegram.total', { count }),
            }}
            scroll={{ x: 'max-content' }}
          />
        </Flex>
      )}
      <ChannelDrawer
        key={drawer.session}
        open={drawer.open}
        channel={drawer.channel}
        categories={categories.data?.items ?? []}
        telegramConfigured={configured}
        onClose={() => setDrawer((state) => ({ ...state, open: false }))}
      />
    </>
  );
};
