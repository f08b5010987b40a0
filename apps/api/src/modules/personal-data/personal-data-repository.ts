import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  consents as advertisingConsents,
  agreementConsents,
  agreements,
  auditEvents,
  devices,
  passwordResets,
  promoActivationRefusals,
  promoCodes,
  promoSeries,
  pushDeliveries,
  reminders,
  sessions,
  sessionTokens,
  subscriptions,
  transactions,
  users,
} from '../../db/schema';
import { nextVersion } from '../../lib/versions';
import { sessionsChanged } from '../sessions';

/** More audit events than this about one person means an automated actor; the newest are exported. */
const AUDIT_EVENTS_MAX = 10_000;
/** Every broadcast reaches every device: a long-time user's newest deliveries are exported. */
const PUSH_DELIVERIES_MAX = 10_000;

const isAbout = (userId: number) => and(eq(auditEvents.entity, 'user'), eq(auditEvents.entityId, String(userId)));
const aboutUser = (userId: number) => or(isAbout(userId), eq(auditEvents.actorId, userId));

/**
 * An audit event as the person's own data. An event about them keeps what was recorded about them
 * (before, after) and who did it, but not the address of a staff member who did it: that is the
 * staff member's. An event they made about something else keeps only their side of it (what they
 * did, to which kind of record, when, from where): the record's before/after are someone else's
 * e-mail, phone, name, and another person's id says whom they looked at.
 */
const ownAuditEvent = (userId: number) => {
  const about = isAbout(userId);
  return {
    id: auditEvents.id,
    actorId: auditEvents.actorId,
    action: auditEvents.action,
    entity: auditEvents.entity,
    entityId: sql<
      string | null
    >`CASE WHEN ${about} OR ${auditEvents.entity} <> 'user' THEN ${auditEvents.entityId} END`,
    before: sql<unknown>`CASE WHEN ${about} THEN ${auditEvents.before} END`,
    after: sql<unknown>`CASE WHEN ${about} THEN ${auditEvents.after} END`,
    ip: sql<string | null>`CASE WHEN ${auditEvents.actorId} = ${userId} THEN ${auditEvents.ip} END`,
    at: auditEvents.at,
  };
};

