import type { SwaggerTransformObject } from '@fastify/swagger';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { allEndpoints } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** What each group of operations is about; a group without a line here is described by its name. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  auth: 'Sign-in, token refresh, sign-out and password reset.',
  config: 'Public settings the SPA reads before anyone signs in.',
  users: 'Accounts: staff (admins, editors) and the app users they manage.',
  plans: 'Subscription plans: terms, prices, icons, and whether they can be granted or sold.',
  subscriptions: "Users' subscriptions: lists and grants by staff.",
  transactions: 'Payments and grants recorded for subscriptions.',
  'promo-codes': 'Promo code series, their generated codes, activations and landing-page theme.',
  client: "Calls made by the planner app on its signed-in user's behalf.",
  audit: 'The audit trail of staff actions.',
  'list-views': "Staff members' column settings and saved views of the list screens, personal or shared.",
};

/**
 * Every tag an operation of the endpoint map uses, declared once: tools that read the document (and
 * Spectral's `operation-tag-defined`) expect each to be listed with a description.
 */
const tags = [...new Set(allEndpoints().map((endpoint) => endpoint.tag))].map((name) => ({
  name,
  description: TAG_DESCRIPTIONS[name] ?? `Operations on ${name.replaceAll('-', ' ')}.`,
}));

/**
 * Registered schemas come out twice (as written and as read, `…Input`); a variant no operation uses
 * is dropped so the document holds no dead components.
 */
const withoutUnusedSchemas: SwaggerTransformObject = (input) => {
  const document = jsonSchemaTransformObject(input) as { components?: { schemas?: Record<string, unknown> } };
  const schemas = document.components?.schemas;
  if (!schemas) return document as ReturnType<SwaggerTransformObject>;
  const used = (name: string) => {
    const { [name]: _self, ...rest } = schemas;
    return JSON.stringify({ ...document, components: { ...document.components, schemas: rest } }).includes(
      `"#/components/schemas/${name}"`,
    );
  };
  for (const name of Object.keys(schemas)) if (!used(name)) delete schemas[name];
  return document as ReturnType<SwaggerTransformObject>;
};

/**
 * OpenAPI generated from the same zod schemas that validate and serialize. Schemas registered with
 * a zod `id` (ErrorResponse, PublicConfig …) become `components.schemas`, which operations `$ref`.
 */
export const docsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Pult API',
          description:
            'Admin API of the Pult back office: accounts, subscription plans, subscriptions, payments and ' +
            'promo codes, plus the few calls the planner app makes. Errors share one shape with a stable `code`.',
          version: '0.1.0',
          contact: { name: 'Pult maintainers' },
          license: { name: 'Proprietary' },
        },
        servers: [{ url: '/api' }],
        tags,
        components: {
          securitySchemes: {
            apiToken: {
              type: 'apiKey',
              in: 'header',
              name: 'Api-Token',
              description: 'The `apiToken` a sign-in or token refresh returns; it lives one hour.',
            },
          },
        },
        security: [{ apiToken: [] }],
      },
      transform: jsonSchemaTransform,
      transformObject: withoutUnusedSchemas,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
  },
  { name: 'docs' },
);
