import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  AB_HOLDOUT_MAX,
  AB_TEST_HOURS_MAX,
  abRest,
  PUSH_BODY_MAX,
  PUSH_TITLE_MAX,
  PUSH_VARIANTS_MAX,
} from '@pult/contract';
import { Button, Card, Checkbox, Flex, Form, type FormInstance, Input, InputNumber, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The composer's A/B values: texts B–D, a share per text (A first), the holdout and the test window. */
export interface AbValues {
  enabled: boolean;
  variants: { title: string; body: string }[];
  split: number[];
  holdout: number;
  testHours: number;
}

/** A test on a fifth of the audience each, the rest gets the winner four hours later. */
export const AB_DEFAULTS: AbValues = {
  enabled: false,
  variants: [{ title: '', body: '' }],
  split: [10, 10],
  holdout: 0,
  testHours: 4,
};

export const LETTERS = ['A', 'B', 'C', 'D'] as const;

/** What the composer sends: null when the test is off; a window only when some of the audience waits for the winner. */
export const abBody = (ab: AbValues | undefined) => {
  if (!ab?.enabled) return null;
  const split = ab.split.slice(0, ab.variants.length + 1);
  const holdout = ab.holdout ?? 0;
  return { variants: ab.variants, split, holdout, testHours: abRest({ split, holdout }) > 0 ? ab.testHours : null };
};

/**
 * «A/B-тест»: the push's own text is A; up to three more, each with its share of the audience, a holdout
 * that receives nothing (to measure the texts against silence), and the rest, which waits for the
 * winner after the test window. Shares are whole percents; what is left is shown as it is typed.
 */
export const AbTestFields = ({ form }: { form: FormInstance }) => {
  const { t } = useTranslation();
  const ab = (Form.useWatch('ab', { form, preserve: true }) as AbValues | undefined) ?? AB_DEFAULTS;
  if (!ab.enabled)
    return (
      <Form.Item name={['ab', 'enabled']} valuePropName="checked">
        <Checkbox>{t('push.ab.enable')}</Checkbox>
      </Form.Item>
    );
  const texts = ab.variants.length + 1;
  const split = ab.split.slice(0, texts).map((share) => share ?? 0);
  const rest = abRest({ split, holdout: ab.holdout ?? 0 });
  const sharePaths = [...LETTERS.slice(0, texts).map((_, index) => ['ab', 'split', index]), ['ab', 'holdout']];
  const others = (path: (string | number)[]) => sharePaths.filter((other) => other.join('.') !== path.join('.'));
  const shareRule = {
    validator: () => (rest < 0 ? Promise.reject(new Error(t('push.ab.tooMuch'))) : Promise.resolve()),
  };
  return (
    <Card size="small" className="push-ab" title={t('push.ab.title')}>
      <Form.Item name={['ab', 'enabled']} valuePropName="checked">
        <Checkbox>{t('push.ab.enable')}</Checkbox>
      </Form.Item>
      <Typography.Paragraph type="secondary">{t('push.ab.hint')}</Typography.Paragraph>
      <Form.List name={['ab', 'variants']}>
        {(fields, { add, remove }) => (
          <Flex vertical gap="small">
            {fields.map((field, index) => (
              <Card
                key={field.key}
                size="small"
                type="inner"
                title={t('push.ab.variant', { letter: LETTERS[index + 1] })}
                extra={
                  fields.length > 1 ? (
                    <Button
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label={t('push.ab.remove', { letter: LETTERS[index + 1] })}
                      onClick={() => {
                        remove(field.name);
                        // The removed text's share goes with it; later texts move up a letter.
                        const shares = [...(form.getFieldValue(['ab', 'split']) as number[])];
                        shares.splice(index + 1, 1);
                        form.setFieldValue(['ab', 'split'], shares);
                      }}
                    />
                  ) : null
                }
              >
                {/* Named with the letter: two fields called «Заголовок» in one form cannot be told apart by ear. */}
                <Form.Item
                  name={[field.name, 'title']}
                  label={t('push.ab.variantTitle', { letter: LETTERS[index + 1] })}
                  rules={[{ required: true, whitespace: true, message: t('push.form.required') }]}
                >
                  <Input maxLength={PUSH_TITLE_MAX} showCount />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'body']}
                  label={t('push.ab.variantBody', { letter: LETTERS[index + 1] })}
                  rules={[{ required: true, whitespace: true, message: t('push.form.required') }]}
                >
                  <Input.TextArea maxLength={PUSH_BODY_MAX} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
                </Form.Item>
              </Card>
            ))}
            {fields.length < PUSH_VARIANTS_MAX - 1 ? (
              <Button
                icon={<PlusOutlined />}
                onClick={() => {
                  add({ title: '', body: '' });
                  const shares = [...(form.getFieldValue(['ab', 'split']) as number[])];
                  shares[fields.length + 1] = 10;
                  form.setFieldValue(['ab', 'split'], shares);
                }}
              >
                {t('push.ab.add')}
              </Button>
            ) : null}
          </Flex>
        )}
      </Form.List>
      <Flex gap="middle" wrap className="push-ab-shares" style={{ marginTop: 16 }}>
        {LETTERS.slice(0, texts).map((letter, index) => (
          <Form.Item
            key={letter}
            name={['ab', 'split', index]}
            label={t('push.ab.share', { letter })}
            rules={[{ required: true, message: t('push.form.required') }, shareRule]}
            // A total fixed in another field clears this one's message too.
            dependencies={others(['ab', 'split', index])}
          >
            <InputNumber min={1} max={100} suffix="%" style={{ width: 110 }} />
          </Form.Item>
        ))}
        <Form.Item
          name={['ab', 'holdout']}
          label={t('push.ab.holdout')}
          rules={[shareRule]}
          dependencies={others(['ab', 'holdout'])}
        >
          <InputNumber min={0} max={AB_HOLDOUT_MAX} suffix="%" style={{ width: 110 }} />
        </Form.Item>
      </Flex>
      <Typography.Paragraph data-testid="ab-rest" aria-live="polite" type={rest < 0 ? 'danger' : 'secondary'}>
        {rest < 0 ? t('push.ab.tooMuch') : rest > 0 ? t('push.ab.rest', { percent: rest }) : t('push.ab.noRest')}
      </Typography.Paragraph>
      {rest > 0 ? (
        <Form.Item
          name={['ab', 'testHours']}
          label={t('push.ab.testHours')}
          extra={t('push.ab.testHoursHint')}
          rules={[{ required: true, message: t('push.form.required') }]}
        >
          <InputNumber min={1} max={AB_TEST_HOURS_MAX} style={{ width: 110 }} />
        </Form.Item>
      ) : null}
    </Card>
  );
};