/** The SQL of the data-subject tools: every table that holds something about one person. */
export const personalDataRepository = {
  lockUser: async (db: Db, userId: number) => {
    const [row] = await db.select().from(users).where(eq(users.id, userId)).for('update');
    return row;
  },

  user: async (db: Db, userId: number) => {
    const [row] = await db.select().from(users).where(eq(users.id, userId));
    return row;
  },

  subscriptions: (db: Db, userId: number) =>
    db.select().from(subscriptions).where(eq(subscriptions.owner, userId)).orderBy(asc(subscriptions.id)),

  transactions: (db: Db, userId: number) =>
    db.select().from(transactions).where(eq(transactions.userId, userId)).orderBy(asc(transactions.id)),

  promoActivations: (db: Db, userId: number) =>
    db
      .select({
        code: promoCodes.value,
        seriesId: promoCodes.seriesId,
        seriesName: promoSeries.name,
        status: promoCodes.status,
        activatedAt: promoCodes.activatedAt,
      })
      .from(promoCodes)
      .innerJoin(promoSeries, eq(promoSeries.id, promoCodes.seriesId))
      .where(eq(promoCodes.activatedBy, userId))
      .orderBy(asc(promoCodes.activatedAt)),

  promoRefusals: (db: Db, userId: number) =>
    db
      .select({
        reason: promoActivationRefusals.reason,
        ip: promoActivationRefusals.ip,
        at: promoActivationRefusals.at,
      })
      .from(promoActivationRefusals)
      .where(eq(promoActivationRefusals.userId, userId))
      .orderBy(asc(promoActivationRefusals.at)),

  /** Sessions without their token hashes: those are credentials, not data about the person. */
  sessions: (db: Db, userId: number) =>
    db
      .select({
        id: sessions.id,
        createdAt: sessions.createdAt,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
        revokedReason: sessions.revokedReason,
        ip: sessions.ip,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(asc(sessions.id)),

  /** Consents to advertising pushes given and withdrawn (38-FZ art. 18), oldest first: the person's history of them. */
  advertisingConsents: (db: Db, userId: number) =>
    db
      .select({
        type: advertisingConsents.type,
        granted: advertisingConsents.granted,
        at: advertisingConsents.at,
        version: advertisingConsents.version,
        ip: advertisingConsents.ip,
        userAgent: advertisingConsents.userAgent,
        appVersion: advertisingConsents.appVersion,
      })
      .from(advertisingConsents)
      .where(eq(advertisingConsents.userId, userId))
      .orderBy(asc(advertisingConsents.at), asc(advertisingConsents.id)),

  consents: (db: Db, userId: number) =>
    db
      .select({
        type: agreements.type,
        version: agreements.version,
        title: agreements.title,
        contentHash: agreementConsents.contentHash,
        acceptedAt: agreementConsents.acceptedAt,
        ip: agreementConsents.ip,
        userAgent: agreementConsents.userAgent,
        appVersion: agreementConsents.appVersion,
      })
      .from(agreementConsents)
      .innerJoin(agreements, eq(agreements.id, agreementConsents.agreementId))
      .where(eq(agreementConsents.userId, userId))
      .orderBy(asc(agreementConsents.id)),

  /** Devices without their push tokens: an address to send to, like a session's hash, not data about the person. */
  devices: (db: Db, userId: number) =>
    db
      .select({
        id: devices.id,
        platform: devices.platform,
        timeZone: devices.timeZone,
        locale: devices.locale,
        appVersion: devices.appVersion,
        enabled: devices.enabled,
        createdAt: devices.createdAt,
        lastSeenAt: devices.lastSeenAt,
      })
      .from(devices)
      .where(eq(devices.userId, userId))
      .orderBy(asc(devices.id)),

  pushDeliveries: (db: Db, userId: number) =>
    db
      .select({
        reminderId: pushDeliveries.reminderId,
        title: reminders.title,
        body: reminders.body,
        deviceId: pushDeliveries.deviceId,
        state: pushDeliveries.state,
        sentAt: pushDeliveries.sentAt,
        openedAt: pushDeliveries.openedAt,
      })
      .from(pushDeliveries)
      .innerJoin(reminders, eq(reminders.id, pushDeliveries.reminderId))
      .where(eq(pushDeliveries.userId, userId))
      .orderBy(desc(pushDeliveries.id))
      .limit(PUSH_DELIVERIES_MAX),

  auditEvents: (db: Db, userId: number) =>
    db
      .select(ownAuditEvent(userId))
      .from(auditEvents)
      .where(aboutUser(userId))
      .orderBy(desc(auditEvents.id))
      .limit(AUDIT_EVENTS_MAX),

  /** Replaces every personal field of the user row by the pseudonym; ids and history stay. */
  pseudonymise: (db: Db, userId: number, email: string, now: Date) =>
    db
      .update(users)
      .set({
        email,
        phoneNumber: null,
        firstName: null,
        lastName: null,
        passwordHash: null,
        avatar: null,
        status: 'deleted',
        lastSeenAt: null,
        updatedAt: now,
        ...nextVersion(users),
      })
      .where(eq(users.id, userId)),

  /**
   * A device's push token reaches the person's phone: the devices go, with their delivery rows (which
   * name them). The notifications' own counters stay, as the statistics they are.
   */
  async deleteDevices(db: Db, userId: number) {
    await db.delete(pushDeliveries).where(eq(pushDeliveries.userId, userId));
    await db.delete(devices).where(eq(devices.userId, userId));
  },

  async deleteSessions(db: Db, userId: number) {
    const ids = db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
    await db.delete(sessionTokens).where(inArray(sessionTokens.sessionId, ids));
    await db.delete(sessions).where(eq(sessions.userId, userId));
    await db.delete(passwordResets).where(eq(passwordResets.userId, userId));
    await sessionsChanged(db, [userId]);
  },

  /** Addresses and user agents identify a person; the consent itself stays as the operator's proof. */
  async eraseTraces(db: Db, userId: number) {
    await db.update(agreementConsents).set({ ip: null, userAgent: null }).where(eq(agreementConsents.userId, userId));
    await db
      .update(advertisingConsents)
      .set({ ip: null, userAgent: null })
      .where(eq(advertisingConsents.userId, userId));
    await db.update(promoActivationRefusals).set({ ip: null }).where(eq(promoActivationRefusals.userId, userId));
    // What the log said about the person (their e-mail, name, phone in before/after) and where they acted from.
    await db
      .update(auditEvents)
      .set({ before: null, after: null })
      .where(and(eq(auditEvents.entity, 'user'), eq(auditEvents.entityId, String(userId))));
    await db.update(auditEvents).set({ ip: null }).where(eq(auditEvents.actorId, userId));
  },
};
