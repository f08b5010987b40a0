import type { TotpEnrolment } from '@pult/contract';
import { Alert, Button, Card, Flex, Form, Input, Modal, Skeleton, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QrCode } from '../../../components/qr-code';
import type { LocaleId } from '../../../config/theme-config';
import { describeError, errorCodeOf } from '../../../lib/describe-error';
import { useFeedback } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { useConfirmTotp, useMyFactors, useRemoveTotp, useStartTotp } from '../api/security';
import { RecoveryCodes } from './recovery-codes';

/** The QR code, the key for typing by hand, and the first code that confirms the app holds it. */
const Enrolment = ({
  enrolment,
  onCancel,
  onConfirmed,
}: {
  enrolment: TotpEnrolment;
  onCancel: () => void;
  onConfirmed: (codes: string[]) => void;
}) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string }>();
  const confirm = useConfirmTotp();
  const submit = async ({ code }: { code: string }) => {
    try {
      onConfirmed((await confirm.mutateAsync(code.trim())).recoveryCodes);
    } catch (error) {
      const text =
        errorCodeOf(error) === 'MFA_CODE_INVALID' ? t('profile.security.wrongCode') : describeError(error, t);
      form.setFields([{ name: 'code', value: '', errors: [text] }]);
    }
  };
  return (
    <div className="profile-enrolment">
      <Typography.Paragraph>{t('profile.security.scan')}</Typography.Paragraph>
      <Flex gap="large" wrap align="flex-start">
        <QrCode value={enrolment.otpauthUri} label={t('profile.security.qr')} />
        <div className="profile-enrolment-form">
          <Typography.Paragraph>
            {t('profile.security.secret')}:{' '}
            <Typography.Text code data-testid="totp-secret">
              {enrolment.secret}
            </Typography.Text>
          </Typography.Paragraph>
          <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
            <Form.Item
              name="code"
              label={t('profile.security.code')}
              rules={[{ required: true, pattern: /^\s*\d{6}\s*$/, message: t('auth.mfa.codeText') }]}
            >
              <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} autoFocus />
            </Form.Item>
            <Flex gap="small" wrap>
              <Button type="primary" htmlType="submit" loading={confirm.isPending}>
                {t('profile.security.confirm')}
              </Button>
              <Button onClick={onCancel}>{t('profile.security.cancel')}</Button>
            </Flex>
          </Form>
        </div>
      </Flex>
    </div>
  );
};

/** Turning the factor off: the password and a code (from the app or a recovery code), in a dialog. */
const RemoveDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<{ password: string; code: string }>();
  const remove = useRemoveTotp();
  const submit = async (values: { password: string; code: string }) => {
    try {
      await remove.mutateAsync({ password: values.password, code: values.code.trim() });
      message.success(t('profile.security.disabled'));
      form.resetFields();
      onClose();
    } catch (error) {
      const code = errorCodeOf(error);
      if (code === 'INVALID_CREDENTIALS')
        form.setFields([{ name: 'password', errors: [t('profile.security.wrongPassword')] }]);
      else if (code === 'MFA_CODE_INVALID')
        form.setFields([{ name: 'code', value: '', errors: [t('profile.security.wrongCode')] }]);
      else message.error(describeError(error, t));
    }
  };
  return (
    <Modal
      open={open}
      title={t('profile.security.disableTitle')}
      onCancel={onClose}
      okText={t('profile.security.disable')}
      okButtonProps={{ danger: true, loading: remove.isPending, htmlType: 'submit', form: 'remove-totp' }}
      cancelText={t('profile.security.cancel')}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('profile.security.disableText')}</Typography.Paragraph>
      <Form id="remove-totp" form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item name="password" label={t('profile.security.password')} rules={[{ required: true }]}>
          <Input.Password autoComplete="current-password" autoFocus />
        </Form.Item>
        <Form.Item name="code" label={t('profile.security.anyCode')} rules={[{ required: true }]}>
          <Input autoComplete="one-time-code" maxLength={32} />
        </Form.Item>
      </Form>
    </Modal>
  );
};

/** One's own second factor: set up an authenticator app, see its state, turn it off (docs/decisions/0035). */
export const SecurityCard = () => {
  const { t, i18n } = useTranslation();
  const { message } = useFeedback();
  const factors = useMyFactors();
  const start = useStartTotp();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [removing, setRemoving] = useState(false);
  const enableButton = useRef<HTMLButtonElement>(null);

  const begin = async () => {
    try {
      setEnrolment(await start.mutateAsync());
    } catch (error) {
      message.error(describeError(error, t));
    }
  };

  const body = () => {
    if (!factors.data) return factors.error ? describeError(factors.error, t) : <Skeleton active />;
    if (codes)
      return (
        <RecoveryCodes
          codes={codes}
          onDone={() => {
            setCodes(null);
            message.success(t('profile.security.enabled'));
          }}
        />
      );
    if (enrolment)
      return (
        <Enrolment
          enrolment={enrolment}
          onCancel={() => {
            setEnrolment(null);
            requestAnimationFrame(() => enableButton.current?.focus());
          }}
          onConfirmed={(recoveryCodes) => {
            setEnrolment(null);
            setCodes(recoveryCodes);
          }}
        />
      );
    const { totp, totpConfirmedAt, recoveryCodesLeft, required, passkeys } = factors.data;
    const anyFactor = totp || passkeys > 0;
    return (
      <>
        {required && !anyFactor ? <Alert type="warning" showIcon title={t('profile.security.required')} /> : null}
        <Typography.Paragraph className="profile-security-state">
          {totp && totpConfirmedAt
            ? t('profile.security.on', { date: formatDateTime(totpConfirmedAt, i18n.language as LocaleId) })
            : anyFactor
              ? t('profile.security.appOff')
              : t('profile.security.off')}
          {anyFactor ? ` ${t('profile.security.codesLeft', { count: recoveryCodesLeft })}` : null}
        </Typography.Paragraph>
        {totp ? (
          <Button danger onClick={() => setRemoving(true)}>
            {t('profile.security.disable')}
          </Button>
        ) : (
          <Button ref={enableButton} type="primary" loading={start.isPending} onClick={() => void begin()}>
            {t('profile.security.enable')}
          </Button>
        )}
      </>
    );
  };

  return (
    <Card title={t('profile.security.title')} className="profile-account" data-testid="security-card">
      {body()}
      <RemoveDialog open={removing} onClose={() => setRemoving(false)} />
    </Card>
  );
};
