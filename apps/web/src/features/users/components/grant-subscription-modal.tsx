import type { Subscription, User } from '@pult/contract';
import { Alert, Descriptions, Empty, Form, Modal, Select, Skeleton } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocaleId } from '../../../config/theme-config';
import { describeError } from '../../../lib/describe-error';
import { Duration } from '../../../lib/duration';
import { useFeedback } from '../../../lib/feedback';
import { formatDate, formatMoney } from '../../../lib/format';
import { useEnabledPlans } from '../../../lib/resources/plans';
import { useGrantSubscription } from '../api/grant-subscription';
import { grantExpiry, preselectedPlan } from '../grant-expiry';

interface Props {
  user: User;
  subscriptions: readonly Subscription[];
  open: boolean;
  onClose: () => void;
}

/**
 * «Выдать подписку»: enabled plans, the yearly one preselected, and the expiry the grant
 * will set shown before it is confirmed.
 */
export const GrantSubscriptionModal = ({ user, subscriptions, open, onClose }: Props) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  const { message } = useFeedback();
  const plans = useEnabledPlans(open);
  const grant = useGrantSubscription();
  const [planId, setPlanId] = useState<number | null>(null);

  // Each opening starts from the preselected plan.
  useEffect(() => {
    if (!open) setPlanId(null);
    else if (planId === null && plans.data) setPlanId(preselectedPlan(plans.data)?.id ?? plans.data[0]?.id ?? null);
  }, [open, planId, plans.data]);

  const plan = plans.data?.find((item) => item.id === planId);
  // Evaluated when the dialog renders: "now" is when the admin looks at it.
  const preview = useMemo(() => (plan ? grantExpiry(plan, subscriptions, new Date()) : null), [plan, subscriptions]);

  const confirm = () => {
    if (!plan) return;
    grant.mutate(
      { userId: user.id, planId: plan.id },
      {
        onSuccess: () => {
          message.success(t('users.grant.done', { plan: plan.title }));
          onClose();
        },
        onError: (error) => void message.error(describeError(error, t)),
      },
    );
  };

  const expiryText = preview
    ? preview.expiresAt
      ? t(preview.extends ? 'users.grant.extendsUntil' : 'users.grant.activeUntil', {
          date: formatDate(preview.expiresAt, locale),
        })
      : t('users.grant.forever')
    : null;

  return (
    <Modal
      title={t('users.grant.title')}
      open={open}
      onCancel={onClose}
      onOk={confirm}
      okText={t('users.grant.submit')}
      cancelText={t('users.form.cancel')}
      okButtonProps={{ disabled: !plan, loading: grant.isPending }}
      destroyOnHidden
    >
      {plans.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : plans.isError ? (
        <Alert type="error" showIcon title={describeError(plans.error, t)} />
      ) : plans.data.length === 0 ? (
        <Empty description={t('users.grant.noPlans')} />
      ) : (
        <Form layout="vertical">
          <Form.Item label={t('users.grant.plan')} htmlFor="grant-plan">
            <Select<number>
              id="grant-plan"
              value={planId ?? undefined}
              onChange={setPlanId}
              options={plans.data.map((item) => ({ value: item.id, label: item.title }))}
            />
          </Form.Item>
          {plan ? (
            <Descriptions
              size="small"
              column={1}
              bordered
              items={[
                { key: 'user', label: t('users.grant.user'), children: user.email },
                {
                  key: 'price',
                  label: t('users.grant.price'),
                  children: formatMoney(plan.price, locale, plan.currency),
                },
                {
                  key: 'days',
                  label: t('users.grant.days'),
                  children: <Duration days={plan.durationDays} period={plan.period} />,
                },
              ]}
            />
          ) : null}
          {expiryText ? <Alert className="grant-expiry" type="success" showIcon title={expiryText} /> : null}
        </Form>
      )}
    </Modal>
  );
};
