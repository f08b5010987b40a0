import { AppstoreOutlined, DownOutlined } from '@ant-design/icons';
import type { ListKey, SavedView } from '@pult/contract';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../lib/describe-error';
import { useFeedback } from '../../lib/feedback';
import { useSavedViews, useViewMutations } from '../../lib/resources/list-views';
import { useSession } from '../../lib/session-store';
import { onFirstOpen } from '../on-first-open';
import type { ListColumnsControl } from './use-list-columns';
import { useViewState } from './use-view-state';
import type { ViewFormValues } from './view-form-modal';

// Both dialogs (and antd's Form, Modal and Popconfirm with them) come when first opened, not with every list.
const ViewFormModal = onFirstOpen(
  'view-form-modal',
  () => import('./view-form-modal').then((m) => m.ViewFormModal),
  (props) => props.open,
);
const ManageViewsModal = onFirstOpen(
  'manage-views-modal',
  () => import('./manage-views-modal').then((m) => m.ManageViewsModal),
  (props) => props.open,
);

type Editing = { mode: 'create' } | { mode: 'edit'; view: SavedView } | null;

/**
 * «Виды»: apply a saved view (personal or shared), save the current one under a name, and manage
 * them. Views live on the server, so they follow a person to any browser; shared ones reach all staff.
 */
export const ViewsButton = ({ listKey, columns }: { listKey: ListKey; columns: ListColumnsControl }) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const isAdmin = useSession()?.role === 'admin';
  const views = useSavedViews(listKey);
  const { create, update, remove } = useViewMutations();
  const state = useViewState(columns);
  const [editing, setEditing] = useState<Editing>(null);
  const [managing, setManaging] = useState(false);
  const items = views.data ?? [];

  const apply = (view: SavedView) => {
    state.apply(view);
    message.success(t('listViews.views.applied', { name: view.name }));
  };

  const viewItem = (view: SavedView) => ({ key: `view-${view.id}`, label: view.name, onClick: () => apply(view) });
  const group = (key: string, label: string, list: SavedView[]) =>
    list.length ? [{ type: 'group' as const, key, label, children: list.map(viewItem) }] : [];
  const menu: MenuProps['items'] = [
    ...group(
      'mine',
      t('listViews.views.mine'),
      items.filter((view) => !view.shared),
    ),
    ...group(
      'shared',
      t('listViews.views.sharedGroup'),
      items.filter((view) => view.shared),
    ),
    ...(items.length === 0
      ? [
          {
            key: 'empty',
            disabled: true,
            label: views.isError ? t('listViews.views.loadError') : t('listViews.views.empty'),
          },
        ]
      : []),
    { type: 'divider' as const },
    { key: 'save', label: t('listViews.views.save'), onClick: () => setEditing({ mode: 'create' }) },
    ...(items.length ? [{ key: 'manage', label: t('listViews.views.manage'), onClick: () => setManaging(true) }] : []),
  ];

  const submit = async (values: ViewFormValues) => {
    if (editing?.mode === 'edit') {
      await update.mutateAsync({ id: editing.view.id, body: values });
      message.success(t('listViews.views.updated'));
    } else {
      await create.mutateAsync({ listKey, body: { ...values, state: state.current() } });
      message.success(t('listViews.views.saved'));
    }
  };

  const failed = (error: unknown) => message.error(describeError(error, t));

  return (
    <>
      <Dropdown menu={{ items: menu }} trigger={['click']} placement="bottomRight">
        <Button icon={<AppstoreOutlined aria-hidden />}>
          {t('listViews.views.button')} <DownOutlined aria-hidden />
        </Button>
      </Dropdown>
      <ViewFormModal
        open={editing !== null}
        view={editing?.mode === 'edit' ? editing.view : null}
        canShare={isAdmin}
        onSubmit={submit}
        onClose={() => setEditing(null)}
      />
      <ManageViewsModal
        open={managing}
        views={items}
        onClose={() => setManaging(false)}
        onApply={(view) => {
          apply(view);
          setManaging(false);
        }}
        onEdit={(view) => setEditing({ mode: 'edit', view })}
        onRemember={(view) =>
          update
            .mutateAsync({ id: view.id, body: { state: state.current() } })
            .then(() => message.success(t('listViews.views.updated')), failed)
        }
        onDelete={(view) =>
          remove.mutateAsync(view.id).then(() => message.success(t('listViews.views.deleted')), failed)
        }
      />
    </>
  );
};
