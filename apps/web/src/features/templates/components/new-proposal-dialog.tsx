import { TEMPLATE_CATEGORY_LABELS, type Template } from '@aceite/shared/schemas/templates';
import { Modal, ScrollArea, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconFilePlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { PanelStates } from '@/components/panel-states';
import { paths } from '@/config/paths';
import { templatesQueryOptions } from '../api/get-templates';
import { useCountTemplateUse } from '../api/use-template';
import classes from './new-proposal-dialog.module.css';
import type { NewProposalFromTemplateState } from './templates-grid';

const ALL_TEMPLATES = { search: '', category: '' } as const;

/** The cut of template descriptions (docs/product.md#limits-and-defaults). */
const cut = (text: string) => (text.length > 100 ? `${text.slice(0, 100).trimEnd()}…` : text);

export interface ProposalClient {
  id: string;
  name: string;
}

interface NewProposalDialogProps {
  opened: boolean;
  onClose: () => void;
  /**
   * Whom the proposal is for ('Nova proposta para este cliente', issue 37): fixed on a client's page, or the one
   * chosen in `clientField` on the proposals list. Null: the editor opens and the client is chosen there.
   */
  client?: ProposalClient | null;
  /** The list's client chooser, shown first (the route passes it: a feature never imports another). */
  clientField?: ReactNode;
  /** With a client: the route creates the draft ("<template> — <client>") and opens the editor on it. */
  onStartForClient?: (template: Template | null, client: ProposalClient) => void;
  /** While that draft is being created (or what it needs, the organization's settings, is read). */
  starting?: boolean;
}

/**
 * 'Nova proposta' from the dashboard, the proposals list or a client's page: a blank proposal, or one of the
 * templates (the use is counted, then the editor opens prefilled; it opens even if counting fails,
 * docs/product.md#templates). With a client, the draft is created for them first.
 */
export function NewProposalDialog({
  opened,
  onClose,
  client = null,
  clientField,
  onStartForClient,
  starting = false,
}: NewProposalDialogProps) {
  const navigate = useNavigate();
  const templates = useQuery({ ...templatesQueryOptions(ALL_TEMPLATES), enabled: opened });
  const countUse = useCountTemplateUse();
  const forClient = client && onStartForClient ? { client, start: onStartForClient } : null;
  const busy = countUse.isPending || (forClient !== null && starting);

  const startFrom = (template: Template) =>
    countUse.mutate(template.id, {
      onSettled: (counted) => {
        if (forClient) {
          forClient.start(counted ?? template, forClient.client);
          return;
        }
        const state: NewProposalFromTemplateState = { template: counted ?? template };
        navigate(paths.proposalNew, { state });
      },
    });

  const startBlank = () => {
    if (forClient) forClient.start(null, forClient.client);
    else navigate(paths.proposalNew);
  };

  const list = (
    <PanelStates
      query={templates}
      loadingLabel="A carregar modelos…"
      error={{ message: 'Erro ao carregar modelos' }}
      isEmpty={(rows) => rows.length === 0}
      empty="Ainda não há modelos."
    >
      {(rows) => (
        <ScrollArea.Autosize mah="45vh" type="auto" offsetScrollbars>
          <Stack gap="xs" component="ul" className={classes.list}>
            {rows.map((template) => (
              <li key={template.id}>
                <UnstyledButton
                  className={classes.option}
                  disabled={busy}
                  onClick={() => startFrom(template)}
                >
                  <Text fw={600} size="sm">
                    {template.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {TEMPLATE_CATEGORY_LABELS[template.category]}
                    {template.description ? ` · ${cut(template.description)}` : ''}
                  </Text>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </PanelStates>
  );

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={client && !clientField ? `Nova proposta para ${client.name}` : 'Nova proposta'}
      centered
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      <Stack gap="md">
        {clientField}
        {forClient && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {starting
              ? 'A preparar a proposta…'
              : `A proposta é criada em rascunho para ${forClient.client.name} e o editor abre nela.`}
          </Text>
        )}
        <UnstyledButton className={classes.option} disabled={busy} onClick={startBlank}>
          <Text fw={600} size="sm" component="span" className={classes.blank}>
            <IconFilePlus size={18} aria-hidden="true" />
            Proposta em branco
          </Text>
          <Text size="xs" c="dimmed">
            Comece do zero.
          </Text>
        </UnstyledButton>
        <Title order={3} size="h6">
          A partir de um modelo
        </Title>
        {list}
      </Stack>
    </Modal>
  );
}
