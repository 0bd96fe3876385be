import type { Db } from '@/db/client.ts';
import { insertOutboxEmail } from './email.queries.ts';
import type { RenderedEmail } from './email.templates.ts';

export interface QueueEmailInput {
  kind: 'password_reset' | 'invite' | 'proposal' | 'proposal_answer' | 'proposal_update';
  to: string;
  /** Where the recipient's replies go (never the no-reply sender for a proposal). */
  replyTo?: string | null;
  email: RenderedEmail;
  organizationId?: string | null;
}

type Listener = () => void;
const listeners = new Set<Listener>();

/** Lets the in-process worker send right away instead of waiting for its next poll. */
export function onEmailQueued(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Queues a message in the durable outbox (inside the caller's transaction when db is one). */
export async function queueEmail(db: Db, input: QueueEmailInput): Promise<void> {
  await insertOutboxEmail(db, {
    kind: input.kind,
    toAddress: input.to,
    replyTo: input.replyTo ?? null,
    subject: input.email.subject,
    html: input.email.html,
    text: input.email.text,
    links: input.email.links,
    organizationId: input.organizationId ?? null,
  });
  for (const listener of listeners) listener();
}
