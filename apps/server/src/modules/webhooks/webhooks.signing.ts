import { createHmac, randomBytes, randomUUID } from 'node:crypto';

const PREFIX = 'whsec_';

/** A new endpoint secret: `whsec_` + base64 of 32 random bytes (the Standard Webhooks format). */
export function newWebhookSecret(): string {
  return PREFIX + randomBytes(32).toString('base64');
}

/** A new event id (`webhook-id`): the same for every attempt and replay, so receivers can deduplicate. */
export function newEventId(): string {
  return `msg_${randomUUID().replaceAll('-', '')}`;
}

/**
 * The Standard Webhooks signature: base64 HMAC-SHA256 of `{id}.{timestamp}.{body}`, keyed with the secret's
 * decoded bytes (the part after `whsec_`), prefixed with the version `v1,`.
 */
export function signPayload(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/**
 * The three headers of one attempt. During a rotation both secrets sign: `webhook-signature` holds the
 * signatures separated by a space, and a receiver accepts the request if any matches (docs/integrations.md#rotating-the-secret).
 */
export function webhookHeaders(
  secrets: string[],
  id: string,
  body: string,
  now: Date = new Date(),
): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((s) => signPayload(s, id, timestamp, body)).join(' '),
  };
}
