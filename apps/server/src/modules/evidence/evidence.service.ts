import { createHash } from 'node:crypto';
import { MESSAGES } from '@aceite/shared/messages';
import type { EvidenceEvent, ProposalEvidence } from '@aceite/shared/schemas/evidence';
import canonicalize from 'canonicalize';
import type { Db } from '@/db/client.ts';
import type { EvidenceEventType } from '@/db/schema/index.ts';
import { AppError } from '@/lib/app-error.ts';
import { isPseudonymEmail } from '@/lib/pseudonym.ts';
import type { TenantContext } from '@/lib/tenant-scope.ts';
import {
  type EvidenceRow,
  insertEvidenceEvent,
  lockEvidenceHead,
  type ProposalOfOrganization,
  selectEvidence,
  selectEvidenceHead,
  selectProposalClientEmail,
  selectProposalExists,
} from './evidence.queries.ts';

export type { EvidenceEventType };

export interface NewEvidenceEvent {
  organizationId: string;
  proposalId: string;
  type: EvidenceEventType;
  /** Only JSON values; undefined keys are dropped (as jsonb would). */
  payload: Record<string, unknown>;
  occurredAt?: Date;
}

/** The first event's previous hash. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * hash = SHA-256(prevHash + canonical JSON (RFC 8785) of exactly these six fields): what verifyChain recomputes
 * and what docs/product.md#evidence tells anyone to recompute from the export (every field is in it).
 */
function eventHash(
  prevHash: string,
  e: {
    organizationId: string;
    proposalId: string;
    seq: number;
    type: string;
    occurredAt: Date;
    payload: unknown;
  },
): string {
  const canonical = canonicalize({
    organizationId: e.organizationId,
    proposalId: e.proposalId,
    seq: e.seq,
    type: e.type,
    occurredAt: e.occurredAt.toISOString(),
    payload: e.payload,
  });
  return createHash('sha256')
    .update(prevHash)
    .update(canonical ?? '')
    .digest('hex');
}

/**
 * Appends one event to the proposal's chain, inside the caller's transaction (pass the transaction's db, so
 * the event commits with the change it records). Race-free per proposal: the chain's head row is locked.
 */
export async function appendEvent(tx: Db, event: NewEvidenceEvent): Promise<EvidenceEvent> {
  const head = await lockEvidenceHead(tx, event.proposalId);
  const payload = JSON.parse(JSON.stringify(event.payload)) as Record<string, unknown>;
  // Milliseconds only: what the ISO string (and so the hash) holds is exactly what PostgreSQL stores.
  const occurredAt = new Date((event.occurredAt ?? new Date()).getTime());
  const seq = head.seq + 1;
  const values = { ...event, payload, occurredAt, seq, prevHash: head.hash };
  const row = await insertEvidenceEvent(tx, { ...values, hash: eventHash(head.hash, values) });
  return toDto(row);
}

const toDto = (r: EvidenceRow): EvidenceEvent => ({
  organizationId: r.organizationId,
  proposalId: r.proposalId,
  seq: r.seq,
  type: r.type,
  occurredAt: r.occurredAt.toISOString(),
  payload: r.payload,
  prevHash: r.prevHash,
  hash: r.hash,
});

/** The proposal's events in order (for the certificate page and the proposal's detail). */
export async function listEvidence(db: Db, proposal: ProposalOfOrganization): Promise<EvidenceEvent[]> {
  return (await selectEvidence(db, proposal)).map(toDto);
}

/**
 * Recomputes the chain: numbers 1…n without gaps, each row's previous hash is the row before's hash, each hash
 * matches its content, and the last one is the recorded head (a removed last event shows there).
 */
export async function verifyChain(db: Db, proposal: ProposalOfOrganization): Promise<ProposalEvidence> {
  const rows = await selectEvidence(db, proposal);
  const head = await selectEvidenceHead(db, proposal.id);
  const events = rows.map(toDto);
  // The head goes out with the chain, so a reader of the export detects a removed last event too.
  const recordedHead = head && head.seq > 0 ? { seq: head.seq, hash: head.hash } : null;
  let prev = GENESIS_HASH;
  for (const [i, r] of rows.entries()) {
    const broken = r.seq !== i + 1 || r.prevHash !== prev || eventHash(prev, r) !== r.hash;
    if (broken) return { intact: false, brokenAt: i + 1, events, head: recordedHead };
    prev = r.hash;
  }
  const last = rows.at(-1);
  const headSeq = head?.seq ?? 0;
  if (headSeq !== rows.length || (last && head?.hash !== last.hash)) {
    return { intact: false, brokenAt: rows.length + 1, events, head: recordedHead };
  }
  return { intact: true, brokenAt: null, events, head: recordedHead };
}

/** What identifies the client's network or mailbox in an event's payload, hidden once the client is pseudonymised. */
const CLIENT_TRACES = ['ip', 'maskedEmail'] as const;

/**
 * The chain as members see and export it (docs/product.md#chain-after-pseudonymisation): checked on the stored
 * events first, then, when the proposal's client was pseudonymised, each event's network (`ip`) and masked
 * address shown as `null`. The stored rows and their hashes are not touched: the chain stays append-only and
 * verifiable by anyone reading the database.
 */
export async function evidenceForMembers(
  db: Db,
  proposal: ProposalOfOrganization,
): Promise<ProposalEvidence> {
  const checked = await verifyChain(db, proposal);
  if (!isPseudonymEmail(await selectProposalClientEmail(db, proposal))) return checked;
  return {
    ...checked,
    clientPseudonymised: true,
    events: checked.events.map((event) => {
      const payload = { ...event.payload };
      // A key hidden here keeps its stored value in the hash: the export names it, so a reader knows this
      // event's own hash cannot be recomputed (docs/decisions.md, "Evidence anyone can re-check").
      const hidden = CLIENT_TRACES.filter((key) => payload[key] !== undefined && payload[key] !== null);
      for (const key of CLIENT_TRACES) if (key in payload) payload[key] = null;
      return hidden.length > 0
        ? { ...event, payload, hiddenPayloadKeys: [...hidden] }
        : { ...event, payload };
    }),
  };
}

/** `GET /proposals/{id}/evidence`: whoever may read the proposal sees its chain (docs/product.md#evidence). */
export async function getProposalEvidence(ctx: TenantContext, proposalId: string): Promise<ProposalEvidence> {
  if (!(await selectProposalExists(ctx, proposalId)))
    throw new AppError('NOT_FOUND', MESSAGES.proposalNotFound);
  return evidenceForMembers(ctx.db, { id: proposalId, organizationId: ctx.organizationId });
}
