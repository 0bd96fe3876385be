import { webhookEventDataSchema } from '@aceite/shared/schemas/webhook-events';
import {
  WEBHOOK_DELIVERY_ERRORS,
  WEBHOOK_MESSAGES,
  WEBHOOK_TEST_EVENT,
  type WebhookAttempt,
  type WebhookEndpoint,
  type WebhookEndpointInputSchema,
  type WebhookEventType,
} from '@aceite/shared/schemas/webhooks';
import { z } from 'zod';
import type { Db } from '@/db/client.ts';
import { assertCan } from '@/lib/access.ts';
import { AppError, fieldError } from '@/lib/app-error.ts';
import { assertPlanFeature } from '@/lib/entitlements.ts';
import type { OutboundResult } from '@/lib/outbound-post.ts';
import { type Pagination, toPagination } from '@/lib/pagination.ts';
import { checkOutboundUrl } from '@/lib/ssrf-guard.ts';
import { type TenantContext, withTx } from '@/lib/tenant-scope.ts';
import { queueEmail } from '@/modules/email/email.service.ts';
import { webhookDisabledEmail } from '@/modules/email/email.templates.ts';
import { notify } from '@/modules/notifications/notifications.service.ts';
import { WEBHOOKS_SETTINGS_URL, webhookDisabledText } from '@/modules/notifications/notifications.texts.ts';
import {
  type ClaimedDelivery,
  deleteEndpointById,
  disableEndpoint,
  insertAttempt,
  insertDelivery,
  insertEndpoint,
  insertEventForEndpoint,
  insertEventWithDeliveries,
  lockAndCountEndpoints,
  markDelivered,
  markDeliveryRetry,
  markEndpointFailing,
  markEndpointHealthy,
  selectActiveAdmins,
  selectAttempts,
  selectDelivery,
  selectEndpointById,
  selectEndpoints,
  updateEndpointById,
  type WebhookEndpointRow,
} from './webhooks.queries.ts';
import { newEventId, newWebhookSecret } from './webhooks.signing.ts';

type EndpointInput = z.output<typeof WebhookEndpointInputSchema>;

