import type { AnalyticsPolicies } from '@pult/contract';
import type { DashboardTest } from './dashboard-fixture';

/** Every combination of the two counting policies (docs/decisions/0049), the default first. */
export const everyPolicy: AnalyticsPolicies[] = [
  { refunds: 'onRefundDay', promoGrantsAsSubscribers: true },
  { refunds: 'rewriteClosedDays', promoGrantsAsSubscribers: true },
  { refunds: 'onRefundDay', promoGrantsAsSubscribers: false },
  { refunds: 'rewriteClosedDays', promoGrantsAsSubscribers: false },
];

export const policyName = (p: AnalyticsPolicies) =>
  `refunds ${p.refunds}, promo grants ${p.promoGrantsAsSubscribers ? '' : 'not '}subscribers`;

/** Chooses the policies as an admin does, through the settings endpoint (the fixture's admin signed in now). */
export async function choosePolicies(t: DashboardTest, analytics: AnalyticsPolicies): Promise<void> {
  const response = await t.app.inject({
    method: 'PATCH',
    url: '/api/common/settings',
    payload: { analytics },
    headers: { 'api-token': t.token },
  });
  if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
}
