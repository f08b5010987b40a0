import { UploadOutlined } from '@ant-design/icons';
import { TG_USERNAME_PATTERN, type TgCategory, type TgChannel, tgUsername } from '@pult/contract';
import type { UploadProps } from 'antd';
import { Alert, App, Button, Drawer, Flex, Form, Input, Select, Switch, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PresenceBar } from '../../../components/presence-bar';
import { describeError, errorCodeOf, fieldErrorsOf } from '../../../lib/describe-error';
import { applyServerErrors } from '../../../lib/form-errors';
import { formatDateTime } from '../../../lib/format';
import { useRecordPresence } from '../../../lib/presence';
import { useTheme } from '../../../lib/theme-store';
import { useSaveChannel, useUploadChannelIcon } from '../api/telegram-resources';
import { ChannelAvatar } from './channel-avatar';
import { RefreshButton } from './refresh-button';

interface Props {
  open: boolean;
  /** The channel to edit; null creates one. */
  channel: TgChannel | null;
  categories: TgCategory[];
  telegramConfigured: boolean;
  onClose: () => void;
}

interface FormValues {
  title: string;
  username: string;
  description: string;
  categoryId: number | undefined;
  published: boolean;
}

const ACCEPT = 'image/png,image/jpeg,image/webp,.png,.jpg,.jpeg,.webp';
const ICON_ERRORS = {
  FILE_TYPE_UNSUPPORTED: 'telegram.form.iconType',
  UNSUPPORTED_MEDIA_TYPE: 'telegram.form.iconType',
  FILE_TOO_LARGE: 'telegram.form.iconSize',
  PAYLOAD_TOO_LARGE: 'telegram.form.iconSize',
} as const;

const toForm = (channel: TgChannel | null, categories: TgCategory[]): FormValues => ({
  title: channel?.title ?? '',
  username: channel?.username ?? '',
  description: channel?.description ?? '',
  categoryId: channel?.categoryId ?? categories[0]?.id,
  published: channel?.published ?? true,
});

