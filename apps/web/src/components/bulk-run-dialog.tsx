import type { BulkOutcome, ErrorCode } from '@pult/contract';
import { Alert, Button, Descriptions, List, Modal, Result, Skeleton, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocaleId } from '../config/theme-config';
import { describeError, errorKey } from '../lib/describe-error';
import { formatNumber } from '../lib/format';
import { FocusReturn } from './focus-return';
import { Ltr } from './ltr';
import { UndoOfferButton } from './undo-offer';

/** What every bulk endpoint answers (the contract's bulk report), for any kind of row key. */
export interface BulkRunReport<K> {
  dryRun: boolean;
  results: { id: K; outcome: BulkOutcome; code?: ErrorCode }[];
  summary: { done: number; unchanged: number; refused: number; notFound: number };
  /** A real block's undo ticket (docs/decisions/0043): its «Отменить» is offered here too. */
  undo?: { id: string } | null;
}

export interface BulkRun<K> {
  /** The modal's title: the action and how many rows («Заблокировать 3 пользователей»). */
  title: string;
  /** The confirm button («Заблокировать»); danger for what cannot be undone lightly. */
  okText: string;
  danger?: boolean;
  /** Calls the bulk endpoint: first as a dry run (the preview), then for real. */
  run: (dryRun: boolean) => Promise<BulkRunReport<K>>;
  /** How a row is named in the lists of refused and missing rows (an e-mail, a code). */
  label: (id: K) => string;
  /** After the real run: refresh the lists, clear the selection. */
  onDone: () => void;
}

type Step<K> =
  | { kind: 'previewing' }
  | { kind: 'preview'; report: BulkRunReport<K> }
  | { kind: 'running'; report: BulkRunReport<K> }
  | { kind: 'result'; report: BulkRunReport<K> }
  | { kind: 'failed'; error: unknown };

/**
 * A bulk action in two steps: the server's dry run shows what will happen (how many change, how many
 * are already so, which are refused and why), the staff member confirms, and the same report of the
 * real run says what happened.
 */
export const BulkRunDialog = <K extends string | number>({
  request,
  onClose,
}: {
  request: BulkRun<K> | null;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step<K>>({ kind: 'previewing' });
  const finish = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!request) return;
    let live = true;
    setStep({ kind: 'previewing' });
    request.run(true).then(
      (report) => live && setStep({ kind: 'preview', report }),
      (error: unknown) => live && setStep({ kind: 'failed', error }),
    );
    return () => {
      live = false;
    };
  }, [request]);

  if (!request) return null;

  const confirm = async () => {
    if (step.kind !== 'preview') return;
    setStep({ kind: 'running', report: step.report });
    try {
      const report = await request.run(false);
      setStep({ kind: 'result', report });
      request.onDone();
    } catch (error) {
      setStep({ kind: 'failed', error });
    }
  };

  const finished = step.kind === 'result' || step.kind === 'failed';
  return (
    <Modal
      open
      title={request.title}
      onCancel={onClose}
      maskClosable={step.kind !== 'running'}
      okText={request.okText}
      cancelText={t('bulk.cancel')}
      okButtonProps={{
        danger: request.danger,
        loading: step.kind === 'running',
        disabled: step.kind === 'previewing' || (step.kind === 'preview' && step.report.summary.done === 0),
      }}
      onOk={() => void confirm()}
      // Once it has run there is nothing to cancel or confirm: one fresh button closes the report
      // (a fresh one, so the confirm button's loading state cannot linger on it). It takes the focus of
      // the confirm button it replaces, which would otherwise fall to <body>; the action's «Отменить»,
      // while offered, is one Shift+Tab before it.
      footer={(_, { OkBtn, CancelBtn }) =>
        finished ? (
          <>
            <UndoOfferButton
              ticketId={step.kind === 'result' ? step.report.undo?.id : undefined}
              onUsed={() => finish.current?.focus()}
            />
            <Button key="finish" ref={finish} type="primary" autoFocus onClick={onClose}>
              {t('bulk.finish')}
            </Button>
          </>
        ) : (
          <>
            <CancelBtn />
            <OkBtn />
          </>
        )
      }
      destroyOnHidden
    >
      {/* Closed by being removed (no request): the focus goes back to the bar, or the heading once it is gone. */}
      <FocusReturn />
      {step.kind === 'previewing' ? <Skeleton active title={false} paragraph={{ rows: 3 }} /> : null}
      {step.kind === 'failed' ? (
        <Alert type="error" showIcon role="alert" title={describeError(step.error, t)} />
      ) : null}
      {step.kind === 'preview' || step.kind === 'running' ? (
        <ReportView report={step.report} label={request.label} />
      ) : null}
      {step.kind === 'result' ? (
        <>
          <Result
            status={step.report.summary.done > 0 ? 'success' : 'info'}
            title={t('bulk.result.title', { value: step.report.summary.done })}
          />
          <ReportView report={step.report} label={request.label} />
        </>
      ) : null}
    </Modal>
  );
};

