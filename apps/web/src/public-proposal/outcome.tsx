import { calendarDay, DEFAULT_TIME_ZONE } from '@aceite/shared/dates';
import { MESSAGES } from '@aceite/shared/messages';
import { clientOutcome } from '@aceite/shared/proposal-status';
import { describeRejection } from '@aceite/shared/rejection-reasons';
import type { PublicProposal } from '@aceite/shared/schemas/public-proposals';
import {
  IconCircleCheck,
  IconCircleX,
  IconClockHour4,
  IconClockX,
  IconLock,
  IconSignature,
} from '@tabler/icons-react';
import type { ReactNode, Ref } from 'react';
import { formatCalendarDate } from './format';
import { usePageDates } from './page-dates';

export type OutcomeKind =
  | 'signed'
  | 'accepted'
  | 'rejected'
  | 'expired'
  | 'closed'
  | 'in_review'
  | 'actionable';

/**
 * Which of the public page's end states applies (docs/product.md#decisions), from the shared `clientOutcome`.
 * Whether the validity still lets the client answer is the server's verdict (`isActionable`, judged in the
 * organization's calendar, docs/product.md#validity-and-expiry), never re-judged in the browser's: a status the
 * client could answer that the server no longer lets them is past its date.
 */
export function outcomeOf(p: PublicProposal, now = new Date()): OutcomeKind {
  const outcome = clientOutcome(p, calendarDay(now, DEFAULT_TIME_ZONE));
  if (outcome === 'signed' || outcome === 'accepted' || outcome === 'rejected') return outcome;
  // A change waits for approval (docs/product.md#approvals): no answers until it is approved.
  if (p.inReview) return 'in_review';
  if (p.isActionable) return 'actionable';
  return outcome === 'closed' ? 'closed' : 'expired';
}

interface OutcomeBoxProps {
  tone: 'accepted' | 'rejected' | 'expired' | 'closed';
  icon: ReactNode;
  title: string;
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}