/** Create or edit a channel. Mounted afresh for each opening (the parent keys it), so it starts clean. */
export const ChannelDrawer = ({ open, channel, categories, telegramConfigured, onClose }: Props) => {
  const { t } = useTranslation();
  const { locale, direction } = useTheme();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [current, setCurrent] = useState<TgChannel | null>(channel);
  const [pendingIcon, setPendingIcon] = useState<File | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string>();
  const [iconError, setIconError] = useState<string | null>(null);
  const save = useSaveChannel();
  const upload = useUploadChannelIcon();
  const title = Form.useWatch('title', form);

  useEffect(() => {
    if (!pendingIcon) return setPreviewUrl(undefined);
    const url = URL.createObjectURL(pendingIcon);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [pendingIcon]);

  const sendIcon = async (id: number, file: File): Promise<boolean> => {
    setIconError(null);
    try {
      const url = await upload.mutateAsync({ id, file });
      setCurrent((value) => (value ? { ...value, icon: url } : value));
      setPendingIcon(null);
      return true;
    } catch (error) {
      setPendingIcon(null);
      setIconError(describeError(error, t, ICON_ERRORS));
      return false;
    }
  };

  // The request goes through the api client (token, refresh, error shape), not antd's own XHR.
  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess }) => {
    if (file instanceof File) {
      setIconError(null);
      setPendingIcon(file);
      if (current)
        void sendIcon(current.id, file).then((ok) => {
          if (ok) message.success(t('telegram.form.iconUploaded'));
        });
    }
    onSuccess?.(null);
  };

  const showServerError = (error: unknown) => {
    if (!applyServerErrors(form, error, t)) {
      message.error(describeError(error, t));
      return;
    }
    if (errorCodeOf(error) === 'VALIDATION_FAILED') return;
    // A refusal with a code of its own (a taken name) says its sentence next to the field.
    const sentence = describeError(error, t);
    form.setFields(fieldErrorsOf(error, t).map(({ name }) => ({ name: name as keyof FormValues, errors: [sentence] })));
  };

  const submit = async (values: FormValues) => {
    const body = { ...values, username: values.username.trim() };
    try {
      if (!current) {
        const created = await save.mutateAsync(body);
        if (pendingIcon && !(await sendIcon(created.id, pendingIcon))) {
          setCurrent(created);
          message.warning(t('telegram.form.createdWithoutIcon', { title: created.title }));
          return;
        }
        message.success(t('telegram.form.created', { title: created.title }));
        onClose();
        return;
      }
      await save.mutateAsync({ id: current.id, ...body });
      message.success(t('telegram.form.saved'));
      onClose();
    } catch (error) {
      showServerError(error);
    }
  };

  const saving = save.isPending || (upload.isPending && !current);
  // The open drawer of an existing channel is its form: it takes the soft edit lock while open.
  const presence = useRecordPresence('tg-channel', open ? current?.id : undefined, true);

  return (
    <Drawer
      title={current ? t('telegram.form.editTitle') : t('telegram.form.createTitle')}
      size={520}
      open={open}
      onClose={onClose}
      placement={direction === 'rtl' ? 'left' : 'right'}
      footer={
        <Flex justify="end" gap="small">
          <Button onClick={onClose}>{t('telegram.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            {current ? t('telegram.form.save') : t('telegram.form.create')}
          </Button>
        </Flex>
      }
    >
      {current ? <PresenceBar presence={presence} canTakeOver /> : null}
      {categories.length === 0 ? <Alert type="warning" showIcon title={t('telegram.noCategories')} /> : null}
      <Form<FormValues>
        form={form}
        layout="vertical"
        name="tg-channel"
        initialValues={toForm(channel, categories)}
        onFinish={submit}
        disabled={saving}
        requiredMark="optional"
      >
        <Form.Item name="title" label={t('telegram.form.title')} rules={[{ required: true, whitespace: true }]}>
          <Input maxLength={200} autoFocus />
        </Form.Item>
        <Form.Item
          name="username"
          label={t('telegram.form.username')}
          extra={t('telegram.form.usernameHint')}
          rules={[
            { required: true, whitespace: true },
            {
              validator: async (_rule, value: string | undefined) => {
                if (!value?.trim()) return;
                const parsed = tgUsername.safeParse(value);
                if (!parsed.success || !TG_USERNAME_PATTERN.test(parsed.data))
                  throw new Error(t('telegram.form.usernameInvalid'));
              },
            },
          ]}
        >
          <Input prefix="@" maxLength={64} autoComplete="off" spellCheck={false} />
        </Form.Item>
        <Form.Item name="categoryId" label={t('telegram.form.category')} rules={[{ required: true }]}>
          <Select
            options={categories.map((category) => ({ value: category.id, label: category.title }))}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
        <Form.Item name="description" label={t('telegram.form.description')}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={2000} showCount />
        </Form.Item>
        <Form.Item name="published" label={t('telegram.form.published')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          label={t('telegram.form.icon')}
          validateStatus={iconError ? 'error' : undefined}
          help={iconError ?? t('telegram.form.iconHint')}
        >
          <Flex gap="middle" align="center">
            <ChannelAvatar
              channel={{ icon: current?.icon ?? null, title: title || current?.title || '' }}
              size={64}
              previewUrl={previewUrl}
            />
            <Upload accept={ACCEPT} maxCount={1} showUploadList={false} customRequest={customRequest}>
              <Button icon={<UploadOutlined aria-hidden />} loading={upload.isPending}>
                {t('telegram.form.iconPick')}
              </Button>
            </Upload>
          </Flex>
        </Form.Item>
        {current ? (
          <Flex vertical gap="small">
            <RefreshButton
              channelId={current.id}
              configured={telegramConfigured}
              onRefreshed={(fresh) => {
                setCurrent(fresh);
                form.setFieldsValue({ title: fresh.title, description: fresh.description });
              }}
            />
            {telegramConfigured ? null : (
              <Typography.Text type="warning">{t('telegram.notConfigured')}</Typography.Text>
            )}
            <Typography.Text type="secondary">
              {current.checkedAt
                ? t('telegram.checkedAt', { date: formatDateTime(current.checkedAt, locale) })
                : t('telegram.neverChecked')}
            </Typography.Text>
          </Flex>
        ) : null}
      </Form>
    </Drawer>
  );
};