/** How many rows the change line names before «и ещё N». */
export const NAMED_ROWS = 5;

/**
 * Whom the change concerns, in a line: «a@x.ru, b@x.ru и ещё 3» (the language's own list: «、» in
 * Chinese and Japanese). Each name stays left to right on an RTL page.
 */
function ChangedRows<K extends string | number>({ ids, label }: { ids: K[]; label: (id: K) => string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  const named = ids.slice(0, NAMED_ROWS).map(label);
  const rest = ids.length - named.length;
  const items = rest > 0 ? [...named, t('bulk.more', { value: formatNumber(rest, locale) })] : named;
  const parts = new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).formatToParts(items);
  let elements = 0;
  return (
    <Typography.Paragraph type="secondary" className="bulk-changed" data-testid="bulk-changed">
      {parts.map((part, index) => {
        // The first elements are the names; the last may be «и ещё N».
        const isName = part.type === 'element' && elements++ < named.length;
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence, in order
        return isName ? <Ltr key={index}>{part.value}</Ltr> : part.value;
      })}
    </Typography.Paragraph>
  );
}

/**
 * The summary in figures and whom the change concerns, then the rows that did not (or will not)
 * change, each with its reason.
 */
function ReportView<K extends string | number>({
  report,
  label,
}: {
  report: BulkRunReport<K>;
  label: (id: K) => string;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  const { summary } = report;
  const tense = report.dryRun ? 'preview' : 'result';
  const figures = [
    { key: 'done', count: summary.done },
    { key: 'unchanged', count: summary.unchanged },
    { key: 'refused', count: summary.refused },
    { key: 'notFound', count: summary.notFound },
  ].filter((item) => item.key === 'done' || item.count > 0);
  const problems = report.results.filter((row) => row.outcome === 'refused' || row.outcome === 'not_found');
  const changed = report.results.filter((row) => row.outcome === 'done').map((row) => row.id);

  return (
    <>
      <Descriptions
        size="small"
        column={1}
        bordered
        className="bulk-report"
        items={figures.map((item) => ({
          key: item.key,
          label: t(`bulk.${tense}.${item.key}`),
          children: <span data-outcome={item.key}>{formatNumber(item.count, locale)}</span>,
        }))}
      />
      {changed.length > 0 ? <ChangedRows ids={changed} label={label} /> : null}
      {problems.length > 0 ? (
        <List
          size="small"
          className="bulk-problems"
          header={<Typography.Text strong>{t('bulk.problems')}</Typography.Text>}
          dataSource={problems.slice(0, 50)}
          renderItem={(row) => (
            <List.Item>
              <Ltr>{label(row.id)}</Ltr>
              <Typography.Text type="secondary">
                {row.outcome === 'not_found' ? t('bulk.notFound') : t(errorKey(row.code ?? 'CONFLICT'))}
              </Typography.Text>
            </List.Item>
          )}
        />
      ) : null}
    </>
  );
}
