import { contentSha256 } from '@aceite/shared/content-hash';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '@/db/client.ts';
import { answerCodes, emailOutbox, proposals } from '@/db/schema/index.ts';

/** The code in the newest answer-code email for the proposal behind `token`, read from the outbox. */
export async function lastAnswerCode(db: Db, token: string): Promise<string | null> {
  const [row] = await db
    .select({ text: emailOutbox.text })
    .from(answerCodes)
    .innerJoin(proposals, eq(proposals.id, answerCodes.proposalId))
    .innerJoin(emailOutbox, eq(emailOutbox.id, answerCodes.outboxId))
    .where(eq(proposals.publicToken, token))
    .orderBy(desc(answerCodes.createdAt))
    .limit(1);
  return row?.text.match(/^(\d{6})$/m)?.[1] ?? null;
}

const known = new Map<string, string>();

/**
 * The client's one-time code for the proposal, as the client gets it: requested on the public route, read
 * from the email in the outbox. Asked once per link (a second request within a minute is refused); null when
 * the proposal takes no code (setting off, no client email) or cannot be answered.
 */
export async function answerCodeFor(
  t: { app: FastifyInstance; db: Db },
  token: string,
): Promise<string | null> {
  const cached = known.get(token);
  if (cached) return cached;
  const res = await t.app.inject({ method: 'POST', url: `/api/v1/public/proposals/${token}/code` });
  if (res.statusCode !== 200) return null;
  const code = await lastAnswerCode(t.db, token);
  if (code) known.set(token, code);
  return code;
}

/** Well-formed values for a page that could not be read: the server refuses the link (404/409) before them. */
export const NOTHING_SHOWN = { version: 0, contentSha256: '0'.repeat(64) };

/**
 * What the page shows and sends back with a decision (docs/product.md#content-binding): the version and the
 * SHA-256 of the canonical content, read without counting a view.
 */
export async function shownVersion(
  t: { app: FastifyInstance },
  token: string,
): Promise<{ version: number; contentSha256: string }> {
  const res = await t.app.inject({ url: `/api/v1/public/proposals/${token}?refresh=1` });
  if (res.statusCode !== 200) return NOTHING_SHOWN;
  const proposal = res.json().data;
  return { version: proposal.version, contentSha256: await contentSha256(proposal) };
}

/**
 * A public answer as the client gives it: with what the page showed and the emailed code when the proposal
 * asks for one. Fields in `payload` win (a test sends a stale version that way).
 */
export async function answerAsClient(
  t: { app: FastifyInstance; db: Db },
  token: string,
  action: string,
  payload?: Record<string, unknown> | null,
  headers: Record<string, string> = {},
) {
  const code = await answerCodeFor(t, token);
  const shown = await shownVersion(t, token);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/public/proposals/${token}/${action}`,
    headers,
    payload: { ...shown, ...(payload ?? {}), ...(code ? { code } : {}) },
  });
}
