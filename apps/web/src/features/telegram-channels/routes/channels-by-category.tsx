import { PlusOutlined, SearchOutlined, UnorderedListOutlined } from '@ant-design/icons';
import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext } from '@dnd-kit/sortable';
import type { TgCategory } from '@pult/contract';
import { Alert, Button, Empty, Flex, Form, Input, Skeleton, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConflictDialog } from '../../../components/conflict-dialog';
import { PageTitle } from '../../../components/page-title';
import { describeError } from '../../../lib/describe-error';
import { applyServerErrors } from '../../../lib/form-errors';
import { useScreenCommands } from '../../../lib/screen-commands';
import { staleRecordOf } from '../../../lib/stale-version';
import { urlParam } from '../../../lib/url-params';
import { useUrlState } from '../../../lib/use-url-state';
import {
  useDeleteCategory,
  useReorder,
  useSaveCategory,
  useTgCategories,
  useTgChannels,
} from '../api/telegram-resources';
import { CategoryHistoryDrawer } from '../components/category-history-drawer';
import { ChannelDrawer } from '../components/channel-drawer';
import { DeleteCategoryDialog } from '../components/delete-category-dialog';
import { SortableCategory } from '../components/sortable-category';
import {
  categoryDragId,
  collisionsFor,
  type DragTarget,
  keyboardFor,
  locateChannel as locate,
  parseDragId as parse,
} from '../lib/board-dnd';
import { CATEGORY_FIELD_LABELS, CATEGORY_FIELD_VALUES } from '../lib/channel-form';
import { searchColumns } from '../lib/channel-search';
import { type CategoryColumn, groupChannels, layoutBody, moveChannel, moveItem } from '../lib/layout';
import { useFoldedCategories } from '../lib/use-folded-categories';
import '../components/board.css';
import { useFeedback } from '../../../lib/feedback';

/** The channel whose drawer is open, in the address: the audit log links to a channel this way. */
const boardParams = { channel: urlParam.positiveInt() };

/**
 * `/app/telegram-chanels`: channels grouped by category in as many columns as the width holds, ordered
 * by drag and drop (pointer or keyboard). Categories fold; a search narrows the board to the matching
 * channels (and stops the dragging: an order cannot be changed on a part of it); a channel opens its
 * drawer on a click or Enter.
 */
