import { TEMPLATE_CATEGORY_LABELS, type Template } from '@aceite/shared/schemas/templates';
import { Alert, Button, Modal, ScrollArea, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconAlertCircle, IconFilePlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { LoadingState } from '@/components/loading-state';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
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

  let list: React.ReactNode;
  if (templates.isPending) {
    list = <LoadingState label="A carregar templates…" />;
  } else if (templates.isError) {
    list = (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(templates.error, 'Erro ao carregar templates')}</Text>
          <Button
            size="xs"
            variant="default"
            onClick={() => templates.refetch()}
            loading={templates.isFetching}
          >
            Tentar novamente
          </Button>
        </Stack>
      </Alert>
    );
  } else if (templates.data.length === 0) {
    list = (
      <Text size="sm" c="dimmed">
        Ainda não há templates.
      </Text>
    );
  } else {
    list = (
      <ScrollArea.Autosize mah="45vh" type="auto" offsetScrollbars>
        <Stack gap="xs" component="ul" className={classes.list}>
          {templates.data.map((template) => (
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
    );
  }

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
          A partir de um template
        </Title>
        {list}
      </Stack>
    </Modal>
  );
}
