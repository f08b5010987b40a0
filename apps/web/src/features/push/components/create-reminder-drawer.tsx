import {
  type AudienceBody,
  fromWallClockIn,
  PUSH_BODY_MAX,
  PUSH_CONFIRM_ABOVE,
  PUSH_TITLE_MAX,
  type PushCategory,
  pushCategories,
  type Reminder,
  type ReminderType,
  reminderTypes,
  renderPlaceholders,
} from '@pult/contract';
import { Alert, Button, Checkbox, DatePicker, Drawer, Flex, Form, Input, Radio, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocaleId } from '../../../config/theme-config';
import { describeError } from '../../../lib/describe-error';
import { useFeedback } from '../../../lib/feedback';
import { applyServerErrors } from '../../../lib/form-errors';
import { formatCount } from '../../../lib/format';
import { useAudienceCount, useCreateReminder, usePreviewUser, useTestSend } from '../api/reminders';
import { fitDrawer } from '../lib/fit-drawer';
import { useSchedulingZone } from '../lib/use-scheduling-zone';
import { soonIn } from '../lib/zone-time';
import { AB_DEFAULTS, AbTestFields, type AbValues, abBody } from './ab-test-fields';
import { PhonePreview } from './phone-preview';
import { UserPicker } from './user-picker';

interface Values {
  title: string;
  body: string;
  deeplink?: string;
  type: ReminderType;
  category: PushCategory;
  userIds?: number[];
  /** The picker's fields are read on the scheduling zone's clock, whatever the browser's zone. */
  scheduledAt: Dayjs;
  localTime: boolean;
  ab: AbValues;
}

const toInstant = (zone: string, value: Dayjs) =>
  fromWallClockIn(zone, {
    year: value.year(),
    month: value.month(),
    day: value.date(),
    hour: value.hour(),
    minute: value.minute(),
  });

/** A picker value showing the zone's clock a few minutes from now. */
const soonOn = (zone: string) => {
  const wall = soonIn(zone, 10);
  return dayjs(new Date(wall.year, wall.month, wall.day, wall.hour, wall.minute));
};

interface Props {
  open: boolean;
  onClose: () => void;
  onCreated: (reminder: Reminder) => void;
}

