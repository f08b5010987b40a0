import { CheckOutlined, EditOutlined } from '@ant-design/icons';
import type { Plan } from '@pult/contract';
import { Button, Card, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmOffSwitch } from '../../../components/confirm-off-switch';
import { statusTagColor } from '../../../config/status-colors';
import { describeError } from '../../../lib/describe-error';
import { durationText } from '../../../lib/duration';
import { useFeedback } from '../../../lib/feedback';
import { formatMoney } from '../../../lib/format';
import { useTheme } from '../../../lib/theme-store';
import { useManagePlan } from '../api/plan-mutations';
import { PlanAvatar } from './plan-avatar';

interface Props {
  plan: Plan;
  /** Admins switch plans on and off, since that decides what can be sold; editors see the state only. */
  canManage: boolean;
  onEdit: (plan: Plan) => void;
}

const PERIOD_COLORS = { month: 'blue', year: 'geekblue', lifetime: 'purple' } as const;

/** One plan as the planner's paywall would present it, with the staff controls below. */
export const PlanCard = ({ plan, canManage, onEdit }: Props) => {
  const { t } = useTranslation();
  const { locale } = useTheme();
  const { message } = useFeedback();
  const manage = useManagePlan();

  const toggle = (enabled: boolean) =>
    manage.mutate(
      { id: plan.id, action: enabled ? 'enable' : 'disable' },
      {
        onSuccess: (saved) =>
          message.success(
            t(saved.enabled ? 'subscriptions.plans.enabledDone' : 'subscriptions.plans.disabledDone', {
              title: saved.title,
            }),
          ),
        onError: (error) => message.error(describeError(error, t)),
      },
    );

  const state = canManage ? (
    <Flex component="label" gap="small" align="center" className="plan-card-switch">
      <ConfirmOffSwitch
        checked={plan.enabled}
        loading={manage.isPending}
        label={t('subscriptions.plans.enabled')}
        onEnable={() => toggle(true)}
        onDisable={() => toggle(false)}
        confirm={{
          title: t('subscriptions.plans.disableTitle'),
          description: t('subscriptions.plans.disableText', { title: plan.title }),
          okText: t('subscriptions.plans.disable'),
          cancelText: t('subscriptions.form.cancel'),
        }}
      />
      <Typography.Text type={plan.enabled ? undefined : 'secondary'}>
        {t(plan.enabled ? 'subscriptions.plans.enabled' : 'subscriptions.plans.disabled')}
      </Typography.Text>
    </Flex>
  ) : (
    <Tag color={statusTagColor('plan', plan.enabled ? 'enabled' : 'disabled')}>
      {t(plan.enabled ? 'subscriptions.plans.enabled' : 'subscriptions.plans.disabled')}
    </Tag>
  );

  return (
    <Card
      role="article"
      aria-label={plan.title}
      className={plan.enabled ? 'plan-card' : 'plan-card plan-card-off'}
      actions={[
        <Flex key="state" justify="center" align="center" className="plan-card-action">
          {state}
        </Flex>,
        <Button key="edit" type="link" icon={<EditOutlined />} onClick={() => onEdit(plan)}>
          {t('subscriptions.plans.edit')}
        </Button>,
      ]}
    >
      <Flex gap="middle" align="center">
        <PlanAvatar plan={plan} size={56} />
        <div className="plan-card-head">
          <Typography.Title level={4} className="plan-card-title" ellipsis={{ tooltip: plan.title }}>
            {plan.title}
          </Typography.Title>
          <Tag color={PERIOD_COLORS[plan.period]}>{t(`subscriptions.period.${plan.period}`)}</Tag>
        </div>
      </Flex>
      <Flex align="baseline" gap="small" wrap className="plan-card-price">
        <Typography.Text strong className="plan-card-amount">
          {formatMoney(plan.price, locale, plan.currency)}
        </Typography.Text>
        <Typography.Text type="secondary">{t(`subscriptions.pricePer.${plan.period}`)}</Typography.Text>
      </Flex>
      <Typography.Text type="secondary">
        {t('subscriptions.plans.duration', { duration: durationText(t, locale, plan.durationDays, plan.period) })}
      </Typography.Text>
      {plan.description ? (
        <Typography.Paragraph className="plan-card-description" ellipsis={{ rows: 3, tooltip: plan.description }}>
          {plan.description}
        </Typography.Paragraph>
      ) : null}
      {plan.features.length > 0 ? (
        <ul className="plan-card-features" aria-label={t('subscriptions.form.features')}>
          {plan.features.map((feature) => (
            <li key={feature}>
              <CheckOutlined aria-hidden className="plan-card-check" />
              <Typography.Text>{feature}</Typography.Text>
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
};
