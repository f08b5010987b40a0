import { ExportOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { type PromoSeries, type PromoTheme, type PromoThemeAnswer, themeImageKinds } from '@pult/contract';
import { Alert, Button, Card, Col, Flex, Form, Input, Row, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConflictDialog } from '../../../components/conflict-dialog';
import { useFeedback } from '../../../lib/feedback';
import { changedPaths, nestedConflictFields, withPaths } from '../../../lib/nested-fields';
import { usePublicConfig } from '../../../lib/resources/public-config';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useVersionConflict } from '../../../lib/use-version-conflict';
import { usePromoTheme, useUpdatePromoTheme } from '../api/theme';
import { themeFieldLabel } from '../lib/series-fields';
import { ColorField } from './color-field';
import { PreviewFrame } from './preview-frame';
import { ThemeImageField } from './theme-image-field';

type ThemeValues = Pick<PromoTheme, 'colors' | 'texts'>;

const HEX = /^#[0-9a-fA-F]{6}$/;
const COLOR_KEYS = ['primary', 'background', 'text'] as const;

/** The draft as the preview may draw it: a colour still being typed shows the saved one. */
const previewTheme = (saved: PromoTheme, draft: Partial<ThemeValues> | undefined): PromoTheme => ({
  images: saved.images,
  texts: { ...saved.texts, ...draft?.texts },
  colors: {
    primary: HEX.test(draft?.colors?.primary ?? '') ? (draft?.colors?.primary as string) : saved.colors.primary,
    background: HEX.test(draft?.colors?.background ?? '')
      ? (draft?.colors?.background as string)
      : saved.colors.background,
    text: HEX.test(draft?.colors?.text ?? '') ? (draft?.colors?.text as string) : saved.colors.text,
  },
});

export const landingPath = (id: number) => `/promo/${id}`;

/** What the form edits of a theme: its colours and texts (images change by upload). */
const formValuesOf = (theme: PromoTheme): ThemeValues => ({ colors: theme.colors, texts: theme.texts });
const formKeyOf = (theme: PromoTheme) => JSON.stringify([theme.colors, theme.texts]);

/** «Оформление»: colours, texts and images of the series' landing page, with a live preview. */
export const ThemeEditor = ({ series }: { series: PromoSeries }) => {
  const theme = usePromoTheme(series.id);
  const { t } = useTranslation();
  // The theme the form was opened on: its colours and texts fill the form, its version goes with the save
  // (If-Match). A newer theme (someone saved, the live stream refetched) takes its place while the form has
  // no unsaved edits, or when only the images changed (an upload of one's own); otherwise the edits stay
  // and the save shows what differs (412, the conflict dialog).
  const [opened, setOpened] = useState<PromoThemeAnswer | null>(null);
  const [dirty, setDirty] = useState(false);
  const latest = theme.data;
  const newer =
    latest !== undefined &&
    latest !== opened &&
    (!opened || (latest.version >= opened.version && (!dirty || formKeyOf(latest) === formKeyOf(opened))));
  if (newer) setOpened(latest);
  if (theme.isPending) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (theme.isError) return <Alert type="error" showIcon title={t('promoCodes.theme.loadFailed')} />;
  const base = opened ?? theme.data;
  // A new form whenever the colours and texts it was opened on change, so «Отменить» returns to them;
  // the images always as they are now.
  return (
    <ThemeForm
      key={formKeyOf(base)}
      series={series}
      opened={base}
      images={theme.data.images}
      onDirty={setDirty}
      onOpened={(next) => {
        setDirty(false);
        setOpened(next);
      }}
    />
  );
};

interface FormProps {
  series: PromoSeries;
  /** The theme the form was opened on (its version is the save's If-Match). */
  opened: PromoThemeAnswer;
  images: PromoTheme['images'];
  onDirty(dirty: boolean): void;
  /** The form now edits this theme: after a save, or «take theirs» in a conflict. */
  onOpened(theme: PromoThemeAnswer): void;
}

