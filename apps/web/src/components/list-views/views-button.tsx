import { AppstoreOutlined, DownOutlined } from '@ant-design/icons';
import type { ListKey, SavedView } from '@pult/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../lib/describe-error';
import { useFeedback } from '../../lib/feedback';
import { useSavedViews, useViewMutations } from '../../lib/resources/list-views';
import { useSession } from '../../lib/session-store';
import { MenuButton, type MenuEntry } from '../menu-button';
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
 * «Виды» (a menu drawn without antd, as the frame's are: issue 37): apply a saved view (personal or shared), save the current one under a name, and manage
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

  // The views by group (the person's own, then the shared ones), each group under its title.
  const group = (heading: string, list: SavedView[]): MenuEntry[] =>
    list.map((view, index) => ({
      key: `view-${view.id}`,
      label: view.name,
      heading: index === 0 ? heading : undefined,
    }));
  const menu: MenuEntry[] = [
    ...group(
      t('listViews.views.mine'),
      items.filter((view) => !view.shared),
    ),
    ...group(
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
    { key: 'save', label: t('listViews.views.save'), separated: true },
    ...(items.length ? [{ key: 'manage', label: t('listViews.views.manage') }] : []),
  ];
  const select = (key: string) => {
    if (key === 'save') setEditing({ mode: 'create' });
    else if (key === 'manage') setManaging(true);
    else {
      const view = items.find((item) => `view-${item.id}` === key);
      if (view) apply(view);
    }
  };

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
      <MenuButton className="lite-button" items={menu} onSelect={select}>
        <AppstoreOutlined aria-hidden />
        {t('listViews.views.button')}
        <DownOutlined aria-hidden className="lite-button-chevron" />
      </MenuButton>
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
