import type { User, UsersPage } from '@pult/contract';
import { Empty, Flex, Skeleton, Table, type TableProps, Typography } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { UserAvatar } from '../../../components/user-avatar';
import type { LocaleId } from '../../../config/theme-config';
import { formatDate, formatDateTime, formatNumber } from '../../../lib/format';
import { displayName } from '../../../lib/person-name';

import { DEFAULT_SORT, PAGE_SIZES, type UsersListState } from '../list-params';
import { userPath } from '../paths';
import { RoleTag, StatusTag, SubscriptionSummary } from './user-tags';

interface Props {
  state: UsersListState;
  data: UsersPage | undefined;
  /** First load: nothing to show yet. */
  pending: boolean;
  /** A later page or filter is on its way; the old rows stay visible meanwhile. */
  fetching: boolean;
  filtered: boolean;
  onChange: (next: Pick<UsersListState, 'page' | 'take' | 'sort'>) => void;
  emptyExtra?: React.ReactNode;
}

const orderOf = (sort: string, field: string): SortOrder => {
  const [sortField, direction] = sort.split(':');
  if (sortField !== field) return null;
  return direction === 'asc' ? 'ascend' : 'descend';
};

/** Server-side paging and sorting: antd reports what the user clicked, the URL remembers it. */
export const UsersTable = ({ state, data, pending, fetching, filtered, onChange, emptyExtra }: Props) => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const locale = i18n.language as LocaleId;

  // Clicking a sorted column again flips it, never unsorts: the list always has an order.
  const sortable = (field: string) => ({
    sorter: true,
    sortOrder: orderOf(state.sort, field),
    sortDirections: ['descend', 'ascend', 'descend'] as SortOrder[],
  });

  const columns: TableProps<User>['columns'] = [
    {
      key: 'name',
      title: t('users.columns.name'),
      render: (_, user) => (
        <Flex gap="small" align="center">
          <UserAvatar user={user} size={36} />
          <Link to={userPath(user.id)} onClick={(event) => event.stopPropagation()} className="users-name-link">
            {user.firstName || user.lastName ? (
              displayName(user)
            ) : (
              // The e-mail has its own column; saying it twice would only hide that the name is missing.
              <Typography.Text type="secondary" italic>
                {t('users.list.noName')}
              </Typography.Text>
            )}
          </Link>
        </Flex>
      ),
    },
    { key: 'email', dataIndex: 'email', title: t('users.columns.email'), ...sortable('email'), ellipsis: true },
    {
      key: 'phoneNumber',
      dataIndex: 'phoneNumber',
      title: t('users.columns.phone'),
      render: (phone: string | null) => phone ?? <Typography.Text type="secondary">—</Typography.Text>,
      responsive: ['lg'],
      className: 'users-nowrap',
    },
    {
      key: 'role',
      dataIndex: 'role',
      title: t('users.columns.role'),
      render: (_, user) => <RoleTag role={user.role} />,
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('users.columns.status'),
      render: (_, user) => <StatusTag status={user.status} />,
    },
    {
      key: 'subscription',
      title: t('users.columns.subscription'),
      render: (_, user) => <SubscriptionSummary register={user.register} />,
      responsive: ['md'],
    },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('users.columns.createdAt'),
      render: (value: string) => formatDate(value, locale),
      ...sortable('createdAt'),
      className: 'users-nowrap',
    },
    {
      key: 'lastSeenAt',
      dataIndex: 'lastSeenAt',
      title: t('users.columns.lastSeenAt'),
      render: (value: string | null) => (value ? formatDateTime(value, locale) : '—'),
      ...sortable('lastSeenAt'),
      // Wide screens only: on a laptop the table should fit without scrolling sideways.
      responsive: ['xxl'],
    },
  ];

  const total = data?.count ?? 0;
  const totalText = data?.countIsEstimate
    ? t('users.list.totalEstimate', { count: formatNumber(total, locale) })
    : t('users.list.total', { count: formatNumber(total, locale) });

  return (
    <Table<User>
      rowKey="id"
      className="users-table"
      columns={columns}
      dataSource={pending ? [] : data?.items}
      loading={fetching && !pending}
      scroll={{ x: 'max-content' }}
      locale={{
        emptyText: pending ? (
          <Skeleton active title={false} paragraph={{ rows: 6 }} className="users-skeleton" />
        ) : (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={filtered ? t('users.list.emptyFiltered') : t('users.list.empty')}
          >
            {filtered ? emptyExtra : null}
          </Empty>
        ),
      }}
      onRow={(user) => ({ onClick: () => navigate(userPath(user.id)), className: 'users-row' })}
      pagination={{
        current: state.page,
        pageSize: state.take,
        total,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES.map(String),
        showTotal: () => (data ? totalText : null),
        hideOnSinglePage: false,
      }}
      onChange={(pagination, _filters, sorter, extra) => {
        const one = Array.isArray(sorter) ? sorter[0] : sorter;
        const field = typeof one?.columnKey === 'string' ? one.columnKey : null;
        const sort = field && one?.order ? `${field}:${one.order === 'ascend' ? 'asc' : 'desc'}` : DEFAULT_SORT;
        const take = pagination.pageSize ?? state.take;
        // A new order or page size starts again from the first page.
        const page = extra.action === 'paginate' && take === state.take ? (pagination.current ?? 1) : 1;
        onChange({ page, take, sort });
      }}
    />
  );
};
