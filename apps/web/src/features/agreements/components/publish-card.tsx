import type { Agreement, AgreementType } from '@pult/contract';
import { AGREEMENT_CONTENT_MAX } from '@pult/contract';
import { Button, Card, Form, Input, Tabs } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/describe-error';
import { useFeedback } from '../../../lib/feedback';
import { applyServerErrors } from '../../../lib/form-errors';
import { usePublishAgreement } from '../api/agreements-queries';
import { Markdown } from '../lib/markdown';

interface Values {
  title: string;
  content: string;
}

/** The editor of the next version: Markdown with a preview, published only after a confirmation. */
export const PublishCard = ({ type, current }: { type: AgreementType; current?: Agreement }) => {
  const { t } = useTranslation();
  const { modal, message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const publish = usePublishAgreement();
  const content = Form.useWatch('content', form) ?? '';

  // Start from the current text: a new version is usually an edit of the last one.
  useEffect(() => {
    form.setFieldsValue({ title: current?.title ?? '', content: current?.content ?? '' });
  }, [current?.title, current?.content, form]);

  const submit = (values: Values) =>
    modal.confirm({
      title: t('agreements.publish.confirmTitle'),
      content: t('agreements.publish.confirmText', { version: (current?.version ?? 0) + 1 }),
      okText: t('agreements.publish.confirmOk'),
      cancelText: t('agreements.common.cancel'),
      onOk: async () => {
        try {
          const published = await publish.mutateAsync({ type, ...values });
          message.success(t('agreements.publish.done', { version: published.version }));
        } catch (error) {
          applyServerErrors(form, error, t);
          message.error(describeError(error, t));
        }
      },
    });

  return (
    <Card title={t('agreements.publish.title')}>
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          name="title"
          label={t('agreements.fields.title')}
          rules={[{ required: true, whitespace: true, max: 200 }]}
        >
          <Input maxLength={200} />
        </Form.Item>
        <Tabs
          items={[
            {
              key: 'edit',
              label: t('agreements.publish.edit'),
              children: (
                <Form.Item
                  name="content"
                  label={t('agreements.fields.content')}
                  extra={t('agreements.publish.markdownHint')}
                  rules={[{ required: true, whitespace: true, max: AGREEMENT_CONTENT_MAX }]}
                >
                  <Input.TextArea autoSize={{ minRows: 12, maxRows: 30 }} data-testid="agreement-editor" />
                </Form.Item>
              ),
            },
            {
              key: 'preview',
              label: t('agreements.publish.preview'),
              children: <Markdown source={content} />,
            },
          ]}
        />
        <Button type="primary" htmlType="submit" loading={publish.isPending}>
          {t('agreements.publish.submit')}
        </Button>
      </Form>
    </Card>
  );
};
