import { z } from 'zod';
import { ClientDetailSchema } from './clients.ts';
import { CommentSchema } from './collaboration.ts';
import { ProposalMessageSchema } from './proposal-messages.ts';
import { ProposalSchema } from './proposals.ts';
import { CollectionExportedEventDataSchema, CollectionReturnedEventDataSchema } from './sepa-collections.ts';
import { WEBHOOK_TEST_EVENT, type WebhookEventType } from './webhooks.ts';

/*
 * What each webhook event's `data` is: the schema of the API's answer for the same record (issue 35,
 * docs/integrations.md#events). The server encodes every event's data through it, exactly as a GET's answer is
 * serialized, and the OpenAPI `webhooks` section references it, so the three never differ. Kept apart from
 * webhooks.ts so the settings screen does not bundle the proposal schemas.
 */

/** `comment.created`: the comment as `GET /proposals/{id}/comments` lists it, with its proposal. */
export const CommentEventDataSchema = CommentSchema.extend({ proposalId: z.uuid() });

/** `client_message.created`: the client's question or change request as the team lists it, with its proposal. */
export const ClientMessageEventDataSchema = ProposalMessageSchema.extend({ proposalId: z.uuid() });

/**
 * `mandate.created`: the SEPA mandate the client signed with the acceptance (docs/product.md#the-mandate-at-acceptance),
 * the IBAN masked, with the schedule of its collections.
 */
export const MandateCreatedEventDataSchema = z.object({
  reference: z.string(),
  proposalId: z.uuid(),
  proposalNumber: z.string(),
  debtorName: z.string(),
  ibanMasked: z.string(),
  signedAt: z.iso.datetime(),
  schedule: z.array(
    z.object({
      sequence: z.number().int(),
      sequenceType: z.enum(['FRST', 'RCUR', 'OOFF', 'FNAL']),
      collectionDate: z.iso.date(),
      amountCents: z.number().int(),
    }),
  ),
});

/** `webhook.test`: "Enviar evento de teste". */
export const WebhookTestEventDataSchema = z.object({ endpointId: z.uuid(), message: z.string() });

/** The component names of the OpenAPI document the events' `data` reference (apps/server/src/plugins/openapi.ts). */
export const WEBHOOK_EVENT_COMPONENTS = {
  Proposal: ProposalSchema,
  ClientDetail: ClientDetailSchema,
  CommentEventData: CommentEventDataSchema,
  ClientMessageEventData: ClientMessageEventDataSchema,
  WebhookTestEventData: WebhookTestEventDataSchema,
  CollectionExportedEventData: CollectionExportedEventDataSchema,
  CollectionReturnedEventData: CollectionReturnedEventDataSchema,
  MandateCreatedEventData: MandateCreatedEventDataSchema,
} as const;
export type WebhookEventComponent = keyof typeof WEBHOOK_EVENT_COMPONENTS;

export function webhookEventComponent(
  type: WebhookEventType | typeof WEBHOOK_TEST_EVENT,
): WebhookEventComponent {
  if (type === WEBHOOK_TEST_EVENT) return 'WebhookTestEventData';
  if (type === 'comment.created') return 'CommentEventData';
  if (type === 'client_message.created') return 'ClientMessageEventData';
  if (type === 'mandate.created') return 'MandateCreatedEventData';
  if (type.startsWith('client.')) return 'ClientDetail';
  if (type === 'collection.exported') return 'CollectionExportedEventData';
  if (type === 'collection.returned') return 'CollectionReturnedEventData';
  return 'Proposal';
}

export function webhookEventDataSchema(type: WebhookEventType | typeof WEBHOOK_TEST_EVENT): z.ZodType {
  return WEBHOOK_EVENT_COMPONENTS[webhookEventComponent(type)];
}
