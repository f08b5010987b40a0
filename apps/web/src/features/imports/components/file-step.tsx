import { InboxOutlined } from '@ant-design/icons';
import type { ImportExistingMode } from '@pult/contract';
import { Button, Flex, Form, Radio, Select, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Encoding } from '../lib/import-options';

interface FileStepProps {
  file: File | null;
  encoding: Encoding | undefined;
  /** Offered only for kinds a file may update. */
  onExisting?: ImportExistingMode;
  busy: boolean;
  onFile: (file: File) => void;
  onEncoding: (encoding: Encoding | undefined) => void;
  onExistingChange: (mode: ImportExistingMode) => void;
  onNext: () => void;
}

/** Step 1: the file (CSV or XLSX), its encoding when the guess is wrong, and what rows of known records do. */
export const FileStep = ({
  file,
  encoding,
  onExisting,
  busy,
  onFile,
  onEncoding,
  onExistingChange,
  onNext,
}: FileStepProps) => {
  const { t } = useTranslation();
  return (
    <Flex vertical gap="middle">
      <Upload.Dragger
        accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        maxCount={1}
        showUploadList={false}
        beforeUpload={(chosen) => {
          onFile(chosen);
          // Kept in the page and sent with each check: nothing is uploaded by the picker itself.
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined aria-hidden />
        </p>
        <p className="ant-upload-text">{t('imports.file.drop')}</p>
        <p className="ant-upload-hint">{t('imports.file.hint')}</p>
      </Upload.Dragger>
      {file ? (
        <Typography.Text data-testid="import-file-name">
          {t('imports.file.chosen', { name: file.name })}
        </Typography.Text>
      ) : null}
      <Form layout="vertical">
        <Form.Item label={t('imports.file.encoding')} htmlFor="import-encoding" extra={t('imports.file.encodingHint')}>
          <Select
            id="import-encoding"
            value={encoding ?? 'auto'}
            onChange={(value: string) => onEncoding(value === 'auto' ? undefined : (value as Encoding))}
            options={[
              { value: 'auto', label: t('imports.file.encodingAuto') },
              { value: 'utf-8', label: 'UTF-8' },
              { value: 'windows-1251', label: 'Windows-1251' },
            ]}
            style={{ maxWidth: 320 }}
          />
        </Form.Item>
        {onExisting ? (
          <Form.Item label={t('imports.file.existing')} extra={t('imports.file.existingHint')}>
            <Radio.Group
              aria-label={t('imports.file.existing')}
              value={onExisting}
              onChange={(event) => onExistingChange(event.target.value as ImportExistingMode)}
              options={[
                { value: 'refuse', label: t('imports.file.existingRefuse') },
                { value: 'update', label: t('imports.file.existingUpdate') },
              ]}
            />
          </Form.Item>
        ) : null}
      </Form>
      <Flex justify="end">
        <Button type="primary" disabled={!file} loading={busy} onClick={onNext}>
          {t('imports.file.next')}
        </Button>
      </Flex>
    </Flex>
  );
};
