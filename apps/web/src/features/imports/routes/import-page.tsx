import type { ImportExistingMode, ImportKind, ImportState } from '@pult/contract';
import { Card, Flex, Result, Spin, Steps, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { describeError } from '../../../lib/describe-error';
import { useUrlState } from '../../../lib/use-url-state';
import { useImport, useStartImport } from '../api/imports-queries';
import { CheckStep } from '../components/check-step';
import { FileStep } from '../components/file-step';
import { ImportResult } from '../components/import-result';
import { MappingStep } from '../components/mapping-step';
import { type Encoding, importParams, mayUpdate, recallMapping, rememberMapping } from '../lib/import-options';
import '../components/imports.css';
import { useFeedback } from '../../../lib/feedback';

type Step = 'file' | 'mapping' | 'check';
const STEPS = ['file', 'mapping', 'check', 'result'] as const;

const finished = (state: ImportState | undefined) =>
  state !== undefined && state.status !== 'queued' && state.status !== 'running';

/** Each step's heading takes the focus when the step opens, so a keyboard user starts there. */
const StepHeading = ({ children }: { children: string }) => {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Typography.Title level={2} className="imports-step-title" tabIndex={-1} ref={ref}>
      {children}
    </Typography.Title>
  );
};

/**
 * `/app/imports?kind=users|promo-codes|tg-channels[&seriesId=]`: the import wizard — a file, its columns
 * (guessed from the headers, or as last time), a dry run with every refused row and why, the import
 * itself; `?id=` follows an import to its result, with «Скачать ошибки» and «Отменить импорт».
 */
export const ImportPage = () => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [search, update] = useUrlState(importParams);
  const [step, setStep] = useState<Step>('file');
  const [file, setFile] = useState<File | null>(null);
  const [encoding, setEncoding] = useState<Encoding | undefined>();
  const [checkId, setCheckId] = useState<number | undefined>();
  const [mapping, setMapping] = useState<Record<string, number> | undefined>();
  const [onInvalid, setOnInvalid] = useState<'skip' | 'abort'>('skip');
  const [onExisting, setOnExisting] = useState<ImportExistingMode>('refuse');
  const start = useStartImport();
  const check = useImport(checkId);
  const followed = useImport(search.id);
  const kind: ImportKind | undefined = search.kind ?? followed.data?.kind;

  // The first check read the file's headers: offer the columns as last time, else as the server guessed.
  const checked = check.data;
  useEffect(() => {
    if (!checked || !finished(checked) || mapping !== undefined || !kind) return;
    setMapping({ ...checked.mapping, ...recallMapping(kind, checked.columns) });
  }, [checked, mapping, kind]);

  if (search.id !== undefined) {
    return (
      <Flex vertical gap="middle">
        <PageTitle>{t('imports.title')}</PageTitle>
        <Steps current={3} items={STEPS.map((key) => ({ title: t(`imports.steps.${key}`) }))} responsive />
        <Card>
          {followed.isError ? (
            <Result status="warning" title={describeError(followed.error, t)} />
          ) : followed.data ? (
            <ImportResult state={followed.data} />
          ) : (
            <Spin />
          )}
        </Card>
      </Flex>
    );
  }

  if (!kind)
    return (
      <Flex vertical gap="middle">
        <PageTitle>{t('imports.title')}</PageTitle>
        <Result status="info" title={t('imports.noKind')} />
      </Flex>
    );
  const seriesId = kind === 'promo-codes' ? search.seriesId : undefined;

  const send = (options: { dryRun: boolean; mapping?: Record<string, number> }) => {
    if (!file) return Promise.resolve(undefined);
    return start
      .mutateAsync({ file, options: { kind, seriesId, encoding, onInvalid, onExisting, ...options } })
      .then((created) => created.id)
      .catch((error: unknown) => {
        void message.error(describeError(error, t));
        return undefined;
      });
  };

  const firstCheck = async () => {
    setMapping(undefined);
    const id = await send({ dryRun: true });
    if (id === undefined) return;
    setCheckId(id);
    setStep('mapping');
  };
  const recheck = async () => {
    const id = await send({ dryRun: true, mapping });
    if (id === undefined) return;
    setCheckId(id);
    setStep('check');
  };
  const runImport = async () => {
    if (checked && mapping) rememberMapping(kind, checked.columns, mapping);
    const id = await send({ dryRun: false, mapping });
    if (id !== undefined) update({ id, kind: undefined, seriesId: undefined });
  };

  const waiting = !finished(checked);
  return (
    <Flex vertical gap="middle">
      <div>
        <PageTitle>{t('imports.title')}</PageTitle>
        <Typography.Text type="secondary">{t(`imports.kinds.${kind}`)}</Typography.Text>
      </div>
      <Steps
        current={STEPS.indexOf(step)}
        items={STEPS.map((key) => ({ title: t(`imports.steps.${key}`) }))}
        responsive
      />
      <Card>
        {step === 'file' ? (
          <>
            <StepHeading>{t('imports.steps.file')}</StepHeading>
            <FileStep
              file={file}
              encoding={encoding}
              onExisting={mayUpdate(kind) ? onExisting : undefined}
              busy={start.isPending}
              onFile={setFile}
              onEncoding={setEncoding}
              onExistingChange={setOnExisting}
              onNext={() => void firstCheck()}
            />
          </>
        ) : waiting || !checked ? (
          <Flex vertical align="center" gap="small" role="status">
            <Spin />
            <Typography.Text>{t('imports.reading')}</Typography.Text>
          </Flex>
        ) : checked.status === 'failed' ? (
          <Result
            status="error"
            title={t(`imports.failures.${checked.failure}`, { defaultValue: t('imports.failures.other') })}
          />
        ) : step === 'mapping' ? (
          <>
            <StepHeading>{t('imports.steps.mapping')}</StepHeading>
            <MappingStep
              kind={kind}
              columns={checked.columns}
              mapping={mapping ?? checked.mapping}
              busy={start.isPending}
              onChange={setMapping}
              onBack={() => setStep('file')}
              onCheck={() => void recheck()}
            />
          </>
        ) : (
          <>
            <StepHeading>{t('imports.steps.check')}</StepHeading>
            <CheckStep
              state={checked}
              onInvalid={onInvalid}
              busy={start.isPending}
              onChoose={setOnInvalid}
              onBack={() => setStep('mapping')}
              onImport={() => void runImport()}
            />
          </>
        )}
      </Card>
    </Flex>
  );
};
