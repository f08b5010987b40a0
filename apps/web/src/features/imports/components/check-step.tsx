import type { ImportState } from '@pult/contract';
import { Alert, Button, Flex, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DownloadErrorsButton } from './download-errors-button';
import { ImportCounts } from './import-counts';
import { RowErrorsTable } from './row-errors-table';
import { RowUpdatesTable } from './row-updates-table';

interface CheckStepProps {
  state: ImportState;
  onInvalid: 'skip' | 'abort';
  busy: boolean;
  onChoose: (choice: 'skip' | 'abort') => void;
  onBack: () => void;
  onImport: () => void;
}

/** Step 3: the dry run's verdict, row by row (refused, and updating a record with what changes), and the choice of what to do with refused rows. */
export const CheckStep = ({ state, onInvalid, busy, onChoose, onBack, onImport }: CheckStepProps) => {
  const { t } = useTranslation();
  const nothingToImport = state.valid === 0;
  return (
    <Flex vertical gap="middle">
      <ImportCounts state={state} />
      {state.toUpdate > 0 ? <RowUpdatesTable updates={state.updates} total={state.toUpdate} /> : null}
      {state.invalid > 0 ? (
        <>
          <RowErrorsTable errors={state.errors} total={state.invalid} />
          <Flex>
            <DownloadErrorsButton id={state.id} />
          </Flex>
          <Radio.Group
            aria-label={t('imports.check.choice')}
            value={onInvalid}
            onChange={(event) => onChoose(event.target.value as 'skip' | 'abort')}
            options={[
              { value: 'skip', label: t('imports.check.skip', { n: state.valid }) },
              { value: 'abort', label: t('imports.check.abort') },
            ]}
          />
        </>
      ) : (
        <Alert type="success" showIcon title={t('imports.check.allValid', { n: state.valid })} />
      )}
      {nothingToImport ? <Typography.Text type="warning">{t('imports.check.nothing')}</Typography.Text> : null}
      <Flex justify="space-between" gap="small" wrap>
        <Button onClick={onBack}>{t('imports.back')}</Button>
        <Button type="primary" loading={busy} disabled={nothingToImport} onClick={onImport}>
          {t('imports.check.import')}
        </Button>
      </Flex>
    </Flex>
  );
};
