import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFilePlus } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { LoadingState } from '@/components/loading-state';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useClient } from '@/features/clients/api/get-client';
import { ClientActions } from '@/features/clients/components/client-actions';
import { ClientDetails } from '@/features/clients/components/client-details';
import { ClientLoadError } from '@/features/clients/components/client-load-error';
import { useCan } from '@/lib/authorization';
import { NewProposalChooser } from '../proposals/new-proposal-chooser';

const BACK = { to: paths.clients, label: 'Voltar a Clientes' };

export function ClientPage() {
  const { id = '' } = useParams();
  const client = useClient(id);
  const canEdit = useCan('client:write') === true;
  const canDelete = useCan('client:delete') === true;
  const canExport = useCan('client:export') === true;
  const canPropose = useCan('proposal:create') === true;
  // 'Nova proposta para este cliente' (issue 37): a template (or none), then the editor on the created draft.
  const [proposing, proposal] = useDisclosure(false);

  if (client.isPending) {
    return (
      <>
        <DocumentTitle title="Cliente" />
        <LoadingState label="A carregar cliente…" />
      </>
    );
  }
  if (client.isError) return <ClientLoadError error={client.error} onRetry={() => client.refetch()} />;

  const { data } = client;
  return (
    <>
      <DocumentTitle title={data.name} />
      <PageHeader
        title={data.name}
        description={data.company ?? undefined}
        back={BACK}
        actions={
          <>
            {canPropose && (
              <Button leftSection={<IconFilePlus size={18} aria-hidden="true" />} onClick={proposal.open}>
                Nova proposta para este cliente
              </Button>
            )}
            <ClientActions client={data} canEdit={canEdit} canDelete={canDelete} canExport={canExport} />
          </>
        }
      />
      <ClientDetails client={data} />
      {canPropose && (
        <NewProposalChooser
          opened={proposing}
          onClose={proposal.close}
          client={{ id: data.id, name: data.name }}
        />
      )}
    </>
  );
}
