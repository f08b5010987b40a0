import { SearchOutlined } from '@ant-design/icons';
import { AutoComplete, Input } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EXTRA_PAGES, MENU_LEAVES } from '../../config/navigation';

/** Menu pages first, so «Польз» offers «Пользователи» before «Пользовательское соглашение». */
const PAGES = [...MENU_LEAVES, ...EXTRA_PAGES];

/** Header search that jumps to a page by its (translated) menu label. */
export const NavSearch = ({ onNavigate }: { onNavigate?: () => void }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');

  const options = useMemo(() => {
    const needle = text.trim().toLocaleLowerCase();
    if (!needle) return [];
    return PAGES.map((page) => ({ value: page.path ?? '', label: t(page.title) })).filter((option) =>
      option.label.toLocaleLowerCase().includes(needle),
    );
  }, [text, t]);

  return (
    <AutoComplete
      className="nav-search"
      value={text}
      options={options}
      onSearch={setText}
      onChange={setText}
      defaultActiveFirstOption
      notFoundContent={text.trim() ? t('header.noResults') : null}
      onSelect={(path: string) => {
        setText('');
        navigate(path);
        onNavigate?.();
      }}
      popupMatchSelectWidth={280}
    >
      <Input
        prefix={<SearchOutlined />}
        placeholder={t('header.searchPlaceholder')}
        aria-label={t('header.search')}
        allowClear
      />
    </AutoComplete>
  );
};
