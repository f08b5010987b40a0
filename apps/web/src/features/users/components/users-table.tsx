import { BULK_LIMIT, type User, type UsersPage } from '@pult/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Flex, type TableProps, Typography } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Ltr } from '../../../components/ltr';
import { PagedTable, type Paging, type TableSelection } from '../../../components/paged-table';
import { UserAvatar } from '../../../components/user-avatar';
import type { LocaleId } from '../../../config/theme-config';
import { formatDate, formatDateTime } from '../../../lib/format';
import { displayName } from '../../../lib/person-name';
import { DEFAULT_SORT } from '../list-params';
import { userPath } from '../paths';
import { RoleTag, StatusTag, SubscriptionSummary } from './user-tags';

interface Props {
  list: UseQueryResult<UsersPage>;
  paging: Paging;
  sort: string;
  filtered: boolean;
  /** A new page or size, or a new order (which starts from the first page). */
  onChange: (next: Partial<Paging & { sort: string }>) => void;
  emptyExtra?: React.ReactNode;
  /** Checkboxes for bulk actions (admins only). */
  selection?: Pick<TableSelection<User>, 'keys' | 'onChange'>;
}

const orderOf = (sort: string, field: string): SortOrder => {
  const [sortField, direction] = sort.split(':');
  if (sortField !== field) return null;
  return direction === 'asc' ? 'ascend' : 'descend';
};

/** antd steps through these from the column's current order; an unsorted column takes the first. */
const SORT_DIRECTIONS: SortOrder[] = ['ascend', 'descend', 'ascend'];

/** Server-side paging and sorting: antd reports what the user clicked, the URL remembers it. */
export const UsersTable = ({ list, paging, sort, filtered, onChange, emptyExtra, selection }: Props) => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const locale = i18n.language as LocaleId;

  // The first click sorts ascending (А→Я, oldest first), as every table does; clicking again flips it,
  // never unsorts: the list always has an order.
  const sortable = (field: string) => ({
    sorter: true,
    sortOrder: orderOf(sort, field),
    sortDirections: SORT_DIRECTIONS,
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
    {
      key: 'email',
      dataIndex: 'email',
      title: t('users.columns.email'),
      render: (email: string) => <Ltr>{email}</Ltr>,
      ...sortable('email'),
      ellipsis: true,
    },
    {
      key: 'phoneNumber',
      dataIndex: 'phoneNumber',
      title: t('users.columns.phone'),
      render: (phone: string | null) =>
        phone ? <Ltr>{phone}</Ltr> : <Typography.Text type="secondary">—</Typography.Text>,
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

  return (
    <PagedTable<User>
      listKey="users"
      className="users-table"
      columns={columns}
      onRow={(user) => ({
        // A click on the row opens the user; a click on its checkbox only chooses it.
        onClick: (event) => {
          if (!(event.target as Element).closest('.ant-table-selection-column')) navigate(userPath(user.id));
        },
        className: 'users-row',
      })}
      selection={
        selection && {
          ...selection,
          limit: BULK_LIMIT,
          rowLabel: (user) => t('bulk.select', { name: user.email }),
        }
      }
      list={list}
      paging={paging}
      onPage={onChange}
      total={(count) => t('users.list.total', { count })}
      empty={filtered ? { text: t('users.list.emptyFiltered'), extra: emptyExtra } : { text: t('users.list.empty') }}
      errorTitle={t('users.list.loadError')}
      onSort={(sorter) => {
        const field = typeof sorter.columnKey === 'string' ? sorter.columnKey : null;
        const order = field && sorter.order ? `${field}:${sorter.order === 'ascend' ? 'asc' : 'desc'}` : DEFAULT_SORT;
        onChange({ sort: order, page: 1 });
      }}
    />
  );
};