function OutcomeBox({ tone, icon, title, headingRef, children }: OutcomeBoxProps) {
  return (
    <div className="pp-outcome" data-tone={tone}>
      <span className="pp-outcome-icon" aria-hidden="true">
        {icon}
      </span>
      <div>
        <h2 className="pp-h2" id="response-title" ref={headingRef} tabIndex={-1}>
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}

interface OutcomeProps {
  proposal: PublicProposal;
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * After signing: signer name, email, date and the signature image (docs/product.md#public-page). Signing also
 * accepts.
 */
export function SignedOutcome({ proposal, headingRef }: OutcomeProps) {
  const signedAt = proposal.signedAt ?? proposal.acceptedAt;
  const { formatDateTime } = usePageDates();
  return (
    <>
      <OutcomeBox
        tone="accepted"
        icon={<IconSignature size={24} />}
        title="Proposta assinada e aceite"
        headingRef={headingRef}
      >
        <p>
          Assinada digitalmente{signedAt ? ` em ${formatDateTime(signedAt)}` : ''}. Pode imprimir ou guardar
          esta página como comprovativo.
        </p>
        <SignedMandate proposal={proposal} />
      </OutcomeBox>
      <div className="pp-signature">
        {proposal.signatureData ? (
          <div className="pp-signature-frame">
            <img
              className="pp-signature-image"
              src={proposal.signatureData}
              alt={`Assinatura de ${proposal.signedByName ?? 'quem assinou'}`}
              width={600}
              height={200}
            />
          </div>
        ) : null}
        <dl>
          <div>
            <dt>Assinado por</dt>
            <dd>{proposal.signedByName}</dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>{proposal.signedByEmail}</dd>
          </div>
          {signedAt ? (
            <div>
              <dt>Data da assinatura</dt>
              <dd>{formatDateTime(signedAt)}</dd>
            </div>
          ) : null}
        </dl>
      </div>
    </>
  );
}

/** The SEPA mandate signed with the acceptance: its reference and the IBAN masked (docs/product.md#the-mandate-at-acceptance). */
function SignedMandate({ proposal }: { proposal: PublicProposal }) {
  if (!proposal.mandate) return null;
  return (
    <p className="pp-mandate-outcome" data-testid="signed-mandate">
      Autorização de débito direto SEPA assinada: referência <strong>{proposal.mandate.reference}</strong>,
      conta {proposal.mandate.ibanMasked}.
    </p>
  );
}

export function AcceptedOutcome({ proposal, headingRef }: OutcomeProps) {
  const { formatDateTime } = usePageDates();
  return (
    <OutcomeBox
      tone="accepted"
      icon={<IconCircleCheck size={26} />}
      title="Proposta aceite"
      headingRef={headingRef}
    >
      <p>
        {proposal.acceptedAt
          ? `Aceite em ${formatDateTime(proposal.acceptedAt)}.`
          : 'Esta proposta foi aceite.'}{' '}
        {proposal.owner.firstName} entrará em contacto consigo para os próximos passos.
      </p>
      <SignedMandate proposal={proposal} />
    </OutcomeBox>
  );
}

export function RejectedOutcome({ proposal, headingRef }: OutcomeProps) {
  const { formatDateTime } = usePageDates();
  return (
    <OutcomeBox
      tone="rejected"
      icon={<IconCircleX size={26} />}
      title="Proposta rejeitada"
      headingRef={headingRef}
    >
      <p>
        {proposal.rejectedAt
          ? `Rejeitada em ${formatDateTime(proposal.rejectedAt)}.`
          : 'Esta proposta foi rejeitada.'}
      </p>
      {describeRejection(proposal.rejectionReasonCode, proposal.rejectionReason) ? (
        <p className="pp-reason pp-pre">
          <strong>Motivo: </strong>
          {describeRejection(proposal.rejectionReasonCode, proposal.rejectionReason)}
        </p>
      ) : null}
    </OutcomeBox>
  );
}

function ContactOwner({ proposal }: { proposal: PublicProposal }) {
  const owner = `${proposal.owner.firstName} ${proposal.owner.lastName}`.trim();
  return (
    <>
      Para uma proposta atualizada, contacte {owner} (
      <a className="pp-link" href={`mailto:${proposal.owner.email}`}>
        {proposal.owner.email}
      </a>
      ).
    </>
  );
}

export function ExpiredOutcome({ proposal, headingRef }: OutcomeProps) {
  return (
    <OutcomeBox
      tone="expired"
      icon={<IconClockX size={26} />}
      title="Proposta expirada"
      headingRef={headingRef}
    >
      <p>
        {MESSAGES.proposalExpired}
        {proposal.validUntil ? ` (válida até ${formatCalendarDate(proposal.validUntil)})` : ''}.
      </p>
      <p>
        <ContactOwner proposal={proposal} />
      </p>
    </OutcomeBox>
  );
}

export function ClosedOutcome({ proposal, headingRef }: OutcomeProps) {
  return (
    <OutcomeBox
      tone="closed"
      icon={<IconLock size={24} />}
      title="Resposta indisponível"
      headingRef={headingRef}
    >
      <p>Esta proposta já não pode ser respondida.</p>
      <p>
        <ContactOwner proposal={proposal} />
      </p>
    </OutcomeBox>
  );
}

/**
 * A change to the proposal waits for the organization's approval (docs/product.md#approvals, issue 34): the
 * answers come back once it is approved (docs/decisions.md, "Issue 34 — approval follows the content").
 */
export function InReviewOutcome({ proposal, headingRef }: OutcomeProps) {
  return (
    <OutcomeBox
      tone="closed"
      icon={<IconClockHour4 size={24} />}
      title="Proposta em revisão"
      headingRef={headingRef}
    >
      <p>
        Esta proposta foi alterada e está em revisão. Poderá aceitá-la, assiná-la ou rejeitá-la assim que a
        revisão terminar.
      </p>
      <p>
        Tem dúvidas? Contacte {`${proposal.owner.firstName} ${proposal.owner.lastName}`.trim()} (
        <a className="pp-link" href={`mailto:${proposal.owner.email}`}>
          {proposal.owner.email}
        </a>
        ).
      </p>
    </OutcomeBox>
  );
}
