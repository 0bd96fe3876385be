import { TEMPLATE_CATEGORY_LABELS, type Template } from '@aceite/shared/schemas/templates';
import { Modal, ScrollArea, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconFilePlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
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

/**
 * 'Nova proposta' from the dashboard or the proposals list: a blank proposal, or one of the templates (the use
 * is counted, then the editor opens prefilled; it opens even if counting fails, docs/product.md#templates).
 */
export function NewProposalDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const templates = useQuery({ ...templatesQueryOptions(ALL_TEMPLATES), enabled: opened });
  const countUse = useCountTemplateUse();

  const startFrom = (template: Template) =>
    countUse.mutate(template.id, {
      onSettled: (counted) => {
        const state: NewProposalFromTemplateState = { template: counted ?? template };
        navigate(paths.proposalNew, { state });
      },
    });

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
                  disabled={countUse.isPending}
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
      title="Nova proposta"
      centered
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      <Stack gap="md">
        <UnstyledButton
          className={classes.option}
          disabled={countUse.isPending}
          onClick={() => navigate(paths.proposalNew)}
        >
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
