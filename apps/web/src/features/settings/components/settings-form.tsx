import type { SettingsValues, SystemSettings } from '@pult/contract';
import { App, Button, Card, Col, Form, Input, InputNumber, Row, Select, Skeleton, Switch, Typography } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ConflictDialog } from '../../../components/conflict-dialog';
import { PresenceBar } from '../../../components/presence-bar';
import type { LocaleId } from '../../../config/theme-config';
import { describeError } from '../../../lib/describe-error';
import { applyServerErrors } from '../../../lib/form-errors';
import { formatDateTime } from '../../../lib/format';
import { changedPaths, nestedConflictFields, withPaths } from '../../../lib/nested-fields';
import { useRecordPresence } from '../../../lib/presence';
import { useVersionConflict, type VersionConflict } from '../../../lib/use-version-conflict';
import { useSaveSettings, useSettings } from '../api/settings-queries';
import { SETTINGS_FIELD_VALUES, settingsFieldLabel } from '../lib/settings-fields';
import { AnalyticsFields } from './analytics-fields';
import { RetentionFields } from './retention-fields';
import { SignInFields } from './sign-in-fields';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Every IANA zone the browser knows; the server checks the same way. */
const timeZones = (): string[] => {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? ['Europe/Moscow', 'UTC'];
};

/** The settings' values without who saved them when and the version. */
const valuesOf = ({ updatedAt: _at, updatedBy: _by, version: _version, ...values }: SystemSettings): SettingsValues =>
  values;

