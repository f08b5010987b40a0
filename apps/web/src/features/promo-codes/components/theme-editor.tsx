import { ExportOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { type PromoSeries, type PromoTheme, themeImageKinds } from '@pult/contract';
import { Alert, App, Button, Card, Col, Flex, Form, Input, Row, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../../lib/resources/public-config';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { usePromoTheme, useUpdatePromoTheme } from '../api/theme';
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

/** «Оформление»: colours, texts and images of the series' landing page, with a live preview. */
export const ThemeEditor = ({ series }: { series: PromoSeries }) => {
  const theme = usePromoTheme(series.id);
  const { t } = useTranslation();
  if (theme.isPending) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (theme.isError) return <Alert type="error" showIcon title={t('promoCodes.theme.loadFailed')} />;
  // A new form whenever the saved colours and texts change, so «Отменить» returns to them.
  const version = JSON.stringify([theme.data.colors, theme.data.texts]);
  return <ThemeForm key={version} series={series} saved={theme.data} />;
};

const ThemeForm = ({ series, saved }: { series: PromoSeries; saved: PromoTheme }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ThemeValues>();
  const draft = Form.useWatch([], form) as Partial<ThemeValues> | undefined;
  const config = usePublicConfig();
  const update = useUpdatePromoTheme(series.id);
  const preview = previewTheme(saved, draft);
  const dirty = JSON.stringify([preview.colors, preview.texts]) !== JSON.stringify([saved.colors, saved.texts]);
  const enabled = series.status === 'enabled';
  useUnsavedChanges(dirty);

  const save = (values: ThemeValues) =>
    update.mutate(
      { colors: values.colors, texts: values.texts },
      {
        onSuccess: () => message.success(t('promoCodes.theme.saved')),
        onError: () => message.error(t('promoCodes.theme.saveFailed')),
      },
    );

  const hexRule = { pattern: HEX, message: t('promoCodes.validation.color') };

  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} xl={10}>
        <Form<ThemeValues> form={form} layout="vertical" initialValues={saved} onFinish={save} name="promo-theme">
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
                    path={saved.images[kind]}
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
    </Row>
  );
};
