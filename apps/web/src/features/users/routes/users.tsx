import { ClearOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import type { User } from '@pult/contract';
import { Button, Flex } from 'antd';
import { type Key, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { onFirstOpen } from '../../../components/on-first-open';
import { PageTitle } from '../../../components/page-title';
import { useScreenCommands } from '../../../lib/screen-commands';
import { useUrlState } from '../../../lib/use-url-state';
import { useUsers } from '../api/get-users';
import { ExportUsersButton } from '../components/export-users-button';
import { UsersBulkActions } from '../components/users-bulk-actions';
import { UsersFilterBar } from '../components/users-filter-bar';
import { UsersTable } from '../components/users-table';
import { EMPTY_FILTER, isFilterEmpty, toUserFilter, type UsersFilter, usersParams } from '../list-params';
import { useCanManageUsers } from '../use-can-manage';
import '../users.css';

// The form (antd's Form, Drawer and the fields) comes when «Добавить пользователя» is first pressed.
const CreateUserDrawer = onFirstOpen(
  'create-user-drawer',
  () => import('../components/create-user-drawer').then((m) => m.CreateUserDrawer),
  (props) => props.open,
);

/** `/app/users`: the users list. Filter, page, size and order live in the URL, so reload and back keep them. */
export const UsersPage = () => {
  const { t } = useTranslation();
  const canManage = useCanManageUsers();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [state, update] = useUrlState(usersParams);
  const { page, take, sort } = state;
  const filter: UsersFilter = useMemo(() => {
    const { page: _page, take: _take, sort: _sort, ...rest } = state;
    return rest;
  }, [state]);
  const query = useMemo(() => toUserFilter(filter), [filter]);
  const users = useUsers({ page, take, sort, filter: query });
  useScreenCommands(
    canManage ? [{ id: 'users.create', label: t('users.create.button'), run: () => setCreating(true) }] : [],
  );
  const selection = useUserSelection(JSON.stringify(query));

  // A new filter starts from the first page: page 7 of the old result means nothing in the new one.
  const changeFilter = useCallback((patch: Partial<UsersFilter>) => update({ ...patch, page: 1 }), [update]);
  const filtered = !isFilterEmpty(filter);
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
              filter={query}
              expectedRows={users.data && !users.data.countIsEstimate ? users.data.count : null}
            />
            <Button icon={<ImportOutlined aria-hidden />} onClick={() => navigate('/app/imports?kind=users')}>
              {t('nav.importOpen')}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('users.create.button')}
            </Button>
          </Flex>
        ) : null}
      </Flex>
      <UsersFilterBar filter={filter} onChange={changeFilter} />
      {canManage ? <UsersBulkActions ids={selection.ids} known={selection.known} onClear={selection.clear} /> : null}
      <UsersTable
        selection={canManage ? { keys: selection.ids, onChange: selection.change } : undefined}
        list={users}
        paging={{ page, take }}
        sort={sort}
        filtered={filtered}
        emptyExtra={resetButton}
        onChange={update}
      />
      {canManage ? <CreateUserDrawer open={creating} onClose={() => setCreating(false)} /> : null}
    </>
  );
};

/**
 * The chosen rows, across the pages of the current filter; a new filter starts a new choice (rows
 * chosen under the old one may not even be in the list any more). Rows seen are kept to name them.
 */
function useUserSelection(filterKey: string) {
  const [ids, setIds] = useState<number[]>([]);
  const [known, setKnown] = useState(() => new Map<number, User>());
  const clear = useCallback(() => setIds([]), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter's identity is the trigger
  useEffect(clear, [filterKey, clear]);
  const change = useCallback((keys: Key[], rows: User[]) => {
    setIds(keys.map(Number));
    setKnown((previous) => {
      const next = new Map(previous);
      for (const row of rows) if (row) next.set(row.id, row);
      return next;
    });
  }, []);
  return { ids, known, clear, change };
}
