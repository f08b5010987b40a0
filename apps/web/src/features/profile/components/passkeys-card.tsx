import type { PasskeyItem } from '@pult/contract';
import { Alert, Button, Card, Flex, Form, Input, type InputRef, Modal, Skeleton, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocaleId } from '../../../config/theme-config';
import { describeError, errorCodeOf } from '../../../lib/describe-error';
import { useFeedback } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { isPasskeyCancel, PasskeyElsewhereError } from '../../../lib/passkeys';
import { useAddPasskey, useMyPasskeys, useRemovePasskey, useRenamePasskey } from '../api/passkeys';
import { RecoveryCodes } from './recovery-codes';

/*
 * Each form has a name: antd prefixes its fields' ids with it, so the labels of the add form, the rename
 * dialog and the profile's password forms each lead to their own input (equal ids took the label away).
 */

/** The name field of adding and renaming: what the owner will recognise the key by. */
const nameRules = (message: string) => [{ required: true, whitespace: true, max: 64, message }];

/** Renaming one passkey, in a dialog. */
const RenameDialog = ({ passkey, onClose }: { passkey: PasskeyItem | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const rename = useRenamePasskey();
  const submit = async ({ name }: { name: string }) => {
    if (!passkey) return;
    try {
      await rename.mutateAsync({ id: passkey.id, name: name.trim() });
      onClose();
    } catch (error) {
      message.error(describeError(error, t));
    }
  };
  return (
    <Modal
      open={passkey !== null}
      title={t('profile.passkeys.renameTitle')}
      onCancel={onClose}
      okText={t('profile.passkeys.save')}
      okButtonProps={{ loading: rename.isPending, htmlType: 'submit', form: 'rename-passkey' }}
      cancelText={t('profile.security.cancel')}
      destroyOnHidden
    >
      <Form
        name="rename-passkey"
        layout="vertical"
        onFinish={submit}
        requiredMark={false}
        initialValues={{ name: passkey?.name }}
      >
        <Form.Item name="name" label={t('profile.passkeys.name')} rules={nameRules(t('profile.passkeys.nameRequired'))}>
          <Input maxLength={64} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
};

/** Removing one passkey: the password, in a dialog that names the key (a destructive action is confirmed). */
const RemoveDialog = ({ passkey, onClose }: { passkey: PasskeyItem | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<{ password: string }>();
  const remove = useRemovePasskey();
  const submit = async ({ password }: { password: string }) => {
    if (!passkey) return;
    try {
      await remove.mutateAsync({ id: passkey.id, password });
      message.success(t('profile.passkeys.removed'));
      onClose();
    } catch (error) {
      if (errorCodeOf(error) === 'INVALID_CREDENTIALS')
        form.setFields([{ name: 'password', errors: [t('profile.security.wrongPassword')] }]);
      else message.error(describeError(error, t));
    }
  };
  return (
    <Modal
      open={passkey !== null}
      title={t('profile.passkeys.removeTitle', { name: passkey?.name ?? '' })}
      onCancel={onClose}
      okText={t('profile.passkeys.remove')}
      okButtonProps={{ danger: true, loading: remove.isPending, htmlType: 'submit', form: 'remove-passkey' }}
      cancelText={t('profile.security.cancel')}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('profile.passkeys.removeText')}</Typography.Paragraph>
      <Form name="remove-passkey" form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item name="password" label={t('profile.security.password')} rules={[{ required: true }]}>
          <Input.Password autoComplete="current-password" autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
};

/**
 * «Ключи доступа»: one's passkeys (WebAuthn, docs/decisions/0041) with the date each was added and last
 * used; add one under a name, rename, remove. On a page at another host than the passkeys' domain the card
 * links to the address where they work.
 */
export const PasskeysCard = () => {
  const { t, i18n } = useTranslation();
  const { message } = useFeedback();
  const locale = i18n.language as LocaleId;
  const passkeys = useMyPasskeys();
  const add = useAddPasskey();
  const [form] = Form.useForm<{ name: string }>();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [renaming, setRenaming] = useState<PasskeyItem | null>(null);
  const [removing, setRemoving] = useState<PasskeyItem | null>(null);
  const nameField = useRef<InputRef>(null);

  const submit = async ({ name }: { name: string }) => {
    try {
      const added = await add.mutateAsync(name.trim());
      form.resetFields();
      if (added.recoveryCodes) setCodes(added.recoveryCodes);
      else message.success(t('profile.passkeys.added'));
    } catch (error) {
      const text =
        error instanceof PasskeyElsewhereError
          ? `${t('profile.passkeys.elsewhere')} ${error.address}`
          : isPasskeyCancel(error)
            ? t('profile.passkeys.cancelled')
            : describeError(error, t);
      form.setFields([{ name: 'name', errors: [text] }]);
      nameField.current?.focus();
    }
  };

  const body = () => {
    if (!passkeys.data) return passkeys.error ? describeError(passkeys.error, t) : <Skeleton active />;
    if (codes)
      return (
        <RecoveryCodes
          codes={codes}
          onDone={() => {
            setCodes(null);
            message.success(t('profile.passkeys.added'));
          }}
        />
      );
    const { origin, items } = passkeys.data;
    const here = origin === window.location.origin;
    return (
      <>
        <Typography.Paragraph type="secondary">{t('profile.passkeys.hint')}</Typography.Paragraph>
        {items.length === 0 ? (
          <Typography.Paragraph>{t('profile.passkeys.none')}</Typography.Paragraph>
        ) : (
          <ul className="profile-sessions" aria-label={t('profile.passkeys.title')}>
            {items.map((item) => (
              <li key={item.id} className="profile-session">
                <div>
                  <Typography.Text strong>{item.name}</Typography.Text>
                  <Typography.Text type="secondary" className="profile-session-meta">
                    {t('profile.passkeys.createdAt')}: {formatDateTime(item.createdAt, locale)} ·{' '}
                    {t('profile.passkeys.lastUsedAt')}:{' '}
                    {item.lastUsedAt ? formatDateTime(item.lastUsedAt, locale) : t('profile.passkeys.never')}
                  </Typography.Text>
                </div>
                <Flex gap="small" wrap>
                  <Button
                    onClick={() => setRenaming(item)}
                    aria-label={t('profile.passkeys.renameLabel', { name: item.name })}
                  >
                    {t('profile.passkeys.rename')}
                  </Button>
                  <Button
                    danger
                    onClick={() => setRemoving(item)}
                    aria-label={t('profile.passkeys.removeLabel', { name: item.name })}
                  >
                    {t('profile.passkeys.remove')}
                  </Button>
                </Flex>
              </li>
            ))}
          </ul>
        )}
        {origin === null ? (
          <Alert type="info" showIcon title={t('profile.passkeys.unavailable')} />
        ) : here ? (
          <Form
            name="add-passkey"
            form={form}
            layout="vertical"
            onFinish={submit}
            requiredMark={false}
            className="profile-passkey-add"
          >
            <Form.Item
              name="name"
              label={t('profile.passkeys.newName')}
              rules={nameRules(t('profile.passkeys.nameRequired'))}
              extra={t('profile.passkeys.newNameHint')}
            >
              <Input ref={nameField} maxLength={64} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={add.isPending}>
              {t('profile.passkeys.add')}
            </Button>
          </Form>
        ) : (
          <Alert
            type="info"
            showIcon
            title={
              <>
                {t('profile.passkeys.elsewhere')} <a href={`${origin}/app/profile`}>{origin}</a>
              </>
            }
          />
        )}
      </>
    );
  };

  return (
    <Card title={t('profile.passkeys.title')} className="profile-account" data-testid="passkeys-card">
      {body()}
      <RenameDialog passkey={renaming} onClose={() => setRenaming(null)} />
      <RemoveDialog passkey={removing} onClose={() => setRemoving(null)} />
    </Card>
  );
};
