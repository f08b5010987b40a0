import { PlusOutlined } from '@ant-design/icons';
import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { TgCategory } from '@pult/contract';
import { Alert, App, Button, Empty, Flex, Form, Input, Skeleton, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { describeError } from '../../../lib/describe-error';
import { applyServerErrors } from '../../../lib/form-errors';
import { useScreenCommands } from '../../../lib/screen-commands';
import {
  useDeleteCategory,
  useReorder,
  useSaveCategory,
  useTgCategories,
  useTgChannels,
} from '../api/telegram-resources';
import { DeleteCategoryDialog } from '../components/delete-category-dialog';
import { categoryDragId, SortableCategory } from '../components/sortable-category';
import { type CategoryColumn, groupChannels, layoutBody, moveChannel, moveItem } from '../lib/layout';
import '../components/board.css';

type DragTarget = { kind: 'category'; id: number } | { kind: 'channel'; id: number };

const parse = (id: string | number | undefined | null): DragTarget | null => {
  const match = /^(cat|ch)-(\d+)$/.exec(String(id ?? ''));
  if (!match) return null;
  return { kind: match[1] === 'cat' ? 'category' : 'channel', id: Number(match[2]) };
};

/** Where a channel is: its category and index. */
const locate = (columns: CategoryColumn[], channelId: number) => {
  for (const column of columns) {
    const index = column.channels.findIndex((channel) => channel.id === channelId);
    if (index >= 0) return { categoryId: column.category.id, index };
  }
  return null;
};

/**
 * What a drag is over. A dragged category is compared with categories only. A dragged channel is
 * first placed in a category (the pointer's, or the one its box overlaps most when moved by
 * keyboard), then next to the closest channel there; an empty category takes it as it is.
 */
const collisionsFor =
  (columns: () => CategoryColumn[]): CollisionDetection =>
  (args) => {
    const ofKind = (kind: DragTarget['kind']) =>
      args.droppableContainers.filter((each) => parse(each.id)?.kind === kind);
    const categories = ofKind('category');
    if (parse(args.active.id)?.kind === 'category') return closestCenter({ ...args, droppableContainers: categories });
    const inside = args.pointerCoordinates
      ? pointerWithin({ ...args, droppableContainers: categories })
      : rectIntersection({ ...args, droppableContainers: categories });
    const category = parse(inside[0]?.id);
    const channels = ofKind('channel');
    if (!category) return closestCenter({ ...args, droppableContainers: channels });
    const ids = new Set(
      columns()
        .find((column) => column.category.id === category.id)
        ?.channels.map((channel) => `ch-${channel.id}`) ?? [],
    );
    const here = channels.filter((each) => ids.has(String(each.id)));
    return here.length > 0 ? closestCenter({ ...args, droppableContainers: here }) : inside.slice(0, 1);
  };

/**
 * Arrow keys on a category jump to the previous or next category (its box centred on theirs), not
 * to the nearest drop target, which would be one of the channels in between. Channels use the
 * sortable preset, which also crosses into the neighbouring category.
 */
const keyboardFor =
  (columns: () => CategoryColumn[]): KeyboardCoordinateGetter =>
  (event, args) => {
    const { active, over, droppableRects, collisionRect } = args.context;
    if (parse(active?.id)?.kind !== 'category') return sortableKeyboardCoordinates(event, args);
    const step = event.code === 'ArrowUp' ? -1 : event.code === 'ArrowDown' ? 1 : 0;
    if (step === 0 || !collisionRect) return undefined;
    event.preventDefault();
    const order = columns().map((column) => `cat-${column.category.id}`);
    const target = order[order.indexOf(String(over?.id ?? active?.id)) + step];
    const rect = target ? droppableRects.get(target) : undefined;
    if (!rect) return undefined;
    return { x: rect.left, y: rect.top + rect.height / 2 - collisionRect.height / 2 };
  };

/** `/app/telegram-chanels`: channels grouped by category, ordered by drag and drop (pointer or keyboard). */
export const ChannelsByCategoryPage = () => {
  const { t } = useTranslation();
  const { message } = App.useApp();
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
  // The layout when the drag started: a cancelled or refused drag goes back to it.
  const before = useRef<CategoryColumn[]>([]);
  const latest = useRef<CategoryColumn[]>([]);
  latest.current = columns;
  const collisions = useMemo(() => collisionsFor(() => latest.current), []);
  const keyboardCoordinates = useMemo(() => keyboardFor(() => latest.current), []);
  // Set with the drop itself, so the server's (older) layout cannot flash back while it is saved.
  const [saving, setSaving] = useState(false);

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

  const rename = async (id: number, title: string) => {
    try {
      await saveCategory.mutateAsync({ id, title });
      message.success(t('telegram.board.renamed'));
    } catch (error) {
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
          items={columns.map((column) => categoryDragId(column.category.id))}
          strategy={verticalListSortingStrategy}
        >
          <div className="tg-board" data-testid="tg-board">
            {columns.map((column) => (
              <SortableCategory
                key={column.category.id}
                column={column}
                draggingCategory={active?.kind === 'category'}
                onRename={(title) => void rename(column.category.id, title)}
                onDelete={() => setDeleting(column.category)}
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
    </>
  );
};
