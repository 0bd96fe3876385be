import { webhookEventComponent } from '@aceite/shared/schemas/webhook-events';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT,
} from '@aceite/shared/schemas/webhooks';

const SIGNATURE_HEADERS = [
  { name: 'webhook-id', description: 'O id do evento (msg_…), igual em cada tentativa e reenvio.' },
  {
    name: 'webhook-timestamp',
    description: 'Segundos desde 1970 (UTC) do envio; recuse se estiver a mais de 5 minutos.',
  },
  {
    name: 'webhook-signature',
    description:
      'v1,<base64 de HMAC-SHA256 de "{id}.{timestamp}.{corpo}" com o segredo whsec_>; durante uma rotação, duas assinaturas separadas por um espaço.',
  },
].map((h) => ({ ...h, in: 'header', required: true, schema: { type: 'string' } }));

/**
 * The OpenAPI 3.1 `webhooks` object: one POST per event, its body `{ id, type, createdAt, data }` with `data`
 * the same schema the API answers, and the Standard Webhooks signature headers (docs/integrations.md#webhooks).
 */
export function webhooksOpenApi(): Record<string, unknown> {
  const types = [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT] as const;
  return Object.fromEntries(
    types.map((type) => [
      type,
      {
        post: {
          tags: ['webhooks'],
          operationId: `webhook.${type}`.replace(/[._]([a-z])/g, (_, c: string) => c.toUpperCase()),
          // Sent by Aceite to the receiver: no API scheme applies; the signature headers authenticate it.
          security: [],
          summary: type === WEBHOOK_TEST_EVENT ? 'Evento de teste' : WEBHOOK_EVENT_LABELS[type],
          description:
            'Enviado a cada endpoint subscrito, assinado segundo a especificação Standard Webhooks. Responda 2xx para confirmar; 410 desativa o endpoint; outra resposta é repetida com recuo exponencial durante cerca de 3 dias.',
          parameters: SIGNATURE_HEADERS,
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['id', 'type', 'createdAt', 'data'],
                  properties: {
                    id: { type: 'string', description: 'msg_…, o mesmo que webhook-id' },
                    type: { type: 'string', const: type },
                    createdAt: { type: 'string', format: 'date-time' },
                    // The same component the API's answer references (issue 35).
                    data: { $ref: `#/components/schemas/${webhookEventComponent(type)}` },
                  },
                },
              },
            },
          },
          responses: {
            '200': { description: 'Recebido (qualquer 2xx)' },
            '410': { description: 'Desativa o endpoint' },
          },
        },
      },
    ]),
  );
}