export const ChannelsByCategoryPage = () => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const channels = useTgChannels();
  const categories = useTgCategories();
  const reorder = useReorder();
  const saveCategory = useSaveCategory();
  const deleteCategory = useDeleteCategory();
  const [createForm] = Form.useForm<{ title: string }>();
  useScreenCommands([
    { id: 'telegram.addCategory', label: t('telegram.board.addCategory'), run: () => createForm.focusField('title') },
  ]);
  const [columns, setColumns] = useState<CategoryColumn[]>([]);
  const [active, setActive] = useState<DragTarget | null>(null);
  const [deleting, setDeleting] = useState<TgCategory | null>(null);
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  // A rename refused for a stale version (412): the title typed, and the category as it is saved now.
  const [conflict, setConflict] = useState<{ title: string; now: TgCategory } | null>(null);
  const [search, setSearch] = useState('');
  const [url, setUrl] = useUrlState(boardParams);
  const { folded, fold, foldAll } = useFoldedCategories();
  // The layout when the drag started: a cancelled or refused drag goes back to it.
  const before = useRef<CategoryColumn[]>([]);
  const latest = useRef<CategoryColumn[]>([]);
  latest.current = columns;
  const collisions = useMemo(() => collisionsFor(() => latest.current), []);
  const keyboardCoordinates = useMemo(() => keyboardFor(() => latest.current), []);
  // Set with the drop itself, so the server's (older) layout cannot flash back while it is saved.
  const [saving, setSaving] = useState(false);

  const searching = search.trim().replace(/^@/, '') !== '';
  const shown = useMemo(() => searchColumns(columns, search), [columns, search]);
  const totals = useMemo(
    () => new Map(columns.map((column) => [column.category.id, column.channels.length])),
    [columns],
  );
  const opened = channels.data?.items.find((channel) => channel.id === url.channel) ?? null;

  const server = useMemo(
    () => (channels.data && categories.data ? groupChannels(categories.data.items, channels.data.items) : null),
    [channels.data, categories.data],
  );
  useEffect(() => {
    if (server && !active && !saving) setColumns(server);
  }, [server, active, saving]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardCoordinates }),
  );

  const titleOf = (id: string | number | undefined) => {
    const target = parse(id);
    if (!target) return '';
    if (target.kind === 'category')
      return columns.find((column) => column.category.id === target.id)?.category.title ?? '';
    return columns.flatMap((column) => column.channels).find((channel) => channel.id === target.id)?.title ?? '';
  };
  const announcements: Announcements = {
    onDragStart: ({ active: item }) => t('telegram.board.announce.pickup', { title: titleOf(item.id) }),
    onDragOver: ({ active: item, over }) =>
      over && over.id !== item.id
        ? t('telegram.board.announce.over', { title: titleOf(item.id), position: titleOf(over.id) })
        : undefined,
    onDragEnd: ({ active: item }) => t('telegram.board.announce.drop', { title: titleOf(item.id) }),
    onDragCancel: ({ active: item }) => t('telegram.board.announce.cancel', { title: titleOf(item.id) }),
  };

  const save = async (next: CategoryColumn[]) => {
    const changed = JSON.stringify(layoutBody(next)) !== JSON.stringify(layoutBody(before.current));
    if (!changed) return;
    setSaving(true);
    try {
      await reorder.mutateAsync(layoutBody(next));
      message.success(t('telegram.board.saved'));
    } catch (error) {
      setColumns(before.current);
      message.error(describeError(error, t));
    } finally {
      setSaving(false);
    }
  };

  const onDragStart = ({ active: item }: DragStartEvent) => {
    before.current = columns;
    setActive(parse(item.id));
  };

  // A channel crossing into another category moves there at once, so the lists make room for it.
  const onDragOver = ({ active: item, over }: DragOverEvent) => {
    const dragged = parse(item.id);
    const target = parse(over?.id);
    if (dragged?.kind !== 'channel' || !target || !over) return;
    setColumns((current) => {
      const from = locate(current, dragged.id);
      if (!from) return current;
      if (target.kind === 'category') {
        if (target.id === from.categoryId) return current;
        return moveChannel(current, dragged.id, target.id, 0);
      }
      const to = locate(current, target.id);
      if (!to || to.categoryId === from.categoryId) return current;
      const translated = item.rect.current.translated;
      const below = translated ? translated.top > over.rect.top + over.rect.height / 2 : false;
      return moveChannel(current, dragged.id, to.categoryId, to.index + (below ? 1 : 0));
    });
  };

  const onDragEnd = ({ active: item, over }: DragEndEvent) => {
    const dragged = parse(item.id);
    const target = parse(over?.id);
    setActive(null);
    let next = columns;
    if (dragged?.kind === 'category' && target?.kind === 'category') {
      const from = columns.findIndex((column) => column.category.id === dragged.id);
      const to = columns.findIndex((column) => column.category.id === target.id);
      if (from >= 0 && to >= 0 && from !== to) next = moveItem(columns, from, to);
    } else if (dragged?.kind === 'channel' && target?.kind === 'channel') {
      const from = locate(columns, dragged.id);
      const to = locate(columns, target.id);
      if (from && to && from.categoryId === to.categoryId && from.index !== to.index)
        next = moveChannel(columns, dragged.id, to.categoryId, to.index);
    }
    setColumns(next);
    void save(next);
  };

  const onDragCancel = () => {
    setActive(null);
    setColumns(before.current);
  };

  const createCategory = async ({ title }: { title: string }) => {
    try {
      await saveCategory.mutateAsync({ title: title.trim() });
      createForm.resetFields();
      message.success(t('telegram.board.categoryCreated'));
    } catch (error) {
      if (!applyServerErrors(createForm, error, t)) message.error(describeError(error, t));
      else createForm.setFields([{ name: 'title', errors: [describeError(error, t)] }]);
    }
  };

  /** Renames over `version` (If-Match): the one the title was opened on, or after a conflict the newer one. */
  const rename = async (id: number, title: string, version: number) => {
    try {
      await saveCategory.mutateAsync({ id, title, version });
      message.success(t('telegram.board.renamed'));
      setConflict(null);
    } catch (error) {
      const now = staleRecordOf<TgCategory>(error);
      if (now) return setConflict({ title, now });
      setConflict(null);
      message.error(describeError(error, t));
    }
  };

  const confirmDelete = async (moveTo: number | undefined) => {
    if (!deleting) return;
    try {
      await deleteCategory.mutateAsync({ id: deleting.id, moveTo });
      message.success(t('telegram.board.categoryDeleted'));
      setDeleting(null);
    } catch (error) {
      message.error(describeError(error, t));
    }
  };

  let content: React.ReactNode;
  if (channels.isError || categories.isError) {
    content = (
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
    );
  } else if (!server) {
    content = <Skeleton active paragraph={{ rows: 8 }} />;
  } else if (columns.length === 0) {
    content = <Empty description={t('telegram.noCategories')} />;
  } else if (shown.length === 0) {
    content = <Empty description={t('telegram.board.nothingFound')} />;
  } else {
    content = (
      <DndContext
        sensors={sensors}
        collisionDetection={collisions}
        onDragStart={onDragStart}
        onDragOver={onDragOver}
        onDragEnd={onDragEnd}
        onDragCancel={onDragCancel}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: t('telegram.boardSubtitle') },
        }}
      >
        <SortableContext
          items={shown.map((column) => categoryDragId(column.category.id))}
          strategy={rectSortingStrategy}
        >
          <div className="tg-board" data-testid="tg-board">
            {shown.map((column) => (
              <SortableCategory
                key={column.category.id}
                column={column}
                total={totals.get(column.category.id) ?? column.channels.length}
                draggingCategory={active?.kind === 'category'}
                draggedChannel={active?.kind === 'channel' ? active.id : undefined}
                searching={searching}
                folded={!searching && folded.has(column.category.id)}
                onFold={(value) => fold(column.category.id, value)}
                onRename={(title, version) => void rename(column.category.id, title, version)}
                onHistory={() => setHistoryOf(column.category.id)}
                onDelete={() => setDeleting(column.category)}
                onOpenChannel={(channel) => setUrl({ channel: channel.id })}
              />
            ))}
          </div>
        </SortableContext>
      </DndContext>
    );
  }

  const deletingColumn = columns.find((column) => column.category.id === deleting?.id);
  return (
    <>
      <Flex justify="space-between" align="start" wrap gap="middle" className="page-head">
        <div>
          <PageTitle>{t('nav.telegramChannels')}</PageTitle>
          <Typography.Text type="secondary">{t('telegram.boardSubtitle')}</Typography.Text>
        </div>
        <Form form={createForm} layout="inline" onFinish={createCategory} name="tg-category">
          <Form.Item name="title" rules={[{ required: true, whitespace: true }, { max: 100 }]}>
            <Input placeholder={t('telegram.board.newCategory')} aria-label={t('telegram.board.newCategory')} />
          </Form.Item>
          <Button htmlType="submit" icon={<PlusOutlined aria-hidden />} loading={saveCategory.isPending}>
            {t('telegram.board.addCategory')}
          </Button>
        </Form>
      </Flex>
      <Flex justify="space-between" align="center" wrap gap="small" className="tg-board-toolbar">
        <Input
          allowClear
          prefix={<SearchOutlined aria-hidden />}
          placeholder={t('telegram.search')}
          aria-label={t('telegram.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="tg-board-search"
        />
        <Flex wrap gap="small" align="center">
          <Button
            onClick={() =>
              foldAll(
                columns.map((column) => column.category.id),
                true,
              )
            }
            disabled={searching}
          >
            {t('telegram.board.foldAll')}
          </Button>
          <Button onClick={() => foldAll([], false)} disabled={searching}>
            {t('telegram.board.unfoldAll')}
          </Button>
          <Link to="/app/common/tg-channels" className="tg-board-switch">
            <UnorderedListOutlined aria-hidden /> {t('telegram.board.toTable')}
          </Link>
        </Flex>
      </Flex>
      {searching ? (
        <Typography.Paragraph type="secondary" className="tg-board-search-hint">
          {t('telegram.board.searchHint')}
        </Typography.Paragraph>
      ) : null}
      {content}
      <DeleteCategoryDialog
        key={deleting?.id ?? 0}
        category={deleting}
        channelsCount={deletingColumn?.channels.length ?? 0}
        others={columns.map((column) => column.category).filter((category) => category.id !== deleting?.id)}
        deleting={deleteCategory.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={(moveTo) => void confirmDelete(moveTo)}
      />
      <CategoryHistoryDrawer
        category={categories.data?.items.find((category) => category.id === historyOf) ?? null}
        onClose={() => setHistoryOf(null)}
      />
      {conflict ? (
        <ConflictDialog
          open
          fields={[
            {
              name: 'title',
              label: t(CATEGORY_FIELD_LABELS.title ?? 'title'),
              mine: conflict.title,
              theirs: conflict.now.title,
            },
          ]}
          fieldValues={CATEGORY_FIELD_VALUES}
          saving={saveCategory.isPending}
          onCancel={() => setConflict(null)}
          // The board already shows the title saved now (the list reloads after every save).
          onTakeTheirs={() => setConflict(null)}
          onKeepMine={() => void rename(conflict.now.id, conflict.title, conflict.now.version)}
        />
      ) : null}
      <ChannelDrawer
        key={opened?.id ?? 0}
        open={opened !== null}
        channel={opened}
        categories={categories.data?.items ?? []}
        telegramConfigured={channels.data?.telegramConfigured ?? false}
        onClose={() => setUrl({ channel: undefined })}
      />
    </>
  );
};
