import { UploadOutlined } from '@ant-design/icons';
import { TG_USERNAME_PATTERN, type TgCategory, type TgChannel, tgUsername } from '@pult/contract';
import type { UploadProps } from 'antd';
import { Alert, Button, Drawer, Flex, Form, Input, Select, Switch, Typography, Upload } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConflictDialog } from '../../../components/conflict-dialog';
import { EditWithHistory } from '../../../components/edit-with-history';
import { PresenceBar } from '../../../components/presence-bar';
import { describeError, errorCodeOf, fieldErrorsOf } from '../../../lib/describe-error';
import { useFeedback } from '../../../lib/feedback';
import { applyServerErrors } from '../../../lib/form-errors';
import { formatDateTime } from '../../../lib/format';
import { useRecordPresence } from '../../../lib/presence';
import { useTheme } from '../../../lib/theme-store';
import { useVersionConflict } from '../../../lib/use-version-conflict';
import {
  channelRevisionsKey,
  loadChannelRevisions,
  restoreChannelRevision,
  tgChannelKeys,
  useSaveChannel,
  useUploadChannelIcon,
} from '../api/telegram-resources';
import {
  CHANNEL_FIELD_LABELS,
  channelChanges,
  channelConflictFields,
  channelFieldValues,
  type ChannelFormValues as FormValues,
  channelToFormValues as toForm,
} from '../lib/channel-form';
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

const ACCEPT = 'image/png,image/jpeg,image/webp,.png,.jpg,.jpeg,.webp';
const ICON_ERRORS = {
  FILE_TYPE_UNSUPPORTED: 'telegram.form.iconType',
  UNSUPPORTED_MEDIA_TYPE: 'telegram.form.iconType',
  FILE_TOO_LARGE: 'telegram.form.iconSize',
  PAYLOAD_TOO_LARGE: 'telegram.form.iconSize',
} as const;

/** Create or edit a channel. Mounted afresh for each opening (the parent keys it), so it starts clean. */
export const ChannelDrawer = ({ open, channel, categories, telegramConfigured, onClose }: Props) => {
  const { t } = useTranslation();
  const { locale, direction } = useTheme();
  const { message } = useFeedback();
  const [form] = Form.useForm<FormValues>();
  const [current, setCurrent] = useState<TgChannel | null>(channel);
  const [pendingIcon, setPendingIcon] = useState<File | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string>();
  const [iconError, setIconError] = useState<string | null>(null);
  const save = useSaveChannel();
  const upload = useUploadChannelIcon();
  const title = Form.useWatch('title', form);
  // Category ids read as their titles in the history and the conflict dialog.
  const fieldValues = useMemo(() => channelFieldValues(categories), [categories]);
  const fieldLabel = (field: string) => t(CHANNEL_FIELD_LABELS[field] ?? field);

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
      // The upload is a change of its own (the next version): the form's later save is sent over it.
      setCurrent((value) => (value ? { ...value, icon: url, version: value.version + 1 } : value));
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
      await saveChanges(current, values, current.version);
    } catch (error) {
      if (!versionConflict.catchStale(error, values)) showServerError(error);
    }
  };

  /**
   * Sends what the person changed from `base` (the channel as the form opened it) over `version`: after a
   * conflict, «keep mine» sends the same changes over the newer version, so fields only the other person
   * changed keep their value.
   */
  const saveChanges = async (base: TgChannel, values: FormValues, version: number) => {
    const changes = channelChanges(base, values);
    if (Object.keys(changes).length > 0) {
      await save.mutateAsync({ id: base.id, ...changes, version });
      message.success(t('telegram.form.saved'));
    }
    versionConflict.close();
    onClose();
  };
  const versionConflict = useVersionConflict<TgChannel, FormValues>();
  const { conflict } = versionConflict;
  const conflictRows = conflict
    ? channelConflictFields(conflict.values, toForm(conflict.now, categories), fieldLabel)
    : [];

  const saving = save.isPending || (upload.isPending && !current);
  // The open drawer of an existing channel is its form: it takes the soft edit lock while open.
  const presence = useRecordPresence('tg-channel', open ? current?.id : undefined, true);

  const channelForm = (
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
          {telegramConfigured ? null : <Typography.Text type="warning">{t('telegram.notConfigured')}</Typography.Text>}
          <Typography.Text type="secondary">
            {current.checkedAt
              ? t('telegram.checkedAt', { date: formatDateTime(current.checkedAt, locale) })
              : t('telegram.neverChecked')}
          </Typography.Text>
        </Flex>
      ) : null}
    </Form>
  );

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
      <EditWithHistory
        edit={channelForm}
        history={
          current && {
            queryKey: channelRevisionsKey(current.id),
            invalidateKey: tgChannelKeys.all,
            load: (signal) => loadChannelRevisions(current.id, signal),
            restore: (revisionId) => restoreChannelRevision(current.id, revisionId),
            fieldLabel,
            fieldValues,
          }
        }
      />
      {conflict ? (
        <ConflictDialog
          open
          fields={conflictRows}
          fieldValues={fieldValues}
          saving={save.isPending}
          onCancel={versionConflict.close}
          onTakeTheirs={() => {
            setCurrent(conflict.now);
            form.setFieldsValue(toForm(conflict.now, categories));
            versionConflict.close();
          }}
          onKeepMine={() => {
            if (current)
              versionConflict.keepMine(({ now, values }) => saveChanges(current, values, now.version), showServerError);
          }}
        />
      ) : null}
    </Drawer>
  );
};
