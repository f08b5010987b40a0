import { type AuditAction, type AuditEntity, versionFromIfMatch } from '@pult/contract';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { ServiceDeps } from '../service-deps';
import type { Storage } from '../storage/storage';
import type { Principal } from '../types';
import { isBackgroundRequest } from './background-request';
import { clientIp } from './client-ip';
import type { Clock } from './clock';
import { unauthorized } from './http-errors';

/**
 * One entry of the audit log : who did what to which object, before and after. Actions and entities
 * come from the contract's vocabulary, which names each in the five languages of the log's readers.
 */
export interface AuditEvent {
  action: AuditAction;
  entity: AuditEntity;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
  /** Defaults to the caller; set for events without one (a failed sign-in, a reset). */
  actorId?: number | null;
}

/**
 * What a service needs of the request that called it, and nothing else: services hold the rules
 * and stay callable from a job, a CLI or a test without an HTTP request (docs/decisions/0012).
 */
export interface ServiceContext {
  db: Db;
  clock: Clock;
  storage: Storage;
  log: FastifyBaseLogger;
  /** The signed-in caller; null on public routes called without a token. */
  actor: Principal | null;
  /** The client's address as TRUST_PROXY allows it to be known; always a valid IP. */
  ip: string;
  /** The request's id (X-Request-Id, lib/request-id.ts), for what the database writes itself; null outside a request. */
  requestId: string | null;
  /**
   * The version the caller's `If-Match` names (-1 for a tag not ours), undefined without one: a versioned
   * write passes it to its UPDATE (lib/versions.ts), and a stale one answers 412.
   */
  ifMatch?: number;
  /** The page sent this request on its own (lib/background-request.ts): it is not the session's activity. */
  background: boolean;
  /** Records an audit event; pass the transaction it belongs to so both land or neither. */
  audit(event: AuditEvent, tx?: Db): Promise<void>;
  /** Mailer, push provider, catalog and Telegram clients, the installation's URLs: built once per app. */
  deps: ServiceDeps;
}

/** The caller of a guarded route: the guard has already refused requests without one. */
export function actorOf(ctx: Pick<ServiceContext, 'actor'>): Principal {
  if (!ctx.actor) throw unauthorized();
  return ctx.actor;
}

export function contextOf(request: FastifyRequest): ServiceContext {
  const app = request.server;
  return {
    db: app.db,
    clock: app.clock,
    storage: app.storage,
    log: request.log,
    actor: request.principal,
    ip: clientIp(request),
    requestId: request.id,
    ifMatch: versionFromIfMatch(request.headers['if-match']),
    background: isBackgroundRequest(request),
    audit: (event, tx) => request.audit(event, tx),
    deps: app.deps,
  };
}
