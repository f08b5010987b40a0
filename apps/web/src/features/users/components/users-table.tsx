import type { User, UsersPage } from '@pult/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useListDensity } from '../../../components/list-views/list-density';
import { LitePagedTable } from '../../../components/lite/lite-paged-table';
import type { LiteColumn } from '../../../components/lite/lite-table';
import { Ltr } from '../../../components/ltr';
import type { Paging, TableSelection } from '../../../components/paged-table';
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

/** Server-side paging and sorting: the table reports what the user clicked, the URL remembers it. */
export const UsersTable = ({ list, paging, sort, filtered, onChange, emptyExtra, selection }: Props) => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const locale = i18n.language as LocaleId;
  const [density] = useListDensity('users');

  const compact = density === 'compact';
  // Every column has a width (table-layout: fixed): long names and e-mails are cut with «…» instead of
  // widening the table. Below antd's xxl (1600 px) the columns shown add up to USERS_TABLE_WIDTH, which
  // fits the content beside the side menu from a 1280 px screen up; narrower screens scroll sideways.
  const columns: LiteColumn<User>[] = [
    {
      key: 'name',
      title: t('users.columns.name'),
      width: 170,
      render: (user) => (
        <span className="users-name-cell">
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
              <span className="users-muted users-no-name">{t('users.list.noName')}</span>
            )}
          </Link>
          {/* Staff stand out where the role column is not shown (below xxl, users.css). */}
          {user.role === 'user' ? null : (
            <span className="users-role-inline">
              <RoleTag role={user.role} />
            </span>
          )}
        </span>
      ),
    },
    {
      key: 'email',
      title: t('users.columns.email'),
      width: 180,
      render: (user) => <Ltr>{user.email}</Ltr>,
      ellipsis: true,
    },
    {
      key: 'phoneNumber',
      title: t('users.columns.phone'),
      width: 134,
      render: (user) => (user.phoneNumber ? <Ltr>{user.phoneNumber}</Ltr> : <span className="users-muted">—</span>),
      from: 'lg',
      className: 'users-nowrap',
    },
    {
      key: 'role',
      title: t('users.columns.role'),
      width: 128,
      render: (user) => <RoleTag role={user.role} />,
      // Almost every row says «Пользователь»: wide screens only; staff are marked by their name below that.
      from: 'xxl',
    },
    {
      key: 'status',
      title: t('users.columns.status'),
      width: 120,
      render: (user) => <StatusTag status={user.status} />,
    },
    {
      key: 'subscription',
      title: t('users.columns.subscription'),
      width: 170,
      render: (user) => <SubscriptionSummary register={user.register} oneLine={compact} />,
      from: 'md',
    },
    {
      key: 'createdAt',
      title: t('users.columns.createdAt'),
      width: 164,
      render: (user) => formatDate(user.createdAt, locale),
      className: 'users-nowrap',
    },
    {
      key: 'lastSeenAt',
      title: t('users.columns.lastSeenAt'),
      width: 160,
      render: (user) => (user.lastSeenAt ? formatDateTime(user.lastSeenAt, locale) : '—'),
      // Wide screens only: on a laptop the table should fit without scrolling sideways.
      from: 'xxl',
      className: 'users-nowrap',
    },
  ];

  return (
    <LitePagedTable<User, UserSort>
      listKey="users"
      className="users-table"
      minWidth={USERS_TABLE_WIDTH}
      columns={columns}
      rowKey={(user) => user.id}
      // A click on the row opens the user (its checkbox and name link keep their own clicks).
      onRowClick={(user) => navigate(userPath(user.id))}
      rowClassName="users-row"
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
