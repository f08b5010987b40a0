import { noteStatuses } from '@pult/contract';
import { Input, Segmented, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedCallback } from '../../../lib/use-debounced-callback';
import { useNoteTags } from '../api/notes-queries';

export interface NotesFilterValues {
  query?: string;
  status?: (typeof noteStatuses)[number];
  tag?: string;
  archived?: boolean;
}

interface Props {
  values: NotesFilterValues;
  onChange: (change: NotesFilterValues) => void;
}

/** Search (sent once typing pauses), status, tag, and live notes or the archive. */
export const NotesFilters = ({ values, onChange }: Props) => {
  const { t } = useTranslation();
  const tags = useNoteTags();
  const [text, setText] = useState(values.query ?? '');
  // As every list: the search follows when typing pauses, or at once on Enter.
  const typing = useDebouncedCallback((query: string) => {
    if (query !== (values.query ?? '')) onChange({ query: query || undefined });
  });
  // Back/forward change the URL under the box: follow it, unless the person is typing.
  useEffect(() => {
    if (!typing.pending()) setText(values.query ?? '');
  }, [values.query, typing]);

  return (
    <Space wrap className="notes-filters">
      <Input.Search
        allowClear
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          typing.schedule(event.target.value.trim());
        }}
        onSearch={(value) => {
          typing.cancel();
          onChange({ query: value.trim() || undefined });
        }}
        placeholder={t('notes.filters.search')}
        aria-label={t('notes.filters.search')}
        className="notes-search"
      />
      <Select
        allowClear
        value={values.status}
        onChange={(status) => onChange({ status })}
        placeholder={t('notes.filters.status')}
        aria-label={t('notes.filters.status')}
        options={noteStatuses.map((status) => ({ value: status, label: t(`notes.status.${status}`) }))}
        style={{ minWidth: 160 }}
      />
      <Select
        allowClear
        showSearch
        value={values.tag}
        onChange={(tag) => onChange({ tag })}
        placeholder={t('notes.filters.tag')}
        aria-label={t('notes.filters.tag')}
        options={(tags.data?.items ?? []).map((item) => ({ value: item.tag, label: `${item.tag} (${item.count})` }))}
        style={{ minWidth: 180 }}
      />
      <Segmented
        value={values.archived ? 'archive' : 'live'}
        onChange={(value) => onChange({ archived: value === 'archive' ? true : undefined })}
        options={[
          { value: 'live', label: t('notes.filters.live') },
          { value: 'archive', label: t('notes.filters.archive') },
        ]}
      />
    </Space>
  );
};
