import { ErrorEnvelopeSchema } from '@aceite/shared/schemas/common';
import { WEBHOOK_EVENT_COMPONENTS } from '@aceite/shared/schemas/webhook-events';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiKeyMayReach } from '@/lib/api-key-access.ts';
import { webhooksOpenApi } from '@/modules/webhooks/webhooks.openapi.ts';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * The zod schemas as JSON Schema; every authenticated operation an API key may call also lists the API key
 * scheme, so the reference says which routes an integration can use (docs/integrations.md), and the key's
 * 429 (its limit per minute, docs/integrations.md#limits) among its answers; an operation with a body also
 * declares the 415 of a body in a type no parser reads, and every operation the 404 of a host that does not serve it.
 */
function transform(input: TransformInput) {
  const methods = ([] as string[]).concat(input.route.method);
  const security = (input.schema as { security?: unknown[] } | undefined)?.security;
  const byKey = !!security?.length && methods.every((m) => apiKeyMayReach(m, input.url));
  const given = input.schema as { response?: Record<string, unknown>; body?: unknown } | undefined;
  // Answers the framework gives whatever the route: a body of a type no parser reads is a 415; any route on a
  // host that does not serve it (a custom domain serves only the client's pages, plugins/custom-host.ts) a 404.
  const extra = {
    404: ErrorEnvelopeSchema,
    ...(byKey ? { 429: ErrorEnvelopeSchema } : {}),
    ...(given?.body ? { 415: ErrorEnvelopeSchema } : {}),
  };
  const response = given?.response && { ...extra, ...given.response };
  const out = jsonSchemaTransform(response ? { ...input, schema: { ...input.schema, response } } : input);
  const schema = out.schema as { security?: Record<string, string[]>[]; operationId?: string };
  if (byKey && schema.security) schema.security = [...schema.security, { apiKeyAuth: [] }];
  // The routes that take no session say so (`security: []`); any other route without a scheme fails the
  // document's lint (apps/server/src/plugins/openapi.test.ts), so a forgotten one is never shown as public.
  if (!schema.security && PUBLIC_PREFIXES.some((prefix) => input.url.startsWith(prefix))) {
    schema.security = [];
  }
  schema.operationId ??= operationIdOf(methods[0] ?? 'GET', input.url);
  return out;
}

/** The routes open without a session (docs/product.md#api-conventions): sign-in, the client's page, health. */
const PUBLIC_PREFIXES = ['/api/v1/auth/', '/api/v1/public/', '/api/v1/health', '/api/v1/invites/'];

/**
 * A stable operationId from the method and the path, so typed clients have names (issue 35):
 * `GET /api/v1/proposals/{id}/pdf` → `getProposalsByIdPdf`. A route may set its own.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/v1\//, '')
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `by-${part.slice(1)}` : part))
    .flatMap((part) => part.split(/[-_.]/))
    .filter(Boolean);
  const camel = words.map((w) => w[0]?.toUpperCase() + w.slice(1)).join('');
  return `${method.toLowerCase()}${camel}`;
}

/**
 * The resources both the API's answers and the webhook events carry are named components, so each is declared
 * once in the document and the events reference the answer's own schema (issue 35). Registered with zod's
 * global registry (where the schemas' descriptions live), keeping what is already there.
 */
for (const [id, schema] of Object.entries(WEBHOOK_EVENT_COMPONENTS)) {
  z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id });
}

/**
 * The components, without the request-side copies no request uses (fastify-type-provider-zod writes both an
 * `XInput` and an `X` for each registered schema; `ProposalInput` would read as the create body, which it is not).
 */
function transformObject(input: Parameters<typeof jsonSchemaTransformObject>[0]) {
  const doc = jsonSchemaTransformObject(input) as { components?: { schemas?: Record<string, unknown> } };
  const schemas = doc.components?.schemas ?? {};
  const text = JSON.stringify(doc);
  for (const id of Object.keys(WEBHOOK_EVENT_COMPONENTS)) {
    if (!text.includes(`"#/components/schemas/${id}Input"`)) delete schemas[`${id}Input`];
  }
  namePropertiesOfExhaustiveRecords(doc);
  return doc as ReturnType<typeof jsonSchemaTransformObject>;
}

/**
 * zod writes a record keyed by an enum (`byStatus`: a count for every status) as `propertyNames` + `required`
 * with no `properties`; the same object with each key also named in `properties` says the same, and readers
 * (Redocly's no-required-schema-properties-undefined, typed-client generators) see its fields.
 */
function namePropertiesOfExhaustiveRecords(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) namePropertiesOfExhaustiveRecords(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as {
    properties?: object;
    required?: string[];
    propertyNames?: { enum?: string[] };
    additionalProperties?: unknown;
  };
  const keys = schema.propertyNames?.enum;
  if (!schema.properties && keys && schema.required && typeof schema.additionalProperties === 'object') {
    schema.properties = Object.fromEntries(keys.map((key) => [key, schema.additionalProperties]));
  }
  for (const value of Object.values(node)) namePropertiesOfExhaustiveRecords(value);
}

/** The OpenAPI document is generated from the same zod schemas that validate requests; browsable at /api/docs. */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Aceite API',
          description: 'API da plataforma de propostas comerciais Aceite.',
          version: '1.0.0',
        },
        servers: [{ url: '/' }],
        components: {
          securitySchemes: {
            bearerAuth: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'JWT',
              description:
                'A sessão da aplicação: o token de acesso de 15 minutos devolvido por /auth/login.',
            },
            apiKeyAuth: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'ak_…',
              description:
                'Uma chave de API da organização (Configurações → Integrações), enviada como ' +
                '`Authorization: Bearer ak_…`. Só leitura: direitos de Visualizador; Leitura e escrita: de Gestor. ' +
                '600 pedidos por minuto por chave, com os cabeçalhos RateLimit.',
            },
          },
        },
        // The events the organization's webhook endpoints receive (docs/integrations.md#webhooks).
        webhooks: webhooksOpenApi() as never,
      },
      transform,
      transformObject,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { docExpansion: 'list', deepLinking: true },
    });
  },
  { name: 'openapi' },
);