/** «Новое уведомление»: compose, target with a live count, preview, test, schedule. */
export const CreateReminderDrawer = ({ open, onClose, onCreated }: Props) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  const scheduling = useSchedulingZone();
  const { message, modal } = useFeedback();
  const [form] = Form.useForm<Values>();
  const create = useCreateReminder();
  const testSend = useTestSend();
  const [fieldError, setFieldError] = useState(false);
  const [testUser, setTestUser] = useState<number>();
  const previewUser = usePreviewUser(testUser).data;
  // {firstName} and {planTitle} as the test user would read them (fallbacks while nobody is picked).
  const personal = {
    firstName: previewUser?.firstName ?? null,
    planTitle: previewUser?.register?.status === 'active' ? previewUser.register.planTitle : null,
  };
  const title = Form.useWatch('title', form) ?? '';
  const body = Form.useWatch('body', form) ?? '';
  const type = Form.useWatch('type', form) ?? 'all';
  const userIds = Form.useWatch('userIds', form);
  const category = Form.useWatch('category', form) ?? 'service';
  const audience: AudienceBody | undefined = useMemo(
    () => (type === 'users' ? (userIds?.length ? { type, userIds, category } : undefined) : { type, category }),
    [type, userIds, category],
  );
  const count = useAudienceCount(open ? audience : undefined);

  // The form's first value was drawn on the fallback zone's clock if the settings' zone arrived later
  // (a fast click after a page load): once the zone is known, an untouched time follows it.
  useEffect(() => {
    if (!form.isFieldTouched('scheduledAt')) form.setFieldValue('scheduledAt', soonOn(scheduling.zone));
  }, [form, scheduling.zone]);

  const schedule = (values: Values) => {
    const send = () =>
      create.mutate(
        {
          title: values.title,
          body: values.body,
          type: values.type,
          category: values.category,
          userIds: values.type === 'users' ? values.userIds : undefined,
          deeplink: values.deeplink?.trim() || null,
          scheduledAt: toInstant(scheduling.zone, values.scheduledAt).toISOString(),
          localTime: values.localTime,
          ab: abBody(values.ab),
        },
        {
          onSuccess: (reminder) => {
            message.success(t('push.create.done'));
            form.resetFields();
            onClose();
            onCreated(reminder);
          },
          onError: (error) => setFieldError(applyServerErrors(form, error, t)),
        },
      );
    const devices = count.data?.devices ?? 0;
    if (devices > PUSH_CONFIRM_ABOVE)
      modal.confirm({
        title: t('push.create.confirmTitle'),
        content: t('push.create.confirmText', {
          devices: formatCount(devices, count.data?.isEstimate ?? false, locale),
        }),
        okText: t('push.create.submit'),
        cancelText: t('push.common.cancel'),
        onOk: send,
      });
    else send();
  };

  /**
   * The reach of the audience chosen now, never of the one before: nothing while no user is picked,
   * «counting» while a new count is on its way (the last one stays in the cache only to avoid a jump).
   */
  const audienceText = () => {
    if (!audience) return t(type === 'users' ? 'push.create.audiencePickUsers' : 'push.create.audienceUnknown');
    if (!count.data || count.isPlaceholderData) return t('push.create.audienceCounting');
    const reach = t('push.create.audience', {
      users: formatCount(count.data.users, count.data.isEstimate, locale),
      devices: formatCount(count.data.devices, count.data.isEstimate, locale),
    });
    return category === 'advertising'
      ? `${reach} · ${t('push.create.withoutConsent', { count: formatCount(count.data.withoutConsent, count.data.isEstimate, locale) })}`
      : reach;
  };

  const runTest = async () => {
    if (!testUser) return;
    try {
      const values = await form.validateFields(['title', 'body', 'deeplink']);
      testSend.mutate(
        { title: values.title, body: values.body, deeplink: values.deeplink?.trim() || null, userId: testUser },
        {
          onSuccess: (result) => message.success(t('push.test.done', { sent: result.sent, devices: result.devices })),
          onError: (error) => message.error(describeError(error, t)),
        },
      );
    } catch {
      // The form shows what is missing.
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={fitDrawer(640)}
      title={t('push.create.title')}
      destroyOnHidden
      footer={
        <Flex justify="end" gap="small">
          <Button onClick={onClose}>{t('push.common.cancel')}</Button>
          <Button type="primary" loading={create.isPending} onClick={() => form.submit()}>
            {t('push.create.submit')}
          </Button>
        </Flex>
      }
    >
      {create.error && !fieldError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('push.create.failed')}
          description={describeError(create.error, t)}
        />
      ) : null}
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={schedule}
        initialValues={{
          type: 'all',
          category: 'service',
          localTime: false,
          scheduledAt: soonOn(scheduling.zone),
          ab: AB_DEFAULTS,
        }}
      >
        <Form.Item
          name="title"
          label={t('push.fields.title')}
          rules={[{ required: true, whitespace: true, message: t('push.form.required') }]}
        >
          <Input maxLength={PUSH_TITLE_MAX} showCount />
        </Form.Item>
        <Form.Item
          name="body"
          label={t('push.fields.body')}
          rules={[{ required: true, whitespace: true, message: t('push.form.required') }]}
        >
          <Input.TextArea maxLength={PUSH_BODY_MAX} showCount autoSize={{ minRows: 3, maxRows: 6 }} />
        </Form.Item>
        <Form.Item name="deeplink" label={t('push.fields.deeplink')} extra={t('push.form.deeplinkHint')}>
          <Input placeholder="/plans" />
        </Form.Item>
        <AbTestFields form={form} />
        <Form.Item name="category" label={t('push.fields.category')} extra={t(`push.category.${category}Hint`)}>
          <Radio.Group options={pushCategories.map((value) => ({ value, label: t(`push.category.${value}`) }))} />
        </Form.Item>
        <Form.Item name="type" label={t('push.fields.audience')}>
          <Radio.Group options={reminderTypes.map((value) => ({ value, label: t(`push.type.${value}`) }))} />
        </Form.Item>
        {type === 'users' ? (
          <Form.Item
            name="userIds"
            label={t('push.fields.users')}
            rules={[{ required: true, message: t('push.form.required') }]}
          >
            <UserPicker multiple />
          </Form.Item>
        ) : null}
        <Typography.Paragraph data-testid="audience-count" type="secondary" aria-live="polite">
          {audienceText()}
        </Typography.Paragraph>
        <Form.Item
          name="scheduledAt"
          label={t('push.fields.scheduledAt')}
          extra={t('push.form.zoneHint', { zone: scheduling.label(scheduling.zone) })}
          rules={[{ required: true, message: t('push.form.required') }]}
          className="push-scheduled-at"
        >
          <DatePicker showTime={{ format: 'HH:mm' }} format="DD.MM.YYYY HH:mm" allowClear={false} />
        </Form.Item>
        {/* Right under the time it qualifies, at every width (beside it, a blank label left a gap when it wrapped). */}
        <Form.Item name="localTime" valuePropName="checked">
          <Checkbox>{t('push.fields.localTime')}</Checkbox>
        </Form.Item>
      </Form>
      <PhonePreview
        title={renderPlaceholders(title, personal)}
        body={renderPlaceholders(body, personal)}
        appName={t('push.preview.appName')}
      />
      <Typography.Paragraph type="secondary">{t('push.preview.placeholders')}</Typography.Paragraph>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        <label htmlFor="push-test-user">{t('push.test.title')}</label>
      </Typography.Title>
      <Flex gap="small" wrap className="push-test-row">
        <div className="push-test-user">
          <UserPicker id="push-test-user" value={testUser} onChange={(value) => setTestUser(value as number)} />
        </div>
        <Button onClick={runTest} loading={testSend.isPending} disabled={!testUser}>
          {t('push.test.submit')}
        </Button>
      </Flex>
    </Drawer>
  );
};
