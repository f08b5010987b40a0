import { ArrowDownOutlined, ArrowUpOutlined, MinusOutlined } from '@ant-design/icons';
import { Button, Card, Statistic, Typography, theme } from 'antd';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../components/ltr';
import { numberFormat } from '../../../lib/format';

export interface KpiFigure {
  current: number;
  previous: number | null;
}

/** The change against the previous period, as a fraction; null when there is nothing to compare with. */
export const changeOf = ({ current, previous }: KpiFigure): number | null =>
  previous === null || previous === 0 ? null : (current - previous) / Math.abs(previous);

/**
 * One figure with its change against the previous period: an arrow and a colour for the eye (green
 * when the move is good for the business, which for churn is down), and a sentence for screen readers.
 */
export const KpiCard = ({
  title,
  figure,
  format,
  goodWhen = 'up',
  loading,
  onOpen,
  openRef,
}: {
  title: string;
  figure: KpiFigure | undefined;
  format: (value: number) => string;
  goodWhen?: 'up' | 'down';
  loading: boolean;
  /** Opens the people behind the figure; the figure is then a button (reached by Tab, named for readers). */
  onOpen?: () => void;
  openRef?: Ref<HTMLButtonElement>;
}) => {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const change = figure ? changeOf(figure) : null;
  const percent =
    change === null
      ? ''
      : numberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 }).format(Math.abs(change));
  const direction = change === null || change === 0 ? 'flat' : change > 0 ? 'up' : 'down';
  const good = direction === 'flat' ? null : direction === goodWhen;
  const color = good === null ? token.colorTextSecondary : good ? token.colorSuccess : token.colorError;
  const Arrow = direction === 'up' ? ArrowUpOutlined : direction === 'down' ? ArrowDownOutlined : MinusOutlined;
  const previousText = figure?.previous === null || figure === undefined ? '' : format(figure.previous);

  return (
    // While loading, the card has its final shape (the title, «—», a blank change line) rather than antd's
    // skeleton, which was 166 px to the figures' 109: everything below moved up when they came (CLS).
    <Card size="small" className="kpi-card" aria-busy={loading && !figure}>
      {/* Figures with a unit («40,1 %», «1 990 ₽») isolated: an RTL page would put the unit first. */}
      <Statistic
        title={title}
        value={figure ? format(figure.current) : '—'}
        valueRender={(node) =>
          onOpen && figure ? (
            <Button
              type="link"
              className="kpi-figure"
              ref={openRef}
              aria-label={t('home.people.open', { figure: title, value: format(figure.current) })}
              onClick={onOpen}
            >
              <Ltr>{node}</Ltr>
            </Button>
          ) : (
            <Ltr>{node}</Ltr>
          )
        }
      />
      {figure ? (
        <Typography.Text style={{ color }}>
          <Arrow aria-hidden />{' '}
          <span aria-hidden>{change === null ? t('home.change.none') : <Ltr>{percent}</Ltr>}</span>
          <span className="sr-only">
            {change === null
              ? t('home.change.noneLong')
              : t(`home.change.${direction}Long`, { percent, previous: previousText })}
          </span>
          {figure.previous !== null ? (
            <Typography.Text type="secondary" aria-hidden>
              {' '}
              <Ltr>{t('home.change.was', { value: previousText })}</Ltr>
            </Typography.Text>
          ) : null}
        </Typography.Text>
      ) : (
        <Typography.Text aria-hidden>{'\u00a0'}</Typography.Text>
      )}
    </Card>
  );
};
