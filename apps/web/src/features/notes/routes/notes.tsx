import { PlusOutlined } from '@ant-design/icons';
import { noteSortFields } from '@pult/contract';
import { Button, Card, Flex } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { useScreenCommands } from '../../../lib/screen-commands';
import { useUrlState } from '../../../lib/use-url-state';
import { useNotes } from '../api/notes-queries';
import { NotesFilters, type NotesFilterValues } from '../components/notes-filters';
import { NotesTable } from '../components/notes-table';
import { notesParams } from '../lib/notes-params';
import '../components/notes.css';

/** `/app/notes`: editorial notes, searched and filtered through the URL. */
export const NotesPage = () => {
  const { t } = useTranslation();
  const [search, update] = useUrlState(notesParams);
  const navigate = useNavigate();
  useScreenCommands([{ id: 'notes.create', label: t('notes.create'), run: () => navigate('/app/notes/new') }]);
  const list = useNotes({
    take: search.take,
    page: search.page,
    query: search.query,
    status: search.status,
    tag: search.tag,
    archived: search.archived ?? false,
    sort: search.sort,
  });
  const onFilter = useCallback((change: NotesFilterValues) => update({ ...change, page: 1 }), [update]);
  const filtered = Boolean(search.query || search.status || search.tag || search.archived);

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap="small">
        <PageTitle>{t('nav.notes')}</PageTitle>
        <Link to="/app/notes/new">
          <Button type="primary" icon={<PlusOutlined />}>
            {t('notes.create')}
          </Button>
        </Link>
      </Flex>
      <Card className="list-card">
        <NotesFilters values={search} onChange={onFilter} />
        <NotesTable
          list={list}
          paging={search}
          onPage={update}
          filtered={filtered}
          // Without a chosen order the API shows the latest change first (relevance while searching).
          sort={{
            value: search.sort ?? (search.query ? '' : 'updatedAt:desc'),
            fields: noteSortFields,
            onChange: (sort) => update({ sort: sort || undefined, page: 1 }),
          }}
        />
      </Card>
    </>
  );
};
