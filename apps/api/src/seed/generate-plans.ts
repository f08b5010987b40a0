import type { SeedSource } from './seed-source';

/** The plans a planner app sells (money in kopecks), and one archived plan that old subscriptions still name. */
export interface DemoPlan {
  title: string;
  description: string;
  price: number;
  period: 'month' | 'year' | 'lifetime';
  durationDays: number;
  features: string[];
  enabled: boolean;
  sortOrder: number;
}

export const demoPlans: readonly DemoPlan[] = [
  {
    title: 'Месячная подписка',
    description: 'Все возможности планировщика на 30 дней',
    price: 29_900,
    period: 'month',
    durationDays: 30,
    features: ['Безлимитные проекты', 'Синхронизация между устройствами', 'Напоминания'],
    enabled: true,
    sortOrder: 1,
  },
  {
    title: 'Годовая подписка',
    description: 'Все возможности на год: выгоднее помесячной на 44%',
    price: 199_000,
    period: 'year',
    durationDays: 365,
    features: ['Безлимитные проекты', 'Синхронизация между устройствами', 'Напоминания', 'Приоритетная поддержка'],
    enabled: true,
    sortOrder: 2,
  },
  {
    title: 'Навсегда',
    description: 'Один платёж, без продлений',
    price: 499_000,
    period: 'lifetime',
    durationDays: 36_500,
    features: ['Всё из годовой подписки', 'Все будущие обновления'],
    enabled: true,
    sortOrder: 3,
  },
  {
    title: 'Семейная (архив)',
    description: 'Снята с продажи; действующие подписки доживают свой срок',
    price: 39_900,
    period: 'month',
    durationDays: 30,
    features: ['До пяти участников', 'Общие списки'],
    enabled: false,
    sortOrder: 9,
  },
];

/** A plan as the later seeders see it, read back from the database (it may hold admin-made plans too). */
export interface PlanInfo {
  id: number;
  price: number;
  period: 'month' | 'year' | 'lifetime';
  durationDays: number;
  enabled: boolean;
}

export const planColumns = [
  'id',
  'title',
  'description',
  'price',
  'period',
  'duration_days',
  'features',
  'enabled',
  'sort_order',
  'created_at',
  'updated_at',
] as const;

/** The missing demo plans, ids from `firstId`, created when the product started (`since`). */
export function planSource(plans: readonly DemoPlan[], firstId: number, since: Date): SeedSource {
  return {
    table: 'subscription_plans',
    columns: planColumns,
    total: plans.length,
    rows: plans.map((p, i) => [
      firstId + i,
      p.title,
      p.description,
      p.price,
      p.period,
      p.durationDays,
      JSON.stringify(p.features),
      p.enabled,
      p.sortOrder,
      since,
      since,
    ]),
  };
}