/** The system settings form: saved together, validated here and on the server, audit-logged there. */
export const SettingsForm = () => {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<SettingsValues>();
  const settings = useSettings();
  const save = useSaveSettings();
  const zones = useMemo(() => timeZones().map((zone) => ({ value: zone, label: zone })), []);
  const quietEnabled = Form.useWatch(['pushQuietHours', 'enabled'], form);
  // The settings are one record (id 1): an admin on this screen edits it, and others see who (0043).
  const presence = useRecordPresence('settings', settings.data ? 1 : undefined, true);

  // The settings as the form was last filled from: a save goes over their version (If-Match). A newer
  // version (someone else saved, the live stream refetched) fills the form only while the person has not
  // touched it; otherwise their edits stay and the save shows the difference (412, the conflict dialog).
  const base = useRef<SystemSettings | null>(null);
  useEffect(() => {
    if (!settings.data) return;
    if (base.current && form.isFieldsTouched()) return;
    base.current = settings.data;
    form.setFieldsValue(settings.data);
  }, [settings.data, form]);
  const versionConflict = useVersionConflict<SystemSettings, SettingsValues>();
  const { conflict } = versionConflict;

  if (!settings.data) return <Card>{settings.error ? describeError(settings.error, t) : <Skeleton active />}</Card>;

  /** After a save: the form holds what was saved, untouched, and later saves go over its version. */
  const saved = (record: SystemSettings) => {
    base.current = record;
    form.resetFields();
    form.setFieldsValue(record);
    versionConflict.close();
    message.success(t('settings.saved'));
  };

  const showError = (error: unknown) => {
    if (!applyServerErrors(form, error, t)) message.error(describeError(error, t));
  };

  const submit = async (values: SettingsValues) => {
    const opened = base.current ?? settings.data;
    if (!opened) return;
    try {
      saved(await save.mutateAsync({ body: values, version: opened.version }));
    } catch (error) {
      if (!versionConflict.catchStale(error, values)) showError(error);
    }
  };

  /**
   * «Keep mine»: the fields the person changed since the form was opened go over the settings as they are
   * now, at their version; fields only the other person changed keep the other person's value.
   */
  const keepMine = async ({ now, values }: VersionConflict<SystemSettings, SettingsValues>) => {
    const opened = base.current ?? now;
    const mine = changedPaths(valuesOf(opened), values);
    const body = withPaths(valuesOf(now), values, mine);
    saved(await save.mutateAsync({ body, version: now.version }));
  };

  const takeTheirs = (now: SystemSettings) => {
    base.current = now;
    form.resetFields();
    form.setFieldsValue(now);
    versionConflict.close();
  };

  return (
    <Card>
      <PresenceBar presence={presence} canTakeOver />
      <Form form={form} layout="vertical" onFinish={submit} initialValues={settings.data} data-testid="settings-form">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="projectName"
              label={t('settings.fields.projectName')}
              extra={t('settings.hints.projectName')}
              rules={[{ required: true, whitespace: true, max: 80 }]}
            >
              <Input maxLength={80} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="supportContact"
              label={t('settings.fields.supportContact')}
              rules={[{ required: true, whitespace: true, max: 200 }]}
            >
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="defaultTimeZone"
              label={t('settings.fields.defaultTimeZone')}
              extra={t('settings.hints.defaultTimeZone')}
              rules={[{ required: true }]}
            >
              <Select showSearch options={zones} />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Title level={5}>{t('settings.sections.quietHours')}</Typography.Title>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name={['pushQuietHours', 'enabled']}
              label={t('settings.fields.quietEnabled')}
              valuePropName="checked"
            >
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item
              name={['pushQuietHours', 'start']}
              label={t('settings.fields.quietStart')}
              rules={[{ required: true, pattern: TIME, message: t('settings.hints.time') }]}
            >
              <Input placeholder="22:00" disabled={!quietEnabled} />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item
              name={['pushQuietHours', 'end']}
              label={t('settings.fields.quietEnd')}
              rules={[{ required: true, pattern: TIME, message: t('settings.hints.time') }]}
            >
              <Input placeholder="09:00" disabled={!quietEnabled} />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Title level={5}>{t('settings.sections.advertisingCaps')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('settings.hints.advertisingCaps')}</Typography.Paragraph>
        <Row gutter={16}>
          <Col xs={12} md={8}>
            <Form.Item name={['pushAdvertisingCaps', 'perDay']} label={t('settings.fields.capPerDay')}>
              <InputNumber min={1} max={100} precision={0} className="settings-number" placeholder="—" />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name={['pushAdvertisingCaps', 'perWeek']} label={t('settings.fields.capPerWeek')}>
              <InputNumber min={1} max={700} precision={0} className="settings-number" placeholder="—" />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Title level={5}>{t('settings.sections.promoLimits')}</Typography.Title>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name={['promoActivationLimits', 'perUser']}
              label={t('settings.fields.perUser')}
              rules={[{ required: true }]}
            >
              <InputNumber min={1} max={1000} precision={0} className="settings-number" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name={['promoActivationLimits', 'perIp']}
              label={t('settings.fields.perIp')}
              rules={[{ required: true }]}
            >
              <InputNumber min={1} max={100000} precision={0} className="settings-number" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name={['promoActivationLimits', 'windowMinutes']}
              label={t('settings.fields.windowMinutes')}
              rules={[{ required: true }]}
            >
              <InputNumber min={1} max={1440} precision={0} className="settings-number" />
            </Form.Item>
          </Col>
        </Row>
        <SignInFields />
        <RetentionFields />
        <AnalyticsFields />
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('settings.save')}
        </Button>
        {settings.data.updatedAt ? (
          <Typography.Text type="secondary" className="settings-updated">
            {t('settings.updatedAt', { date: formatDateTime(settings.data.updatedAt, i18n.language as LocaleId) })}
          </Typography.Text>
        ) : null}
      </Form>
      {conflict ? (
        <ConflictDialog
          open
          fields={nestedConflictFields(conflict.values, valuesOf(conflict.now), (path) => settingsFieldLabel(path, t))}
          fieldValues={SETTINGS_FIELD_VALUES}
          saving={save.isPending}
          onCancel={versionConflict.close}
          onTakeTheirs={() => takeTheirs(conflict.now)}
          onKeepMine={() => versionConflict.keepMine(keepMine, showError)}
        />
      ) : null}
    </Card>
  );
};
