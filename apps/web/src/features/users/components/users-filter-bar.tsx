import { ClearOutlined, SearchOutlined } from '@ant-design/icons';
import { roles } from '@pult/contract';
import { Button, Flex, Select } from 'antd';
// The base field and the compact group alone: `Input` from antd's index brings its Search, TextArea, Password and OTP,
// and `Space` its own styles, to the users list's first load (issue 37, decision 0022).
import Input from 'antd/es/input/Input';
import Compact from 'antd/es/space/Compact';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { userStatuses } from '../../../lib/contract-values';
import { useDebouncedCallback } from '../../../lib/use-debounced-callback';
import { EMPTY_FILTER, isFilterEmpty, type SearchField, searchFields, type UsersFilter } from '../list-params';
import { PeriodFilter } from './period-filter';

interface Props {
  filter: UsersFilter;
  /** Only the fields that changed; the page merges them into the URL. */
  onChange: (patch: Partial<UsersFilter>) => void;
}

/** The filter bar above the users table; every value lives in the URL (see `list-params.ts`). */
export const UsersFilterBar = ({ filter, onChange }: Props) => {
  const { t } = useTranslation();
  const [text, setText] = useState(filter.q);
  // The list follows the box when typing pauses (every list does); Enter searches at once.
  const typing = useDebouncedCallback((q: string) => {
    if (q !== filter.q) onChange({ q });
  });

  // Back/forward and «reset» change the URL under the box: follow it, unless the person is typing.
  useEffect(() => {
    if (!typing.pending()) setText(filter.q);
  }, [filter.q, typing]);

  return (
    // A plain box, not antd's Card: Card brings Tabs (14 kB) with it, for a border and a padding.
    <div className="users-filter-bar">
      <Flex gap="small" wrap align="center">
        <Compact className="users-search">
          <Select<SearchField>
            aria-label={t('users.filter.searchIn')}
            value={filter.searchIn}
            popupMatchSelectWidth={false}
            onChange={(searchIn) => onChange({ searchIn })}
            options={searchFields.map((field) => ({ value: field, label: t(`users.filter.in.${field}`) }))}
            className="users-search-field"
          />
          <Input
            aria-label={t('users.filter.search')}
            placeholder={t('users.filter.searchPlaceholder')}
            prefix={<SearchOutlined aria-hidden />}
            allowClear
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              typing.schedule(event.target.value.trim());
            }}
            onPressEnter={typing.flush}
          />
        </Compact>
        <Select
          mode="multiple"
          allowClear
          aria-label={t('users.filter.role')}
          placeholder={t('users.filter.role')}
          value={filter.roles}
          onChange={(value) => onChange({ roles: value })}
          options={roles.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
          maxTagCount="responsive"
          className="users-filter-select"
        />
        <Select
          mode="multiple"
          allowClear
          aria-label={t('users.filter.status')}
          placeholder={t('users.filter.status')}
          value={filter.statuses}
          onChange={(value) => onChange({ statuses: value })}
          options={userStatuses.map((status) => ({ value: status, label: t(`userStatus.${status}`) }))}
          maxTagCount="responsive"
          className="users-filter-select"
        />
        <PeriodFilter from={filter.from} to={filter.to} onChange={onChange} />
        <Select<'any' | 'yes' | 'no'>
          aria-label={t('users.filter.subscription')}
          value={filter.hasSubscription === null ? 'any' : filter.hasSubscription ? 'yes' : 'no'}
          onChange={(value) => onChange({ hasSubscription: value === 'any' ? null : value === 'yes' })}
          options={(['any', 'yes', 'no'] as const).map((value) => ({ value, label: t(`users.filter.sub.${value}`) }))}
          popupMatchSelectWidth={false}
          className="users-filter-subscription"
        />
        <Button
          icon={<ClearOutlined />}
          onClick={() => {
            typing.cancel();
            setText('');
            onChange(EMPTY_FILTER);
          }}
          disabled={isFilterEmpty(filter) && filter.searchIn === 'auto'}
        >
          {t('users.filter.reset')}
        </Button>
      </Flex>
    </div>
  );
};
