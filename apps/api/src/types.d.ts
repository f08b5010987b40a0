import type { Role } from '@pult/contract';
import type { Db } from './db/client';
import type { Env } from './env';
import type { Clock } from './lib/clock';
import type { AuditEvent } from './lib/service-context';
import type { ServiceDeps } from './service-deps';

/** Who is calling: resolved once per request from the Api-Token header by the auth plugin. */
export interface Principal {
  userId: number;
  sessionId: number;
  role: Role;
  email: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    env: Env;
    clock: Clock;
    /** The services' outside dependencies (lib/service-context.ts hands them to each service). */
    deps: ServiceDeps;
  }
  interface FastifyRequest {
    principal: Principal | null;
    /** Records a staff mutation with the caller and IP filled in; pass the transaction it belongs to. */
    audit(event: AuditEvent, tx?: Db): Promise<void>;
  }
  interface FastifyContextConfig {
    /**
     * Who may call the route, declared next to it: 'public', or the roles allowed.
     * Left out, a route is staff-only (admin and editor): secure by default.
     */
    auth?: 'public' | readonly Role[];
  }
}
