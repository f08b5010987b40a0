import { z } from 'zod';

/**
 * How the dashboard counts two things finance people disagree about (issue 35 item 4,
 * docs/decisions/0049). An admin chooses them in the settings; every answer they change carries the
 * policy in force, and the home screen prints it.
 */
export const refundPolicies = ['onRefundDay', 'rewriteClosedDays'] as const;
export const refundPolicy = z.enum(refundPolicies).meta({
  description:
    'onRefundDay (default, as RevenueCat Charts v3): a refunded payment stays on the day it was paid and the ' +
    'refund (a refund transaction, negative) lowers the day it happens; closed days never change. ' +
    'rewriteClosedDays: a payment marked refunded is taken out of the day it was paid, and refund transactions ' +
    'are not counted (their money is that payment); a day already shown changes when a payment of it is refunded.',
});
export type RefundPolicy = z.infer<typeof refundPolicy>;

export const analyticsPolicies = z
  .object({
    refunds: refundPolicy,
    promoGrantsAsSubscribers: z.boolean().meta({
      description:
        'true (default): subscriptions granted by a promo code count among subscriptions (active, new, churned, ' +
        'churn rate). false: they count in none of these, and a promo grant running does not keep its owner from ' +
        'churning. MRR, ARPPU and the cohorts count purchases only either way; the split by source shows them.',
    }),
  })
  // A misspelt key is refused rather than dropped: the policy it meant would silently stay as it was.
  .strict()
  .meta({ id: 'AnalyticsPolicies', description: 'The counting policies in force (docs/decisions/0049).' });
export type AnalyticsPolicies = z.infer<typeof analyticsPolicies>;

export const DEFAULT_ANALYTICS_POLICIES: AnalyticsPolicies = { refunds: 'onRefundDay', promoGrantsAsSubscribers: true };