/** How long the secret before a rotation keeps signing beside the new one (docs/product.md#webhooks). */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toDto(row: WebhookEndpointRow): WebhookEndpoint {
  const previousValid = row.previousSecretExpiresAt && row.previousSecretExpiresAt > new Date();
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    status: row.status,
    disabledReason: row.disabledReason,
    failingSince: iso(row.failingSince),
    previousSecretExpiresAt: previousValid ? iso(row.previousSecretExpiresAt) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

type Listener = () => void;
const listeners = new Set<Listener>();

/** Lets the in-process delivery worker start at once instead of waiting for its next poll. */
export function onWebhookQueued(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const wake = () => {
  for (const listener of listeners) listener();
};

/**
 * Records an event for the organization's subscribed endpoints, inside the caller's transaction so the event
 * exists exactly when the change does (docs/product.md#webhooks). `data` is the DTO the API returns for the
 * record; `orderingKey` (a proposal's id) keeps one record's events in order per endpoint.
 */
export async function enqueueEvent(
  db: Db,
  event: { organizationId: string; type: WebhookEventType; data: unknown; orderingKey?: string | null },
): Promise<void> {
  const id = newEventId();
  const body = JSON.stringify({
    id,
    type: event.type,
    createdAt: new Date().toISOString(),
    // Serialized as the matching GET's answer is (fastify-type-provider-zod encodes through the response
    // schema): the same fields, nothing the schema does not declare (issue 35, docs/integrations.md#events).
    data: z.encode(webhookEventDataSchema(event.type), event.data),
  });
  const queued = await insertEventWithDeliveries(db, {
    id,
    organizationId: event.organizationId,
    type: event.type,
    body,
    orderingKey: event.orderingKey ?? null,
  });
  if (queued > 0) wake();
}

/** What one organization may have and do (docs/integrations.md#limits). */
export interface WebhookLimits {
  endpointsPerOrganization: number;
  /** "Enviar evento de teste" per organization per hour (counted by the route's rate limit). */
  testEventsPerHour: number;
}

export interface WebhookOptions {
  /** WEBHOOKS_ALLOW_PRIVATE: http, private addresses and any port allowed (tests, closed networks; unsafe). */
  allowPrivate: boolean;
  /** WEBHOOKS_ALLOWED_PORTS (lib/ssrf-guard.ts DEFAULT_ALLOWED_PORTS when absent). */
  allowedPorts?: readonly number[];
  limits: WebhookLimits;
}

const notFound = () => new AppError('NOT_FOUND', WEBHOOK_MESSAGES.endpointNotFound);

function assertManage(ctx: TenantContext): void {
  assertCan(ctx.role, 'webhook:manage', WEBHOOK_MESSAGES.forbidden);
}

async function assertUrlAllowed(url: string, opts: WebhookOptions): Promise<void> {
  const check = await checkOutboundUrl(url, opts);
  if (check.ok) return;
  const message = {
    'not-https': WEBHOOK_MESSAGES.urlNotHttps,
    port: WEBHOOK_MESSAGES.urlPort,
    forbidden: WEBHOOK_MESSAGES.urlForbidden,
    unresolvable: WEBHOOK_MESSAGES.urlUnresolvable,
  }[check.reason];
  throw fieldError('url', message);
}

export async function listEndpoints(ctx: TenantContext): Promise<WebhookEndpoint[]> {
  assertManage(ctx);
  return (await selectEndpoints(ctx)).map(toDto);
}

export async function getEndpoint(ctx: TenantContext, id: string): Promise<WebhookEndpoint> {
  assertManage(ctx);
  const row = await selectEndpointById(ctx, id);
  if (!row) throw notFound();
  return toDto(row);
}

export async function createEndpoint(
  ctx: TenantContext,
  input: EndpointInput,
  opts: WebhookOptions,
): Promise<WebhookEndpoint> {
  assertManage(ctx);
  await assertPlanFeature(ctx, 'webhooks');
  await assertUrlAllowed(input.url, opts);
  const row = await withTx(ctx, async (tx) => {
    // Each endpoint multiplies every event into outbound requests: the count is capped (Svix does the same).
    if ((await lockAndCountEndpoints(tx)) >= opts.limits.endpointsPerOrganization)
      throw new AppError('CONFLICT', WEBHOOK_MESSAGES.endpointLimit);
    return insertEndpoint(tx, {
      url: input.url,
      description: input.description,
      events: input.events,
      status: input.status,
      secret: newWebhookSecret(),
      createdBy: ctx.userId,
    });
  });
  return toDto(row);
}

/** Saving an endpoint as active re-enables one the platform disabled (its failure streak starts over). */
export async function updateEndpoint(
  ctx: TenantContext,
  id: string,
  input: EndpointInput,
  opts: WebhookOptions,
): Promise<WebhookEndpoint> {
  assertManage(ctx);
  if (!(await selectEndpointById(ctx, id))) throw notFound();
  await assertUrlAllowed(input.url, opts);
  const row = await updateEndpointById(ctx, id, {
    url: input.url,
    description: input.description,
    events: input.events,
    status: input.status,
    disabledReason: null,
    failingSince: null,
  });
  if (!row) throw notFound();
  if (row.status === 'active') wake();
  return toDto(row);
}

export async function deleteEndpoint(ctx: TenantContext, id: string): Promise<void> {
  assertManage(ctx);
  if (!(await deleteEndpointById(ctx, id))) throw notFound();
}

/** The signing secret, shown on request to admins only. */
export async function revealSecret(ctx: TenantContext, id: string): Promise<{ secret: string }> {
  assertManage(ctx);
  const row = await selectEndpointById(ctx, id);
  if (!row) throw notFound();
  return { secret: row.secret };
}

/**
 * "Rodar segredo": a new secret signs from now on; the current one keeps signing beside it for 24 hours so
 * the receiver can switch without losing an event (docs/integrations.md#rotating-the-secret).
 */
export async function rotateSecret(ctx: TenantContext, id: string): Promise<{ secret: string }> {
  assertManage(ctx);
  return withTx(ctx, async (tx) => {
    const row = await selectEndpointById(tx, id);
    if (!row) throw notFound();
    const secret = newWebhookSecret();
    await updateEndpointById(tx, id, {
      secret,
      previousSecret: row.secret,
      previousSecretExpiresAt: new Date(Date.now() + ROTATION_OVERLAP_MS),
    });
    return { secret };
  });
}

/** "Enviar evento de teste": a `webhook.test` event for this endpoint alone. */
export async function sendTestEvent(ctx: TenantContext, id: string): Promise<{ deliveryId: string }> {
  assertManage(ctx);
  const deliveryId = await withTx(ctx, async (tx) => {
    const row = await selectEndpointById(tx, id);
    if (!row) throw notFound();
    const eventId = newEventId();
    const body = JSON.stringify({
      id: eventId,
      type: WEBHOOK_TEST_EVENT,
      createdAt: new Date().toISOString(),
      data: { endpointId: row.id, message: 'Evento de teste do Aceite' },
    });
    return insertEventForEndpoint(tx, { id: eventId, type: WEBHOOK_TEST_EVENT, body }, row.id);
  });
  wake();
  return { deliveryId };
}

/** "Reenviar": the same event (same id and body) again, as a new delivery with its own attempts. */
export async function replayDelivery(
  ctx: TenantContext,
  endpointId: string,
  deliveryId: string,
): Promise<{ deliveryId: string }> {
  assertManage(ctx);
  if (!(await selectEndpointById(ctx, endpointId))) throw notFound();
  const delivery = await selectDelivery(ctx, endpointId, deliveryId);
  if (!delivery) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.deliveryNotFound);
  const id = await insertDelivery(ctx, delivery.eventId, endpointId);
  wake();
  return { deliveryId: id };
}

export async function listAttempts(
  ctx: TenantContext,
  endpointId: string,
  query: { page: number; limit: number },
): Promise<{ data: WebhookAttempt[]; pagination: Pagination }> {
  assertManage(ctx);
  if (!(await selectEndpointById(ctx, endpointId))) throw notFound();
  const { rows, total } = await selectAttempts(ctx, endpointId, {
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return {
    data: rows.map((r) => ({ ...r, attemptedAt: r.attemptedAt.toISOString() })),
    pagination: toPagination(query.page, query.limit, total),
  };
}

export type AttemptOutcome = 'delivered' | 'retry' | 'gave-up' | 'endpoint-disabled';

/**
 * Records one attempt in the log and decides what follows (docs/product.md#webhooks), in one transaction: any
 * 2xx is delivered and ends the endpoint's failure streak; 410 Gone disables the endpoint; anything else is
 * retried with backoff while the event is younger than the retry window, and an endpoint failing for the
 * disable period is disabled. A disabled endpoint's admins are told (notification and email).
 */
export async function recordAttemptResult(
  db: Db,
  d: ClaimedDelivery,
  result: OutboundResult,
  policy: {
    appUrl: string;
    retryAt: (attempt: number) => Date;
    retryWindowMs: number;
    disableAfterMs: number;
  },
): Promise<AttemptOutcome> {
  const success = result.status !== null && result.status >= 200 && result.status < 300;
  return db.transaction(async (tx) => {
    await insertAttempt(tx, {
      organizationId: d.organizationId,
      endpointId: d.endpoint.id,
      deliveryId: d.id,
      attempt: d.attempts,
      responseStatus: result.status,
      durationMs: result.durationMs,
      // No answer: a few pt-PT words, never the connection's error text (docs/product.md#webhooks).
      responseBody: result.error ? WEBHOOK_DELIVERY_ERRORS[result.error] : result.body,
      success,
    });
    if (success) {
      await markDelivered(tx, d.id);
      await markEndpointHealthy(tx, d.endpoint.id);
      return 'delivered';
    }
    if (result.status === 410) {
      await markDeliveryRetry(tx, d.id, null);
      await disableAndTell(tx, d, 'o recetor respondeu 410 (Gone)', policy.appUrl);
      return 'endpoint-disabled';
    }
    const failingSince = await markEndpointFailing(tx, d.endpoint.id);
    const expired = Date.now() - d.eventCreatedAt.getTime() >= policy.retryWindowMs;
    await markDeliveryRetry(tx, d.id, expired ? null : policy.retryAt(d.attempts));
    if (Date.now() - failingSince.getTime() >= policy.disableAfterMs) {
      await disableAndTell(tx, d, 'todas as entregas falharam durante 5 dias', policy.appUrl);
      return 'endpoint-disabled';
    }
    return expired ? 'gave-up' : 'retry';
  });
}

async function disableAndTell(db: Db, d: ClaimedDelivery, reason: string, appUrl: string): Promise<void> {
  if (!(await disableEndpoint(db, d.endpoint.id, reason))) return;
  const reasonText = `${reason.charAt(0).toUpperCase()}${reason.slice(1)}.`;
  for (const admin of await selectActiveAdmins(db, d.organizationId)) {
    await notify(db, {
      organizationId: d.organizationId,
      userId: admin.id,
      ...webhookDisabledText({ url: d.endpoint.url, reason: `${reason}.` }),
    });
    await queueEmail(db, {
      kind: 'webhook_disabled',
      to: admin.email,
      organizationId: d.organizationId,
      email: webhookDisabledEmail({
        url: d.endpoint.url,
        reason: reasonText,
        link: `${appUrl}${WEBHOOKS_SETTINGS_URL}`,
      }),
    });
  }
}
