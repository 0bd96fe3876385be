import { MESSAGES } from '@aceite/shared/messages';
import { Button } from '@mantine/core';
import { IconAlertCircle, IconFileOff, IconLock, IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { StatusPanel } from '@/components/error-screens/status-panel';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';

interface BackLink {
  to: string;
  label: string;
}

/** A viewer, or a salesperson on a colleague's proposal: reading is allowed, writing is not. */
export function ProposalNotAllowed({ back }: { back: BackLink }) {
  return (
    <StatusPanel
      icon={<IconLock size={32} />}
      title="Sem permissão"
      message="O seu perfil permite consultar esta proposta, mas não criá-la nem alterá-la."
      actions={
        <Button component={Link} to={back.to} variant="default">
          {back.label}
        </Button>
      }
    />
  );
}

/**
 * Accepted, signed or rejected: what the client answered stays as it was. Cancelled: it is duplicated to make a
 * new one (issue 37).
 */
export function ProposalLocked({ back, cancelled = false }: { back: BackLink; cancelled?: boolean }) {
  return (
    <StatusPanel
      icon={<IconLock size={32} />}
      title="Proposta fechada"
      message={cancelled ? MESSAGES.proposalCancelledNoEdit : MESSAGES.proposalLocked}
      actions={
        <Button component={Link} to={back.to} variant="default">
          {back.label}
        </Button>
      }
    />
  );
}

/** A missing (or another organization's) proposal, or a failed load with a retry. */
export function ProposalLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
    return (
      <StatusPanel
        icon={<IconFileOff size={32} />}
        title={MESSAGES.proposalNotFound}
        message="A proposta não existe ou foi eliminada."
        actions={
          <Button component={Link} to={paths.proposals()}>
            Ver propostas
          </Button>
        }
      />
    );
  }
  return (
    <StatusPanel
      color="red"
      icon={<IconAlertCircle size={32} />}
      title={MESSAGES.proposalsLoadError}
      message="Verifique a ligação e tente novamente."
      actions={
        <>
          <Button leftSection={<IconRefresh size={18} aria-hidden="true" />} onClick={onRetry}>
            Tentar novamente
          </Button>
          <Button component={Link} to={paths.proposals()} variant="default">
            Ver propostas
          </Button>
        </>
      }
    />
  );
}