const ThemeForm = ({ series, opened, images, onDirty, onOpened }: FormProps) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<ThemeValues>();
  const draft = Form.useWatch([], form) as Partial<ThemeValues> | undefined;
  const config = usePublicConfig();
  const update = useUpdatePromoTheme(series.id);
  const saved: PromoTheme = { ...formValuesOf(opened), images };
  const preview = previewTheme(saved, draft);
  const dirty = JSON.stringify([preview.colors, preview.texts]) !== JSON.stringify([saved.colors, saved.texts]);
  const enabled = series.status === 'enabled';
  useUnsavedChanges(dirty);
  useEffect(() => onDirty(dirty), [dirty, onDirty]);
  const versionConflict = useVersionConflict<PromoThemeAnswer, ThemeValues>();
  const { conflict } = versionConflict;

  /** Sends `values` over `version`. */
  const send = async (values: ThemeValues, version: number) => {
    const answer = await update.mutateAsync({ body: { colors: values.colors, texts: values.texts }, version });
    message.success(t('promoCodes.theme.saved'));
    versionConflict.close();
    onOpened(answer);
  };
  const saveFailed = () => message.error(t('promoCodes.theme.saveFailed'));

  /** A stale version opens the conflict dialog with the theme as it is now. */
  const save = (values: ThemeValues) =>
    void send(values, opened.version).catch((error: unknown) => {
      if (!versionConflict.catchStale(error, values)) saveFailed();
    });

  /**
   * «Keep mine»: the colours and texts the person changed since the form was opened go over the theme as it
   * is now, at its version; the parts only the other person changed keep the other person's value.
   */
  const keepMine = () =>
    versionConflict.keepMine(
      ({ now, values }) =>
        send(withPaths(formValuesOf(now), values, changedPaths(formValuesOf(opened), values)), now.version),
      saveFailed,
    );

  const hexRule = { pattern: HEX, message: t('promoCodes.validation.color') };

  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} xl={10}>
        <Form<ThemeValues>
          form={form}
          layout="vertical"
          initialValues={formValuesOf(opened)}
          onFinish={save}
          name="promo-theme"
        >
          <Flex vertical gap="middle">
            <Card size="small" title={t('promoCodes.theme.colors')}>
              <Row gutter={12}>
                {COLOR_KEYS.map((key) => (
                  <Col xs={24} sm={8} key={key}>
                    <Form.Item
                      name={['colors', key]}
                      label={t(`promoCodes.theme.color.${key}`)}
                      rules={[{ required: true, message: t('promoCodes.validation.color') }, hexRule]}
                    >
                      <ColorField label={t(`promoCodes.theme.color.${key}`)} />
                    </Form.Item>
                  </Col>
                ))}
              </Row>
            </Card>
            <Card size="small" title={t('promoCodes.theme.texts')}>
              <Form.Item name={['texts', 'headline']} label={t('promoCodes.theme.headline')}>
                <Input maxLength={120} showCount />
              </Form.Item>
              <Form.Item name={['texts', 'subtitle']} label={t('promoCodes.theme.subtitle')}>
                <Input.TextArea maxLength={300} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
              </Form.Item>
              <Form.Item
                name={['texts', 'buttonText']}
                label={t('promoCodes.theme.buttonText')}
                rules={[{ required: true, whitespace: true, message: t('promoCodes.validation.required') }]}
              >
                <Input maxLength={40} showCount />
              </Form.Item>
            </Card>
            <Card size="small" title={t('promoCodes.theme.imagesTitle')}>
              <Flex vertical gap="middle">
                {themeImageKinds.map((kind) => (
                  <ThemeImageField
                    key={kind}
                    seriesId={series.id}
                    kind={kind}
                    path={images[kind]}
                    filesBaseUrl={config.data?.filesBaseUrl}
                    unsavedEdits={dirty}
                  />
                ))}
              </Flex>
            </Card>
            <Flex gap="small" wrap className="theme-actions">
              <Button
                type="primary"
                htmlType="submit"
                icon={<SaveOutlined />}
                loading={update.isPending}
                disabled={!dirty}
              >
                {t('promoCodes.theme.save')}
              </Button>
              <Button icon={<UndoOutlined />} onClick={() => form.resetFields()} disabled={!dirty || update.isPending}>
                {t('promoCodes.theme.reset')}
              </Button>
              {dirty ? (
                <Typography.Text type="warning" className="theme-unsaved">
                  {t('promoCodes.theme.unsaved')}
                </Typography.Text>
              ) : null}
            </Flex>
          </Flex>
        </Form>
      </Col>
      <Col xs={24} xl={14}>
        <Card
          size="small"
          title={t('promoCodes.theme.preview')}
          className="theme-preview-card"
          extra={
            <Button
              type="link"
              size="small"
              icon={<ExportOutlined />}
              href={landingPath(series.id)}
              target="_blank"
              rel="noopener"
              disabled={!enabled}
            >
              {t('promoCodes.theme.openLanding')}
            </Button>
          }
        >
          <Flex vertical gap="middle">
            {!enabled ? <Alert type="info" showIcon title={t('promoCodes.theme.landingDisabled')} /> : null}
            <PreviewFrame theme={preview} filesBaseUrl={config.data?.filesBaseUrl} />
          </Flex>
        </Card>
      </Col>
      {conflict ? (
        <ConflictDialog
          open
          fields={nestedConflictFields(conflict.values, formValuesOf(conflict.now), (path) => themeFieldLabel(path, t))}
          saving={update.isPending}
          onCancel={versionConflict.close}
          onTakeTheirs={() => {
            versionConflict.close();
            onOpened(conflict.now);
          }}
          onKeepMine={keepMine}
        />
      ) : null}
    </Row>
  );
};
