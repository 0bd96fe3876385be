import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { apiKeyMayReach } from '@/lib/api-key-access.ts';
import { webhooksOpenApi } from '@/modules/webhooks/webhooks.openapi.ts';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * The zod schemas as JSON Schema; every authenticated operation an API key may call also lists the API key
 * scheme, so the reference says which routes an integration can use (docs/integrations.md).
 */
function transform(input: TransformInput) {
  const out = jsonSchemaTransform(input);
  const schema = out.schema as { security?: Record<string, string[]>[]; operationId?: string };
  const methods = ([] as string[]).concat(input.route.method);
  if (schema.security?.length && methods.every((m) => apiKeyMayReach(m, input.url))) {
    schema.security = [...schema.security, { apiKeyAuth: [] }];
  }
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
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { docExpansion: 'list', deepLinking: true },
    });
  },
  { name: 'openapi' },
);
