/**
 * The proposal's life cycle in one zod-free module (docs/product.md#life-cycle-of-a-proposal): every status,
 * its label and colour, the named groups the rules use, and their predicates. Server, screens and the public page
 * (which must not pull zod into its bundle) all read it from here; never re-declare a group elsewhere.
 */
export const PROPOSAL_STATUSES = [
  'draft',
  'in_review',
  'approved',
  'sent',
  'viewed',
  'under_negotiation',
  'accepted',
  'signed',
  'rejected',
  'expired',
  'cancelled',
] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

export const STATUS_LABELS: Record<ProposalStatus, string> = {
  draft: 'Rascunho',
  in_review: 'Em revisão',
  approved: 'Aprovada',
  sent: 'Enviada',
  viewed: 'Visualizada',
  under_negotiation: 'Em negociação',
  accepted: 'Aceite',
  signed: 'Assinada',
  rejected: 'Rejeitada',
  expired: 'Expirada',
  cancelled: 'Cancelada',
};

/** Mantine colour names of the status badges (the dashboard colours). */
export const STATUS_COLORS: Record<ProposalStatus, string> = {
  draft: 'gray',
  in_review: 'yellow',
  approved: 'teal',
  sent: 'blue',
  viewed: 'violet',
  under_negotiation: 'orange',
  accepted: 'green',
  signed: 'green',
  rejected: 'red',
  expired: 'dark',
  cancelled: 'gray',
};

/**
 * Badge tones per status colour: a pale background with a dark text of the same hue. Mantine's filled and light
 * badges fail 4.5:1 for green, yellow, orange and blue; every pair here is ≥ 6:1.
 */
const TONES: Record<string, { background: string; color: string }> = {
  gray: { background: '#f1f3f5', color: '#343a40' },
  yellow: { background: '#fff3bf', color: '#7a4100' },
  teal: { background: '#c3fae8', color: '#075e45' },
  blue: { background: '#e7f1fc', color: '#0a4f95' },
  violet: { background: '#f3f0ff', color: '#5235b0' },
  orange: { background: '#fff4e6', color: '#8f3206' },
  green: { background: '#ebfbee', color: '#1b5e2b' },
  red: { background: '#fff5f5', color: '#a51d1d' },
  dark: { background: '#e9ecef', color: '#212529' },
};

/** The accessible colour pair of a status badge (one for every screen, the public page included). */
export function statusTone(status: ProposalStatus): { background: string; color: string } {
  return TONES[STATUS_COLORS[status]] ?? { background: '#f1f3f5', color: '#343a40' };
}

/** Not yet with the client: sending moves these to `sent`. */
export const BEFORE_SENT_STATUSES: readonly ProposalStatus[] = ['draft', 'in_review', 'approved'];

/**
 * Approvals (docs/product.md#approvals): a draft is sent for approval (`in_review`); from there it is approved or
 * returned to draft. An approved (or in-review) proposal whose price or discount changes so that the policy
 * applies again returns to draft.
 */
export const AWAITING_APPROVAL_STATUS = 'in_review' satisfies ProposalStatus;

/** Only a draft is sent for approval. */
export function canRequestApproval(status: ProposalStatus): boolean {
  return status === 'draft';
}

/** Only a proposal awaiting approval is approved or returned. */
export function isAwaitingApproval(status: ProposalStatus): boolean {
  return status === AWAITING_APPROVAL_STATUS;
}

/** The statuses the edit form offers (default draft; approved only for manager and admin). */
export const FORM_STATUSES = ['draft', 'in_review', 'approved', 'sent'] as const;

/**
 * The client has the proposal in hand (sent, opened, being negotiated): saving a change warns first, keeps what
 * the client saw as a version and offers to tell the client. These are also the statuses the client can still
 * answer on the public page, and the ones that expire when the validity date passes.
 */
export const CLIENT_HAS_SEEN_STATUSES: readonly ProposalStatus[] = ['sent', 'viewed', 'under_negotiation'];

/**
 * Still open: not answered, cancelled or expired, so the client has it or may still get it. Pseudonymising the
 * client cancels these in the same transaction (issue 37; docs/decisions.md, "Pseudonymising a client with open
 * proposals").
 */
export const OPEN_STATUSES: readonly ProposalStatus[] = [
  ...BEFORE_SENT_STATUSES,
  ...CLIENT_HAS_SEEN_STATUSES,
];

export function isOpen(status: ProposalStatus): boolean {
  return OPEN_STATUSES.includes(status);
}

/** A client's answer is final: such proposals can no longer be edited. */
export const ANSWERED_STATUSES: readonly ProposalStatus[] = ['accepted', 'signed', 'rejected'];

/** Won business: counted as accepted in the dashboard and analytics. */
export const WON_STATUSES: readonly ProposalStatus[] = ['accepted', 'signed'];

/** The statuses the sidebar links to, in its order. */
export const SIDEBAR_STATUSES = [
  'draft',
  'sent',
  'viewed',
  'accepted',
  'rejected',
] as const satisfies readonly ProposalStatus[];

export function isProposalStatus(value: unknown): value is ProposalStatus {
  return typeof value === 'string' && (PROPOSAL_STATUSES as readonly string[]).includes(value);
}

/** The client has answered (accepted, signed or rejected): the proposal is evidence and no longer editable. */
export function isAnswered(status: ProposalStatus): boolean {
  return ANSWERED_STATUSES.includes(status);
}

/**
 * The status lets the client answer on the public page; whether the validity date still allows it is
 * `isOpenToAnswer`, the row-level rule.
 */
export function isActionable(status: ProposalStatus): boolean {
  return CLIENT_HAS_SEEN_STATUSES.includes(status);
}

