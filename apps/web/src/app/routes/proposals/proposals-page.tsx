import { useSearchParams } from 'react-router';
import { PROPOSAL_STATUS_MENU_LABELS } from '@/components/layouts/sidebar-nav';
import { UnderConstruction } from '@/components/under-construction';
import { SIDEBAR_PROPOSAL_STATUSES, type SidebarProposalStatus } from '@/config/paths';

function isSidebarStatus(value: string | null): value is SidebarProposalStatus {
  return SIDEBAR_PROPOSAL_STATUSES.some((status) => status === value);
}

export function ProposalsPage() {
  const [searchParams] = useSearchParams();
  const status = searchParams.get('status');
  return (
    <UnderConstruction
      title="Propostas"
      description={isSidebarStatus(status) ? `Filtro: ${PROPOSAL_STATUS_MENU_LABELS[status]}` : undefined}
    />
  );
}
