import { Tabs } from 'antd';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RevisionHistory } from './revision-history';

interface Props {
  /** The record's form. */
  edit: ReactNode;
  /** Its «История»; null or undefined for a record not yet created, which has no history and shows its form alone. */
  history: ComponentProps<typeof RevisionHistory> | null | undefined;
}

/** A record's form beside its «История» tab (docs/decisions/0036): the same two tabs on every record staff edit. */
export const EditWithHistory = ({ edit, history }: Props) => {
  const { t } = useTranslation();
  if (!history) return edit;
  return (
    <Tabs
      items={[
        { key: 'edit', label: t('versions.history.editTab'), children: edit },
        { key: 'history', label: t('versions.history.tab'), children: <RevisionHistory {...history} /> },
      ]}
    />
  );
};