export function isBeforeSent(status: ProposalStatus): boolean {
  return BEFORE_SENT_STATUSES.includes(status);
}

export function isWon(status: ProposalStatus): boolean {
  return WON_STATUSES.includes(status);
}

/**
 * A client's request for changes moves a proposal the client has (sent or opened) to `under_negotiation`;
 * one already negotiating stays so (docs/product.md#client-questions-and-change-requests).
 */
export function statusAfterChangeRequest(status: ProposalStatus): ProposalStatus {
  return status === 'sent' || status === 'viewed' ? 'under_negotiation' : status;
}

/**
 * Statuses a member may cancel from ('Cancelar proposta', docs/product.md#cancelling-a-proposal): anything
 * not yet answered by the client and not already cancelled. An answered proposal is evidence and stays.
 */
export const CANCELLABLE_STATUSES: readonly ProposalStatus[] = [
  'draft',
  'in_review',
  'approved',
  'sent',
  'viewed',
  'under_negotiation',
  'expired',
];

export function isCancellable(status: ProposalStatus): boolean {
  return CANCELLABLE_STATUSES.includes(status);
}

/**
 * The status the team reads: a signed proposal is stored as accepted (signing accepts it), but shown as
 * 'Assinada', distinct from an acceptance without signature (issue 19); the client's page
 * says the same (issue 33).
 */
export function shownStatus(proposal: { status: ProposalStatus; signedAt: string | null }): ProposalStatus {
  return proposal.signedAt ? 'signed' : proposal.status;
}

/**
 * The status the client reads on the public page: the team's tracking is not theirs (issue 37), so a proposal
 * they opened still reads 'Enviada' to them, never 'Visualizada'; the rest as the team reads it.
 */
export function clientShownStatus(proposal: {
  status: ProposalStatus;
  signedAt: string | null;
}): ProposalStatus {
  const status = shownStatus(proposal);
  return status === 'viewed' ? 'sent' : status;
}

/*
 * Row-level rules: what a proposal is for its client, read from its status, its validity date and its answer
 * instants (docs/product.md#validity-and-expiry). `today` is always `calendarDay(now, the organization's time
 * zone)` (`@aceite/shared/dates`): one calendar for the server, the jobs, SQL and the screens.
 */

/** A cancelled proposal is gone for the client: its link, PDF, answers, messages and reading are 404 or 409. */
export function isClosedToClient(p: { readonly status: ProposalStatus | (string & {}) }): boolean {
  return p.status === 'cancelled';
}

/**
 * Whether the proposal may still go to its client (sent by email, its link copied, its recipient changed): not once
 * it is cancelled (issue 37). The server answers 409 and the screens hide those actions by this one rule.
 */
export function maySendToClient(p: { readonly status: ProposalStatus | (string & {}) }): boolean {
  return !isClosedToClient(p);
}

/**
 * Whether the team may still edit the proposal: not once the client answered (it is evidence) nor once it is
 * cancelled (issue 37: a cancelled proposal is duplicated to make a new one).
 */
export function isEditable(status: ProposalStatus): boolean {
  return !isAnswered(status) && status !== 'cancelled';
}

/** The statuses no edit may land on (a save racing an answer or a cancellation finds nothing to update). */
export const NOT_EDITABLE_STATUSES: readonly ProposalStatus[] = [...ANSWERED_STATUSES, 'cancelled'];

/**
 * The validity date (`YYYY-MM-DD`, inclusive) is behind `today`: a proposal valid until 31/12 can be answered
 * until 23:59:59 of that day in the organization's time zone. No date never passes.
 */
export function isPastValidity(validUntil: string | null | undefined, today: string): boolean {
  return !!validUntil && validUntil < today;
}

/** The client can answer it now: the client has it (sent, viewed, negotiating) and its validity has not passed. */
export function isOpenToAnswer(
  p: { readonly status: ProposalStatus; readonly validUntil?: string | null },
  today: string,
): boolean {
  return isActionable(p.status) && !isPastValidity(p.validUntil, today);
}

/**
 * The client has answered this proposal (row level): an answered status, or an answer recorded on the row (a
 * status moved on since, e.g. archived evidence). Such a proposal is evidence: not edited, removed by an admin
 * only. `isAnswered` is the same rule on a status alone.
 */
export function hasClientAnswered(p: {
  readonly status: ProposalStatus;
  readonly acceptedAt?: Date | string | null;
  readonly rejectedAt?: Date | string | null;
  readonly signedAt?: Date | string | null;
}): boolean {
  return isAnswered(p.status) || !!(p.acceptedAt || p.rejectedAt || p.signedAt);
}

/** Where a proposal stands for its client (the public page's end states, docs/product.md#decisions). */
export type ClientOutcome = 'signed' | 'accepted' | 'rejected' | 'open' | 'expired' | 'closed';

/**
 * The client's outcome: signed, accepted or rejected (the status or the recorded answer), open to answer,
 * expired (by status or past its validity date) or closed (not the client's to answer: never sent, cancelled).
 */
export function clientOutcome(
  p: {
    readonly status: ProposalStatus;
    readonly validUntil?: string | null;
    readonly acceptedAt?: Date | string | null;
    readonly rejectedAt?: Date | string | null;
    readonly signedAt?: Date | string | null;
  },
  today: string,
): ClientOutcome {
  if (p.signedAt) return 'signed';
  if (p.status === 'rejected' || p.rejectedAt) return 'rejected';
  if (p.status === 'accepted' || p.status === 'signed' || p.acceptedAt) return 'accepted';
  if (isOpenToAnswer(p, today)) return 'open';
  if (p.status === 'expired' || isPastValidity(p.validUntil, today)) return 'expired';
  return 'closed';
}
