import type { PublicProposal } from '@aceite/shared/schemas/public-proposals';

/**
 * The proposal's number and the parties' tax ids on the public page (docs/product.md#proposal-numbers,
 * docs/product.md#tax-ids), as on the organization's other commercial documents.
 */
export function ProposalNumberMeta({ proposal }: { proposal: PublicProposal }) {
  return (
    <div>
      <dt>Proposta n.º</dt>
      <dd>{proposal.number}</dd>
    </div>
  );
}

/** 'NIF 123456789' under a name, when there is one. */
export function TaxIdLine({ taxId }: { taxId: string | null | undefined }) {
  return taxId ? <span className="pp-meta-secondary">NIF {taxId}</span> : null;
}

/** Who issues the proposal, with its NIF when the organization set one. */
export function IssuerMeta({ proposal }: { proposal: PublicProposal }) {
  if (!proposal.organization.taxId) return null;
  return (
    <div>
      <dt>Emitida por</dt>
      <dd>
        {proposal.organization.name}
        <TaxIdLine taxId={proposal.organization.taxId} />
      </dd>
    </div>
  );
}
