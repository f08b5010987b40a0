import type {
  JobStatus,
  NoteStatus,
  promoCodeStatus,
  promoSeriesStatus,
  ReminderStatus,
  subscriptionStatuses,
  TimelineEntry,
  transactionStatuses,
  UserStatus,
} from '@pult/contract';

type SubscriptionStatus = (typeof subscriptionStatuses)[number];
type TransactionStatus = (typeof transactionStatuses)[number];
type PromoCodeStatus = (typeof promoCodeStatus)['options'][number];
type PromoSeriesStatus = (typeof promoSeriesStatus)['options'][number];

/**
 * What a status means to the person reading it. Every tag, dot and timeline mark takes its colour
 * from here, so one meaning has one colour on every screen: «активна» is as green in the users list
 * as in «Подписки пользователей», a failed payment as red as a blocked user.
 */
export type StatusTone = 'good' | 'bad' | 'attention' | 'progress' | 'planned' | 'neutral';

/**
 * The tones as antd Tag colours: the four status presets draw with the theme's status tokens, which
 * config/theme-tokens.ts tunes for 4.5:1 in both themes (decision 0018); «planned» is the blue preset.
 */
const TAG_COLORS: Record<StatusTone, string> = {
  good: 'success',
  bad: 'error',
  attention: 'warning',
  progress: 'processing',
  planned: 'blue',
  neutral: 'default',
};

/** The tones as a Timeline mark: the same theme colours, through antd's CSS variables. */
const DOT_COLORS: Record<StatusTone, string> = {
  good: 'var(--ant-color-success)',
  bad: 'var(--ant-color-error)',
  attention: 'var(--ant-color-warning)',
  progress: 'var(--ant-color-primary-text)',
  planned: 'var(--ant-color-primary-text)',
  neutral: 'var(--ant-color-text-tertiary)',
};

/** Each entity's statuses, every value of the contract's enums (a missing one does not compile), and two flags. */
export const STATUS_TONES = {
  subscription: { active: 'good', expired: 'neutral', canceled: 'neutral' },
  transaction: { pending: 'progress', succeeded: 'good', failed: 'bad', refunded: 'attention', canceled: 'neutral' },
  user: { active: 'good', blocked: 'bad', deleted: 'neutral' },
  promoCode: { new: 'planned', activated: 'good', blocked: 'bad' },
  promoSeries: { enabled: 'good', disabled: 'neutral' },
  reminder: { scheduled: 'planned', sending: 'progress', sent: 'good', canceled: 'neutral', failed: 'bad' },
  note: { draft: 'neutral', published: 'good' },
  /** Plans and channels have a flag, not a status: its two values, named as the screens name them. */
  plan: { enabled: 'good', disabled: 'neutral' },
  tgChannel: { published: 'good', hidden: 'neutral' },
  job: { pending: 'progress', running: 'progress', done: 'good', failed: 'bad', canceled: 'neutral' },
} as const satisfies {
  subscription: Record<SubscriptionStatus, StatusTone>;
  transaction: Record<TransactionStatus, StatusTone>;
  user: Record<UserStatus, StatusTone>;
  promoCode: Record<PromoCodeStatus, StatusTone>;
  promoSeries: Record<PromoSeriesStatus, StatusTone>;
  reminder: Record<ReminderStatus, StatusTone>;
  note: Record<NoteStatus, StatusTone>;
  plan: Record<'enabled' | 'disabled', StatusTone>;
  tgChannel: Record<'published' | 'hidden', StatusTone>;
  job: Record<JobStatus, StatusTone>;
};

export type StatusEntity = keyof typeof STATUS_TONES;
type StatusOf<E extends StatusEntity> = keyof (typeof STATUS_TONES)[E];

export const statusTone = <E extends StatusEntity>(entity: E, status: StatusOf<E>): StatusTone =>
  STATUS_TONES[entity][status] as StatusTone;

/** The antd Tag colour of an entity's status: `<Tag color={statusTagColor('user', user.status)}>`. */
export const statusTagColor = <E extends StatusEntity>(entity: E, status: StatusOf<E>): string =>
  TAG_COLORS[statusTone(entity, status)];

export const toneTagColor = (tone: StatusTone): string => TAG_COLORS[tone];
export const toneDotColor = (tone: StatusTone): string => DOT_COLORS[tone];

/** Staff actions that take something from the user (a block, a deletion, the sessions ended). */
const STAFF_TAKING = new Set(['block', 'delete', 'logout', 'anonymise']);
/** Staff actions that give the user something back or more. */
const STAFF_GIVING = new Set(['unblock', 'restore', 'grant-subscription', 'extend-subscription']);

const isTransactionStatus = (value: unknown): value is TransactionStatus =>
  typeof value === 'string' && Object.hasOwn(STATUS_TONES.transaction, value);

/**
 * A timeline entry's tone: what happened to the user, not which kind of entry it is. A payment takes
 * its status's tone (a failed one is red, not the colour of a successful one); a staff action is
 * neutral unless it took something from the user or gave something back.
 */
export function timelineTone(entry: Pick<TimelineEntry, 'kind' | 'event' | 'details'>): StatusTone {
  switch (entry.event) {
    case 'subscription-started':
    case 'promo-activated':
    case 'push-opened':
    case 'agreement-accepted':
      return 'good';
    case 'promo-refused':
    case 'push-failed':
      return 'bad';
    case 'subscription-expired':
    case 'push-sent':
      return 'neutral';
    case 'registered':
      return 'planned';
  }
  if (entry.kind === 'transaction')
    return isTransactionStatus(entry.details.status) ? STATUS_TONES.transaction[entry.details.status] : 'neutral';
  if (STAFF_TAKING.has(entry.event)) return 'attention';
  if (STAFF_GIVING.has(entry.event)) return 'good';
  return 'neutral';
}
