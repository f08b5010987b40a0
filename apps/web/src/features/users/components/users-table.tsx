import { BULK_LIMIT, type User, type UsersPage, userSortFields } from '@pult/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Flex, type TableProps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useListDensity } from '../../../components/list-views/list-density';
import { Ltr } from '../../../components/ltr';
import { PagedTable, type Paging, type TableSelection } from '../../../components/paged-table';
import { UserAvatar } from '../../../components/user-avatar';
import type { LocaleId } from '../../../config/theme-config';
import { formatDate, formatDateTime } from '../../../lib/format';
import { displayName } from '../../../lib/person-name';
import type { UserSort } from '../list-params';
import { userPath } from '../paths';
import { RoleTag, StatusTag, SubscriptionSummary } from './user-tags';

interface Props {
  list: UseQueryResult<UsersPage>;
  paging: Paging;
  sort: UserSort;
  filtered: boolean;
  /** A new page or size, or a new order (which starts from the first page). */
  onChange: (next: Partial<Paging & { sort: UserSort }>) => void;
  emptyExtra?: React.ReactNode;
  /** Checkboxes for bulk actions (admins only). */
  selection?: Pick<TableSelection<User>, 'keys' | 'onChange'>;
}

/** Server-side paging and sorting: antd reports what the user clicked, the URL remembers it. */
export const UsersTable = ({ list, paging, sort, filtered, onChange, emptyExtra, selection }: Props) => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const locale = i18n.language as LocaleId;
  const [density] = useListDensity('users');

  const columns: TableProps<User>['columns'] = [
    {
      key: 'name',
      title: t('users.columns.name'),
      render: (_, user) => (
        <Flex gap="small" align="center">
          <UserAvatar user={user} size={density === 'compact' ? 24 : 32} />
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
      className: 'users-nowrap',
    },
    {
      key: 'lastSeenAt',
      dataIndex: 'lastSeenAt',
      title: t('users.columns.lastSeenAt'),
      render: (value: string | null) => (value ? formatDateTime(value, locale) : '—'),
      // Wide screens only: on a laptop the table should fit without scrolling sideways.
      responsive: ['xxl'],
    },
  ];

  return (
    <PagedTable<User, UserSort>
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
      // A new order starts from the first page.
      sort={{ value: sort, fields: userSortFields, onChange: (next) => onChange({ sort: next, page: 1 }) }}
    />
  );
};
