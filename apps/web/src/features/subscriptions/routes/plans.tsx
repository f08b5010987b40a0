import { PlusOutlined } from '@ant-design/icons';
import type { Plan } from '@pult/contract';
import { Alert, Button, Card, Col, Empty, Flex, Row, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { usePlans } from '../../../lib/resources/plans';
import { useScreenCommands } from '../../../lib/screen-commands';
import { useSession } from '../../../lib/session-store';
import { PlanCard } from '../components/plan-card';
import { PlanDrawer } from '../components/plan-drawer';
import '../components/plans.css';

interface DrawerState {
  open: boolean;
  plan: Plan | null;
  /** A new key per opening, so every opening starts with a fresh form. */
  session: number;
}

const CARD_COLUMNS = { xs: 24, md: 12, xl: 8, xxl: 6 } as const;

/** `/app/subscriptions/desc`: the plans («тарифы») the planner sells. */
export const PlansPage = () => {
  const { t } = useTranslation();
  const session = useSession();
  const isAdmin = session?.role === 'admin';
  const plans = usePlans();
  const [drawer, setDrawer] = useState<DrawerState>({ open: false, plan: null, session: 0 });
  const openDrawer = (plan: Plan | null) => setDrawer((state) => ({ open: true, plan, session: state.session + 1 }));
  useScreenCommands(
    isAdmin ? [{ id: 'plans.create', label: t('subscriptions.plans.create'), run: () => openDrawer(null) }] : [],
  );

  let content: React.ReactNode;
  if (plans.isPending) {
    content = (
      <Row gutter={[16, 16]}>
        {[1, 2, 3].map((key) => (
          <Col key={key} {...CARD_COLUMNS}>
            <Card>
              <Skeleton avatar active paragraph={{ rows: 4 }} />
            </Card>
          </Col>
        ))}
      </Row>
    );
  } else if (plans.isError) {
    content = (
      <Alert
        type="error"
        showIcon
        title={t('subscriptions.plans.loadFailed')}
        action={<Button onClick={() => plans.refetch()}>{t('subscriptions.retry')}</Button>}
      />
    );
  } else if (plans.data.items.length === 0) {
    content = (
      <Card>
        <Empty description={t(isAdmin ? 'subscriptions.plans.emptyAdmin' : 'subscriptions.plans.empty')}>
          {isAdmin ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openDrawer(null)}>
              {t('subscriptions.plans.create')}
            </Button>
          ) : null}
        </Empty>
      </Card>
    );
  } else {
    content = (
      <Row gutter={[16, 16]}>
        {plans.data.items.map((plan) => (
          <Col key={plan.id} {...CARD_COLUMNS}>
            <PlanCard plan={plan} canManage={isAdmin} onEdit={openDrawer} />
          </Col>
        ))}
      </Row>
    );
  }

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap="middle" className="page-head">
        <div>
          <PageTitle>{t('nav.subscriptionsDesc')}</PageTitle>
          <Typography.Text type="secondary">{t('subscriptions.plans.subtitle')}</Typography.Text>
        </div>
        {isAdmin ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => openDrawer(null)}>
            {t('subscriptions.plans.create')}
          </Button>
        ) : null}
      </Flex>
      {content}
      <PlanDrawer
        key={drawer.session}
        open={drawer.open}
        plan={drawer.plan}
        canEditTerms={isAdmin}
        onClose={() => setDrawer((state) => ({ ...state, open: false }))}
      />
    </>
  );
};
