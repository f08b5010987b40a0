import { idParam, paged } from '../common';
import { defineEndpoint } from '../endpoint';
import {
  audienceBody,
  audienceCount,
  createReminderBody,
  PUSH_BODY_MAX,
  PUSH_TITLE_MAX,
  reminder,
  reminderDetail,
  remindersQuery,
  sendWinnerBody,
  testSendBody,
  testSendResult,
  userConsents,
} from '../push';

/** Push notifications ("reminders"): staff compose, target, schedule and follow them. */
export const pushEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/reminders',
    operationId: 'listReminders',
    summary: 'Push notifications scheduled within a range',
    description:
      'Ordered by `sort`, `scheduledAt:desc` (the latest first, then id) unless asked otherwise; ' +
      '`startDate`/`endDate` bound `scheduledAt` (inclusive), ' +
      '`type` filters the audience type and `status` the state.',
    tag: 'reminders',
    access: ['admin', 'editor'],
    query: remindersQuery,
    response: paged(reminder),
    errors: [],
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/reminders/create-push-notification',
    operationId: 'createReminder',
    summary: 'Schedule a push notification',
    description:
      `Title 1–${PUSH_TITLE_MAX} and body 1–${PUSH_BODY_MAX} characters (what phones show; FCM allows 4 kB). ` +
      '`scheduledAt` no more than a minute in the past; `userIds` only for `users`, and every id an existing ' +
      'planner user (400 `userIds: not_found`); `deeplink` an app path (`/plans/3`) or a `planner://` or ' +
      '`https://` link, never another scheme (400 `deeplink`). `localTime: true` delivers at ' +
      "the same wall-clock time (as scheduled, read in Moscow time) in each device's own time zone. " +
      '`category` `service` (default) or `advertising`: an advertising push reaches only users whose latest ' +
      "advertising consent is granted when their batch is sent, within the settings' frequency caps.",
    tag: 'reminders',
    access: ['admin', 'editor'],
    body: createReminderBody,
    response: reminder,
    errors: [],
  }),
  audienceCount: defineEndpoint({
    method: 'POST',
    path: '/reminders/audience-count',
    operationId: 'countReminderAudience',
    summary: 'Users and devices an audience would reach now',
    description:
      'Exact for small audiences; above 10 000 devices the planner estimate, flagged `isEstimate`. ' +
      'For `category: advertising`, `withoutConsent` counts the users it would skip (no granted advertising consent).',
    tag: 'reminders',
    access: ['admin', 'editor'],
    body: audienceBody,
    response: audienceCount,
    errors: [],
  }),
  testSend: defineEndpoint({
    method: 'POST',
    path: '/reminders/test-send',
    operationId: 'testSendReminder',
    summary: "Send a notification now to one user's devices",
    description:
      'Recorded in the audit log, not in any statistics. 404 USER_NOT_FOUND; 409 NO_DEVICES when the user ' +
      'has no enabled device.',
    tag: 'reminders',
    access: ['admin', 'editor'],
    body: testSendBody,
    response: testSendResult,
    errors: [404, 409],
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/reminders/:id',
    operationId: 'getReminder',
    summary: 'A push notification with its delivery statistics',
    description:
      'Counters, progress, per-platform counts, the funnel per provider, skips by reason (`no_consent`, ' +
      '`cap_day`, `cap_week`) and failures by reason.',
    tag: 'reminders',
    access: ['admin', 'editor'],
    params: idParam,
    response: reminderDetail,
    errors: [404],
  }),
  cancel: defineEndpoint({
    method: 'GET',
    path: '/reminders/:id/cancel',
    operationId: 'cancelReminder',
    summary: 'Cancel a push notification',
    description:
      'While `scheduled` nothing is sent; while `sending` the dispatcher stops before its next batch. ' +
      'Otherwise 409 REMINDER_NOT_CANCELABLE.',
    tag: 'reminders',
    access: ['admin', 'editor'],
    params: idParam,
    response: reminder,
    errors: [404, 409],
  }),
  sendWinner: defineEndpoint({
    method: 'POST',
    path: '/reminders/:id/send-winner',
    operationId: 'sendReminderWinner',
    summary: "Send an A/B push's winning text to the rest of its audience",
    description:
      'Once the test window has passed since the first delivery, the deliveries held for the rest get the chosen ' +
      'variant and go (consent and caps are checked as each batch goes). 409 AB_TEST_RUNNING before the window ends; ' +
      '409 AB_NOTHING_TO_SEND when the push has no A/B rest, it was canceled, or the winner was already sent; ' +
      "400 when the variant is not one of the push's texts.",
    tag: 'reminders',
    access: ['admin', 'editor'],
    params: idParam,
    body: sendWinnerBody,
    response: reminder,
    errors: [400, 404, 409],
  }),
  userConsents: defineEndpoint({
    method: 'GET',
    path: '/users/:id/consents',
    operationId: 'listUserConsentsToAdvertising',
    summary: "A planner user's consents to advertising, with their history",
    description: 'Newest first, every record kept; `advertising` is what the latest one says (false without one).',
    tag: 'reminders',
    access: ['admin', 'editor'],
    params: idParam,
    response: userConsents,
    errors: [404],
  }),
  userConsentsCsv: defineEndpoint({
    method: 'GET',
    path: '/users/:id/consents.csv',
    operationId: 'exportUserConsents',
    summary: "The proof of a user's consents to advertising, as CSV",
    description:
      'Oldest first: time (UTC), type, granted, wording version, address, app version, user agent; for a ' +
      'regulator (38-FZ art. 18 puts the burden of proof on the sender). Recorded in the audit log.',
    tag: 'reminders',
    access: ['admin', 'editor'],
    params: idParam,
    response: 'csv',
    errors: [404],
  }),
};
