import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserSearch } from '../api/reminders';

interface Props {
  value?: number | number[];
  onChange?: (value: number | number[]) => void;
  multiple?: boolean;
  id?: string;
}

/** Planner users found by e-mail, phone or name as the staff member types. */
export const UserPicker = ({ value, onChange, multiple, id }: Props) => {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const users = useUserSearch(text);
  return (
    <Select
      id={id}
      style={{ width: '100%' }}
      mode={multiple ? 'multiple' : undefined}
      showSearch={{ filterOption: false, onSearch: setText }}
      value={value}
      onChange={onChange}
      loading={users.isFetching}
      placeholder={t('push.form.userSearch')}
      notFoundContent={t('push.form.noUsers')}
      options={(users.data?.items ?? []).map((user) => ({
        value: user.id,
        label: [user.email, user.phoneNumber].filter(Boolean).join(' · '),
      }))}
    />
  );
};
