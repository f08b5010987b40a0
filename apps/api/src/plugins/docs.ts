import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the same zod schemas that validate and serialize (docs/decisions/0010). */
export const docsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Pult API', description: 'Admin API of the Pult back office', version: '0.1.0' },
        servers: [{ url: '/api' }],
        components: { securitySchemes: { apiToken: { type: 'apiKey', in: 'header', name: 'Api-Token' } } },
        security: [{ apiToken: [] }],
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
  },
  { name: 'docs' },
);
