import type { User, UsersPage } from '@pult/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Flex, type TableProps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useListDensity } from '../../../components/list-views/list-density';
import { Ltr } from '../../../components/ltr';
import { PagedTable, type Paging, type TableSelection } from '../../../components/paged-table';
import { UserAvatar } from '../../../components/user-avatar';
import type { LocaleId } from '../../../config/theme-config';
import { BULK_LIMIT, userSortFields } from '../../../lib/contract-values';
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

/**
 * The columns shown below 1600 px (the selection box's 32, name, e-mail, phone, status, subscription, date of
 * registration): the table's least width, under the 982 px the content has on a 1280 px screen beside the menu.
 */
const USERS_TABLE_WIDTH = 32 + 170 + 180 + 134 + 120 + 170 + 164;

/** Server-side paging and sorting: antd reports what the user clicked, the URL remembers it. */
export const UsersTable = ({ list, paging, sort, filtered, onChange, emptyExtra, selection }: Props) => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const locale = i18n.language as LocaleId;
  const [density] = useListDensity('users');

  const compact = density === 'compact';
  // Every column has a width (table-layout: fixed): long names and e-mails are cut with «…» instead of
  // widening the table. Below antd's xxl (1600 px) the columns shown add up to USERS_TABLE_WIDTH, which
  // fits the content beside the side menu from a 1280 px screen up; narrower screens scroll sideways.
  const columns: TableProps<User>['columns'] = [
    {
      key: 'name',
      title: t('users.columns.name'),
      width: 170,
      ellipsis: { showTitle: false },
      render: (_, user) => (
        <Flex gap="small" align="center" className="users-name-cell">
          <UserAvatar user={user} size={compact ? 24 : 32} />
          <Link
            to={userPath(user.id)}
            onClick={(event) => event.stopPropagation()}
            className="users-name-link"
            title={displayName(user) || undefined}
          >
            {user.firstName || user.lastName ? (
              displayName(user)
            ) : (
              // The e-mail has its own column; saying it twice would only hide that the name is missing.
              <Typography.Text type="secondary" italic>
                {t('users.list.noName')}
              </Typography.Text>
            )}
          </Link>
          {/* Staff stand out where the role column is not shown (below xxl, users.css). */}
          {user.role === 'user' ? null : (
            <span className="users-role-inline">
              <RoleTag role={user.role} />
            </span>
          )}
        </Flex>
      ),
    },
    {
      key: 'email',
      dataIndex: 'email',
      title: t('users.columns.email'),
      width: 180,
      render: (email: string) => <Ltr>{email}</Ltr>,
      ellipsis: true,
    },
    {
      key: 'phoneNumber',
      dataIndex: 'phoneNumber',
      title: t('users.columns.phone'),
      width: 134,
      render: (phone: string | null) =>
        phone ? <Ltr>{phone}</Ltr> : <Typography.Text type="secondary">—</Typography.Text>,
      responsive: ['lg'],
      className: 'users-nowrap',
    },
    {
      key: 'role',
      dataIndex: 'role',
      title: t('users.columns.role'),
      width: 128,
      render: (_, user) => <RoleTag role={user.role} />,
      // Almost every row says «Пользователь»: wide screens only; staff are marked by their name below that.
      responsive: ['xxl'],
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('users.columns.status'),
      width: 120,
      render: (_, user) => <StatusTag status={user.status} />,
    },
    {
      key: 'subscription',
      title: t('users.columns.subscription'),
      width: 170,
      render: (_, user) => <SubscriptionSummary register={user.register} oneLine={compact} />,
      responsive: ['md'],
    },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('users.columns.createdAt'),
      width: 164,
      render: (value: string) => formatDate(value, locale),
      className: 'users-nowrap',
    },
    {
      key: 'lastSeenAt',
      dataIndex: 'lastSeenAt',
      title: t('users.columns.lastSeenAt'),
      width: 160,
      render: (value: string | null) => (value ? formatDateTime(value, locale) : '—'),
      // Wide screens only: on a laptop the table should fit without scrolling sideways.
      responsive: ['xxl'],
      className: 'users-nowrap',
    },
  ];

  return (
    <PagedTable<User, UserSort>
      listKey="users"
      className="users-table"
      tableLayout="fixed"
      scroll={{ x: USERS_TABLE_WIDTH }}
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
