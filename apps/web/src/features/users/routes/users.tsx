import { ClearOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { useUsers } from '../api/get-users';
import { CreateUserDrawer } from '../components/create-user-drawer';
import { ExportUsersButton } from '../components/export-users-button';
import { UsersFilterBar } from '../components/users-filter-bar';
import { UsersTable } from '../components/users-table';
import {
  EMPTY_FILTER,
  isFilterEmpty,
  parseListParams,
  serializeListParams,
  toWhere,
  type UsersFilter,
  type UsersListState,
} from '../list-params';
import { useCanManageUsers } from '../use-can-manage';
import '../users.css';

/** `/app/users`: the users list. Filter, page, size and order live in the URL, so reload and back keep them. */
export const UsersPage = () => {
  const { t } = useTranslation();
  const canManage = useCanManageUsers();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const state = useMemo(() => parseListParams(params), [params]);
  const where = useMemo(() => toWhere(state.filter), [state.filter]);
  const users = useUsers({ page: state.page, take: state.take, sort: state.sort, where });

  /**
   * Changes merge into the URL as it is now, not as this render saw it: router updates run in a
   * transition, so a quick second change (pick a field, then type) must not undo the first.
   */
  const navigateTo = useCallback(
    (change: (current: UsersListState) => UsersListState) =>
      setParams(serializeListParams(change(parseListParams(new URLSearchParams(window.location.search))))),
    [setParams],
  );
  // A new filter starts from the first page: page 7 of the old result means nothing in the new one.
  const changeFilter = useCallback(
    (patch: Partial<UsersFilter>) =>
      navigateTo((current) => ({ ...current, filter: { ...current.filter, ...patch }, page: 1 })),
    [navigateTo],
  );
  const filtered = !isFilterEmpty(state.filter);
  const resetButton = (
    <Button icon={<ClearOutlined />} onClick={() => changeFilter(EMPTY_FILTER)}>
      {t('users.filter.reset')}
    </Button>
  );

  return (
    <>
      <Flex justify="space-between" align="center" gap="middle" wrap className="users-page-head">
        <PageTitle>{t('users.title')}</PageTitle>
        {canManage ? (
          <Flex gap="small" wrap>
            <ExportUsersButton
              where={where}
              expectedRows={users.data && !users.data.countIsEstimate ? users.data.count : null}
            />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('users.create.button')}
            </Button>
          </Flex>
        ) : null}
      </Flex>
      <UsersFilterBar filter={state.filter} onChange={changeFilter} />
      {users.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          className="users-error"
          title={t('users.list.loadError')}
          action={
            <Button size="small" icon={<ReloadOutlined />} onClick={() => void users.refetch()}>
              {t('users.list.retry')}
            </Button>
          }
        />
      ) : null}
      <UsersTable
        state={state}
        data={users.data}
        pending={users.isPending}
        fetching={users.isFetching}
        filtered={filtered}
        emptyExtra={resetButton}
        onChange={(next) => navigateTo((current) => ({ ...current, ...next }))}
      />
      {canManage ? <CreateUserDrawer open={creating} onClose={() => setCreating(false)} /> : null}
    </>
  );
};
