import type { Note, NoteSort, NotesPage } from '@pult/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Space, type TableProps, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PagedTable, type Paging, type TableSort } from '../../../components/paged-table';
import { formatDateTime } from '../../../lib/format';
import { useTheme } from '../../../lib/theme-store';
import { NoteStatusTag } from './note-status-tag';

interface Props {
  list: UseQueryResult<NotesPage>;
  paging: Paging;
  onPage: (next: Paging) => void;
  filtered: boolean;
  /** '' while relevance orders a search: no column shows an order then. */
  sort: TableSort<NoteSort | ''>;
}

export const NotesTable = ({ list, paging, onPage, filtered, sort }: Props) => {
  const { t } = useTranslation();
  const { locale } = useTheme();
  const columns: TableProps<Note>['columns'] = [
    {
      key: 'title',
      dataIndex: 'title',
      title: t('notes.columns.title'),
      render: (_, note) => <Link to={`/app/notes/${note.id}`}>{note.title}</Link>,
    },
    {
      key: 'tags',
      title: t('notes.columns.tags'),
      render: (_, note) => (
        // antd 6 tags have no outer margin of their own: the gap is all that keeps them apart.
        <Space size={[8, 4]} wrap>
          {note.tags.map((tag) => (
            <Tag key={tag}>{tag}</Tag>
          ))}
        </Space>
      ),
    },
    { key: 'status', title: t('notes.columns.status'), render: (_, note) => <NoteStatusTag note={note} /> },
    {
      key: 'author',
      title: t('notes.columns.author'),
      render: (_, note) => note.authorName ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      key: 'updatedAt',
      dataIndex: 'updatedAt',
      title: t('notes.columns.updatedAt'),
      render: (_, note) => formatDateTime(note.updatedAt, locale),
      width: 170,
    },
  ];
  return (
    <PagedTable<Note, NoteSort | ''>
      listKey="notes"
      sort={sort}
      columns={columns}
      list={list}
      paging={paging}
      onPage={onPage}
      total={(count) => t('notes.total', { count })}
      empty={{ text: t(filtered ? 'notes.emptyFiltered' : 'notes.empty') }}
      errorTitle={t('notes.loadFailed')}
    />
  );
};
