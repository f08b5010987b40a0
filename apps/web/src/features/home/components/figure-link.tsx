import { Button } from 'antd';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../components/ltr';

/**
 * A figure that opens the people behind it (docs/decisions/0050): a link-styled button that reads as the
 * number, named for screen readers «<figure>: <value>. Показать, кто за этим числом».
 */
export const FigureLink = ({
  name,
  value,
  onOpen,
  openRef,
  className = 'figure-link',
}: {
  /** What the figure is, as a sentence names it (the column and the series, the counter). */
  name: string;
  value: string;
  onOpen: () => void;
  openRef?: Ref<HTMLButtonElement>;
  className?: string;
}) => {
  const { t } = useTranslation();
  return (
    <Button
      type="link"
      className={className}
      ref={openRef}
      aria-label={t('home.people.open', { figure: name, value })}
      onClick={onOpen}
    >
      <Ltr>{value}</Ltr>
    </Button>
  );
};
