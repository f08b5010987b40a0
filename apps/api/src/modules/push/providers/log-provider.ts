import type { FastifyBaseLogger } from 'fastify';
import type { PushProvider } from './provider';

/** The default: every message "delivered", the batch written to the log (deliveries stay in the database). */
export function logProvider(log: FastifyBaseLogger): PushProvider {
  return {
    name: 'log',
    async send(messages) {
      if (messages.length > 0)
        log.info(
          { push: messages.length, collapseKey: messages[0]?.collapseKey, title: messages[0]?.title },
          'push sent (log provider)',
        );
      return messages.map(() => ({ status: 'sent' as const }));
    },
  };
}
