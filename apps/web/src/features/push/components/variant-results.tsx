import type { ReminderDetail, VariantResult } from '@pult/contract';
import { Alert, Button, Flex, Select, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../components/ltr';
import type { LocaleId } from '../../../config/theme-config';
import { describeError } from '../../../lib/describe-error';
import { useFeedback } from '../../../lib/feedback';
import { formatNumber, numberFormat } from '../../../lib/format';
import { useSendWinner } from '../api/reminders';
import { useSchedulingZone } from '../lib/use-scheduling-zone';
import { LETTERS } from './ab-test-fields';

/** The text with the best lower bound of its interval: the one most surely better, not the luckiest small sample. */
const leaderOf = (rows: VariantResult[]) =>
  rows.reduce<VariantResult | undefined>((best, row) => ((row.low ?? -1) > (best?.low ?? -1) ? row : best), undefined);

/**
 * An A/B push's texts side by side: the funnel per text and its open rate with the 95 % interval, the
 * holdout and the rest; once the test window has passed, «Отправить победителя остальным» sends the
 * chosen text (the leader by default) to the rest, after a confirmation.
 */
export const VariantResults = ({ detail }: { detail: ReminderDetail }) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  const scheduling = useSchedulingZone();
  const { modal, message } = useFeedback();
  const sendWinner = useSendWinner();
  const leader = leaderOf(detail.byVariant);
  const [chosen, setChosen] = useState<number | undefined>();
  const ab = detail.ab;
  if (!ab) return null;
  const n = (value: number) => formatNumber(value, locale);
  const percent = (value: number) => numberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(value);
  const winner = chosen ?? leader?.variant ?? 0;
  const ready = detail.testEndsAt !== null && new Date(detail.testEndsAt).getTime() <= Date.now();

  const askSend = () =>
    modal.confirm({
      title: t('push.ab.sendTitle', { letter: LETTERS[winner] }),
      content: t('push.ab.sendText', { count: detail.held, held: n(detail.held) }),
      okText: t('push.ab.send'),
      cancelText: t('push.common.back'),
      onOk: () =>
        sendWinner.mutateAsync({ id: detail.id, variant: winner }).then(
          () => message.success(t('push.ab.sent')),
          (error: unknown) => message.error(describeError(error, t)),
        ),
    });

  return (
    <section aria-labelledby="push-ab-title" data-testid="variant-results">
      <Typography.Title level={5} id="push-ab-title">
        {t('push.ab.results')}
      </Typography.Title>
      <Table
        size="small"
        rowKey="variant"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={detail.byVariant}
        columns={[
          {
            key: 'variant',
            title: t('push.ab.text'),
            render: (_, row: VariantResult) => (
              <span>
                <strong>{LETTERS[row.variant]}</strong> · {row.title}
                {ab.winner === row.variant ? ` · ${t('push.ab.winner')}` : ''}
              </span>
            ),
          },
          {
            key: 'share',
            title: t('push.ab.shareShort'),
            dataIndex: 'share',
            render: (v: number) => <Ltr>{`${v} %`}</Ltr>,
          },
          // The funnel per text: targeted → skipped (consent, caps) → sent → failed → opened.
          { key: 'targeted', title: t('push.fields.targeted'), dataIndex: 'targeted', render: n },
          { key: 'skipped', title: t('push.fields.skipped'), dataIndex: 'skipped', render: n },
          { key: 'sent', title: t('push.fields.sent'), dataIndex: 'sent', render: n },
          { key: 'failed', title: t('push.fields.failed'), dataIndex: 'failed', render: n },
          { key: 'opened', title: t('push.fields.opened'), dataIndex: 'opened', render: n },
          {
            key: 'rate',
            title: t('push.ab.openRate'),
            render: (_, row: VariantResult) =>
              row.openRate === null || row.low === null || row.high === null ? (
                '—'
              ) : (
                <Ltr>
                  {percent(row.openRate)}{' '}
                  <Typography.Text type="secondary">{`(${percent(row.low)}–${percent(row.high)})`}</Typography.Text>
                </Ltr>
              ),
          },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('push.ab.intervalHint')} {t('push.ab.holdoutLine', { percent: ab.holdout })}
      </Typography.Paragraph>
      {ab.winner === null && detail.held > 0 ? (
        ready ? (
          <Flex gap="small" wrap align="center">
            <Select
              aria-label={t('push.ab.choose')}
              value={winner}
              onChange={setChosen}
              style={{ minWidth: 200 }}
              options={detail.byVariant.map((row) => ({
                value: row.variant,
                label: `${LETTERS[row.variant]} · ${row.title}${row.variant === leader?.variant ? ` (${t('push.ab.leader')})` : ''}`,
              }))}
            />
            <Button type="primary" onClick={askSend} loading={sendWinner.isPending}>
              {t('push.ab.send')}
            </Button>
          </Flex>
        ) : (
          <Alert
            type="info"
            showIcon
            title={
              detail.testEndsAt
                ? t('push.ab.waiting', {
                    held: n(detail.held),
                    at: scheduling.format(detail.testEndsAt, detail.timeZone),
                  })
                : t('push.ab.notStarted', { held: n(detail.held) })
            }
          />
        )
      ) : null}
    </section>
  );
};
