import { z } from 'zod';

/** The events an endpoint may subscribe to (docs/product.md#webhooks). */
export const WEBHOOK_EVENT_TYPES = [
  'proposal.created',
  'proposal.updated',
  'proposal.sent',
  'proposal.viewed',
  'proposal.accepted',
  'proposal.rejected',
  'proposal.signed',
  'proposal.expired',
  'proposal.cancelled',
  'proposal.approval_requested',
  'proposal.approved',
  'proposal.approval_returned',
  'proposal.reminder_sent',
  'comment.created',
  'client_message.created',
  'client.created',
  'client.updated',
  'collection.exported',
  'collection.returned',
  'mandate.created',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The test event "Enviar evento de teste" sends; never subscribed to, always sent on request. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'proposal.created': 'Proposta criada',
  'proposal.updated': 'Proposta alterada',
  'proposal.sent': 'Proposta enviada',
  'proposal.viewed': 'Proposta vista pela primeira vez',
  'proposal.accepted': 'Proposta aceite',
  'proposal.rejected': 'Proposta rejeitada',
  'proposal.signed': 'Proposta assinada',
  'proposal.expired': 'Proposta expirada',
  'proposal.cancelled': 'Proposta cancelada',
  'proposal.approval_requested': 'Aprovação pedida',
  'proposal.approved': 'Proposta aprovada',
  'proposal.approval_returned': 'Proposta devolvida na aprovação',
  'proposal.reminder_sent': 'Lembrete enviado ao cliente',
  'comment.created': 'Comentário criado',
  'client_message.created': 'Pergunta ou pedido de alterações do cliente',
  'client.created': 'Cliente criado',
  'client.updated': 'Cliente alterado',
  'collection.exported': 'Ficheiro SEPA exportado',
  'collection.returned': 'Cobrança SEPA devolvida',
  'mandate.created': 'Autorização de débito direto SEPA assinada',
};

export const WEBHOOK_ENDPOINT_STATUSES = ['active', 'paused', 'disabled'] as const;
export type WebhookEndpointStatus = (typeof WEBHOOK_ENDPOINT_STATUSES)[number];

export const WEBHOOK_ENDPOINT_STATUS_LABELS: Record<WebhookEndpointStatus, string> = {
  active: 'Ativo',
  paused: 'Pausado',
  disabled: 'Desativado',
};

export const WEBHOOK_MESSAGES = {
  urlRequired: 'O URL é obrigatório',
  urlInvalid: 'Indique um URL válido (https://…)',
  urlNotHttps: 'O URL tem de usar https',
  urlForbidden: 'Este endereço não é permitido: aponta para uma rede privada ou interna',
  urlUnresolvable: 'Não foi possível encontrar o endereço deste URL',
  urlPort: 'Esta porta não é permitida: use a 443 (ou 80, 8080, 8443)',
  endpointLimit: 'A organização já tem o número máximo de webhooks: apague um antes de criar outro',
  testLimit: 'Demasiados eventos de teste nesta hora: tente mais tarde',
  eventsRequired: 'Escolha pelo menos um evento',
  endpointNotFound: 'Webhook não encontrado',
  deliveryNotFound: 'Entrega não encontrada',
  forbidden: 'Só os administradores gerem os webhooks',
} as const;

export const WebhookEndpointInputSchema = z.object({
  url: z
    .string({ error: WEBHOOK_MESSAGES.urlRequired })
    .trim()
    .min(1, WEBHOOK_MESSAGES.urlRequired)
    .max(2000, WEBHOOK_MESSAGES.urlInvalid)
    .pipe(z.url({ protocol: /^https?$/, error: WEBHOOK_MESSAGES.urlInvalid })),
  description: z.string().trim().max(200).default(''),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES))
    .min(1, WEBHOOK_MESSAGES.eventsRequired)
    .transform((list) => [...new Set(list)]),
  status: z.enum(['active', 'paused']).default('active'),
});
export type WebhookEndpointInput = z.input<typeof WebhookEndpointInputSchema>;

export const WebhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  status: z.enum(WEBHOOK_ENDPOINT_STATUSES),
  /** Why the platform disabled it (410, or failing for 5 days); null otherwise. */
  disabledReason: z.string().nullable(),
  /** Since when every attempt has failed; null while deliveries succeed. */
  failingSince: z.string().nullable(),
  /** While a rotation's old secret is still valid (24 h), both signatures are sent. */
  previousSecretExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

export const WebhookSecretSchema = z.object({ secret: z.string() });
export type WebhookSecret = z.infer<typeof WebhookSecretSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** One attempt of the log: the event, its attempt number, when, and what the receiver answered. */
export const WebhookAttemptSchema = z.object({
  id: z.uuid(),
  deliveryId: z.uuid(),
  eventId: z.string(),
  eventType: z.string(),
  attempt: z.number().int(),
  attemptedAt: z.string(),
  /** The HTTP status; null when no answer came (timeout, refused connection, forbidden address). */
  responseStatus: z.number().int().nullable(),
  durationMs: z.number().int(),
  /** The first 1 KB of the answer's body, or what went wrong in a few words (WEBHOOK_DELIVERY_ERRORS). */
  responseBody: z.string(),
  success: z.boolean(),
  deliveryStatus: z.enum(WEBHOOK_DELIVERY_STATUSES),
});
export type WebhookAttempt = z.infer<typeof WebhookAttemptSchema>;

/**
 * What the delivery log says when no answer came: a few words, never the connection's own error text (it names
 * addresses inside the network and the server's internals; docs/product.md#webhooks).
 */
export const WEBHOOK_DELIVERY_ERRORS = {
  refused: 'Ligação recusada',
  timeout: 'Tempo esgotado',
  forbidden: 'Endereço não permitido',
  tls: 'Erro de TLS',
  dns: 'Endereço não encontrado',
  reset: 'Ligação interrompida',
  other: 'Erro de ligação',
} as const;
export type WebhookDeliveryError = keyof typeof WEBHOOK_DELIVERY_ERRORS;

export const ListWebhookAttemptsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
