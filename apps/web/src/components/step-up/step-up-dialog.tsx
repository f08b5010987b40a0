import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError, errorCodeOf } from '../../lib/describe-error';
import { isPasskeyCancel, PasskeyElsewhereError } from '../../lib/passkeys';
import { myFactors, stepUpWith, stepUpWithPasskey } from './step-up-api';

type Way = 'password' | 'code' | 'recovery';

/**
 * «Подтвердите, что это вы»: the proof a dangerous action asks for. An account with a second factor
 * gives a code of its app, a passkey or a recovery code; one without, its password.
 */
const StepUpDialog = ({ onDone }: { onDone: (confirmed: boolean) => void }) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ secret: string }>();
  const factors = useQuery({ queryKey: ['step-up', 'factors'], queryFn: myFactors, gcTime: 0 });
  const [chosen, setChosen] = useState<Way | null>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const data = factors.data;
  const hasFactor = Boolean(data && (data.totp || data.passkeys > 0));
  const way: Way = chosen ?? (!hasFactor ? 'password' : data?.totp ? 'code' : 'recovery');

  const run = async (proof: () => Promise<unknown>) => {
    setPending(true);
    setFailure(null);
    try {
      await proof();
      onDone(true);
    } catch (error) {
      setPending(false);
      const code = errorCodeOf(error);
      if (error instanceof PasskeyElsewhereError) setFailure(`${t('stepUp.passkeyElsewhere')} ${error.address}`);
      else if (isPasskeyCancel(error)) setFailure(t('stepUp.passkeyCancelled'));
      else if (code === 'INVALID_CREDENTIALS' || code === 'MFA_CODE_INVALID' || code === 'PASSKEY_INVALID') {
        form.setFields([{ name: 'secret', value: '', errors: [t(`stepUp.wrong.${way}`)] }]);
      } else setFailure(describeError(error, t));
    }
  };

  const submit = ({ secret }: { secret: string }) =>
    run(() => stepUpWith(way === 'password' ? { password: secret } : { code: secret.trim() }));

  const label = t(`stepUp.field.${way}`);
  return (
    <Modal
      open
      title={t('stepUp.title')}
      onCancel={() => onDone(false)}
      okText={t('stepUp.confirm')}
      okButtonProps={{ loading: pending, htmlType: 'submit', form: 'step-up', disabled: !data }}
      cancelText={t('stepUp.cancel')}
      destroyOnHidden
      maskClosable={false}
    >
      <Typography.Paragraph type="secondary">{t('stepUp.text')}</Typography.Paragraph>
      {failure ? <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} /> : null}
      {factors.isError ? <Alert type="error" showIcon message={describeError(factors.error, t)} /> : null}
      {!data && !factors.isError ? <Skeleton active paragraph={{ rows: 1 }} /> : null}
      {data ? (
        <Form id="step-up" form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item
            key={way}
            name="secret"
            label={label}
            rules={[{ required: true, whitespace: true, message: t('stepUp.required') }]}
          >
            {way === 'password' ? (
              <Input.Password autoComplete="current-password" autoFocus />
            ) : (
              <Input
                autoComplete="one-time-code"
                inputMode={way === 'code' ? 'numeric' : 'text'}
                maxLength={way === 'code' ? 6 : 32}
                autoFocus
              />
            )}
          </Form.Item>
          {data.passkeys > 0 ? (
            <Button block disabled={pending} onClick={() => void run(stepUpWithPasskey)} style={{ marginBottom: 8 }}>
              {t('stepUp.usePasskey')}
            </Button>
          ) : null}
          {data.totp && way !== 'code' ? (
            <Button type="link" onClick={() => setChosen('code')}>
              {t('stepUp.useCode')}
            </Button>
          ) : null}
          {hasFactor && way !== 'recovery' && data.recoveryCodesLeft > 0 ? (
            <Button type="link" onClick={() => setChosen('recovery')}>
              {t('stepUp.useRecovery')}
            </Button>
          ) : null}
        </Form>
      ) : null}
    </Modal>
  );
};

export default StepUpDialog;
