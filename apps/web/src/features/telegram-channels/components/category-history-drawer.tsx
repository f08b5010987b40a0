import type { TgCategory } from '@pult/contract';
import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { RevisionHistory } from '../../../components/revision-history';
import { useTheme } from '../../../lib/theme-store';
import {
  categoryRevisionsKey,
  loadCategoryRevisions,
  restoreCategoryRevision,
  tgCategoryKeys,
} from '../api/telegram-resources';
import { CATEGORY_FIELD_LABELS, CATEGORY_FIELD_VALUES } from '../lib/channel-form';

interface Props {
  /** The category whose history is open; null: closed. */
  category: TgCategory | null;
  onClose: () => void;
}

/**
 * A category's «История»: its title is edited in place on the board, so its revisions (title and place), the
 * comparison of two and «Вернуть эту версию» open from the card in a drawer of their own.
 */
export const CategoryHistoryDrawer = ({ category, onClose }: Props) => {
  const { t } = useTranslation();
  const { direction } = useTheme();
  return (
    <Drawer
      title={category ? t('telegram.board.history', { title: category.title }) : undefined}
      size={520}
      open={category !== null}
      onClose={onClose}
      placement={direction === 'rtl' ? 'left' : 'right'}
      destroyOnHidden
    >
      {category ? (
        <RevisionHistory
          queryKey={categoryRevisionsKey(category.id)}
          invalidateKey={tgCategoryKeys.all}
          load={(signal) => loadCategoryRevisions(category.id, signal)}
          restore={(revisionId) => restoreCategoryRevision(category.id, revisionId)}
          fieldLabel={(field) => t(CATEGORY_FIELD_LABELS[field] ?? field)}
          fieldValues={CATEGORY_FIELD_VALUES}
        />
      ) : null}
    </Drawer>
  );
};
