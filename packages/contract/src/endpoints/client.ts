import { okResponse } from '../common';
import { defineEndpoint } from '../endpoint';
import { clientNotesPage, clientNotesQuery } from '../notes';
import { activatePromoBody } from '../promo-codes';
import { deliveryIdParam, device, deviceTokenParam, recordConsentBody, registerDeviceBody, userConsent } from '../push';
import { subscription } from '../subscriptions';
import { clientTgChannelsResponse } from '../telegram-channels';
import { acceptAgreementBody, consentRecord } from './agreements';

/** What the planner app calls for its signed-in users (role `user`), never staff. */
export const clientEndpoints = {
  activatePromoCode: defineEndpoint({
    method: 'POST',
    path: '/client/promo-codes/activate',
    operationId: 'activatePromoCode',
    summary: "Redeem a promo code: the series' plan is granted or extended",
    description:
      'Case-insensitive. 404 CODE_NOT_FOUND; 409 CODE_USED, CODE_BLOCKED, SERIES_INACTIVE, SERIES_NOT_STARTED, ' +
      'SERIES_ENDED or PLAN_DISABLED. Of two concurrent redemptions of one code exactly one wins. ' +
      'Failed attempts are limited per account (10) and per address (50) in 15 minutes: 429 RATE_LIMITED ' +
      'with Retry-After. Every refusal is recorded.',
    tag: 'client',
    access: ['user'],
    body: activatePromoBody,
    response: subscription,
    errors: [404, 409, 429],
  }),
  notes: defineEndpoint({
    method: 'GET',
    path: '/client/notes',
    operationId: 'listClientNotes',
    summary: 'Published notes for the planner app, newest first',
    description: 'Drafts and archived notes are never listed. `tag` filters.',
    tag: 'client',
    access: ['user'],
    query: clientNotesQuery,
    response: clientNotesPage,
    errors: [],
  }),
  acceptAgreement: defineEndpoint({
    method: 'POST',
    path: '/client/agreements/accept',
    operationId: 'acceptAgreement',
    summary: 'Record that the signed-in user accepted a document version',
    description:
      'Only the current version of a type can be accepted (409 AGREEMENT_OUTDATED; 404 AGREEMENT_NOT_FOUND). ' +
      'The record keeps the content hash, time, address, user agent and app version, and is never changed.',
    tag: 'client',
    access: ['user'],
    body: acceptAgreementBody,
    response: consentRecord,
    errors: [404, 409],
  }),
  tgChannels: defineEndpoint({
    method: 'GET',
    path: '/client/tg-channels',
    operationId: 'clientTgChannels',
    summary: 'Published Telegram channels, grouped by category, in order',
    description: 'Categories without a published channel are left out. Icons are full URLs.',
    tag: 'client',
    access: ['user'],
    response: clientTgChannelsResponse,
    errors: [],
  }),
  registerDevice: defineEndpoint({
    method: 'POST',
    path: '/client/devices',
    operationId: 'registerDevice',
    summary: "Register the app's push token",
    description:
      'Upsert by token: a token already known moves to the caller (one phone, a new sign-in) and is enabled ' +
      'again. A move from another user is audit-logged (`move-device`) and limited to 5 per account per hour: ' +
      '429 RATE_LIMITED with Retry-After. `timeZone` an IANA zone (for local-time pushes). `provider` the push ' +
      'service that issued the token (`fcm`, `webpush`, `rustore`, `hms`); by platform when left out.',
    tag: 'client',
    access: ['user'],
    body: registerDeviceBody,
    response: device,
    errors: [429],
  }),
  removeDevice: defineEndpoint({
    method: 'DELETE',
    path: '/client/devices/:token',
    operationId: 'removeDevice',
    summary: 'Forget a push token (sign-out on the phone)',
    description: "Only the caller's own token; 404 DEVICE_NOT_FOUND otherwise.",
    tag: 'client',
    access: ['user'],
    params: deviceTokenParam,
    response: okResponse,
    errors: [404],
  }),
  pushOpened: defineEndpoint({
    method: 'POST',
    path: '/client/pushes/:deliveryId/opened',
    operationId: 'markPushOpened',
    summary: 'Record that the user opened a push',
    description: "Idempotent; only the caller's own delivery (404 DELIVERY_NOT_FOUND otherwise).",
    tag: 'client',
    access: ['user'],
    params: deliveryIdParam,
    response: okResponse,
    errors: [404],
  }),
  recordConsent: defineEndpoint({
    method: 'POST',
    path: '/client/consents',
    operationId: 'recordConsent',
    summary: 'Record that the signed-in user gave or withdrew consent to advertising',
    description:
      'Appends a record (time, address, user agent, app version, the wording `version`); the latest one ' +
      'counts. A withdrawal takes effect for every advertising delivery not yet sent.',
    tag: 'client',
    access: ['user'],
    body: recordConsentBody,
    response: userConsent,
    errors: [],
  }),
};
