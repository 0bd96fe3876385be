import { MESSAGES } from '@aceite/shared/messages';
import { formatMoney } from '@aceite/shared/money';
import type { Version } from '@aceite/shared/schemas/collaboration';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  Textarea,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconHistory, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { PanelStates } from '@/components/panel-states';
import { SectionPanel } from '@/components/section-panel';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, fullName } from '@/lib/format';
import { useCreateVersion } from '../api/create-version';
import { useVersions } from '../api/get-versions';
import { VersionSnapshotModal } from './version-snapshot-modal';

const CLOSE = { 'aria-label': 'Fechar' } as const;

function CreateVersionModal({
  proposalId,
  opened,
  onClose,
}: {
  proposalId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const create = useCreateVersion(proposalId);
  const form = useForm({
    initialValues: { changeNotes: '' },
    validate: { changeNotes: (value) => (value.trim() ? null : MESSAGES.versionNotesRequired) },
  });
  const close = () => {
    form.reset();
    create.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Criar versão" centered closeButtonProps={CLOSE}>
      <form
        noValidate
        onSubmit={form.onSubmit(({ changeNotes }) => create.mutate(changeNotes.trim(), { onSuccess: close }))}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            Guarda o estado atual da proposta (título, conteúdo, descontos e totais) como uma nova versão.
          </Text>
          {create.error && (
            <Alert color="red" variant="light" role="alert">
              {errorMessage(create.error, MESSAGES.versionCreateError)}
            </Alert>
          )}
          <Textarea
            label="Notas sobre as alterações"
            required
            autosize
            minRows={3}
            maxLength={2000}
            data-autofocus
            {...form.getInputProps('changeNotes')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancelar
            </Button>
            <Button type="submit" loading={create.isPending}>
              Criar versão
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function VersionRow({ version, onOpen }: { version: Version; onOpen: () => void }) {
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap', width: '1%' }}>
        <UnstyledButton onClick={onOpen} aria-label={`Ver versão ${version.versionNumber}`}>
          {/* Never cut short ('v…') when the column is narrow on a phone. */}
          <Badge
            variant="light"
            miw="fit-content"
            maw="none"
            style={{ flexShrink: 0, width: 'max-content' }}
            leftSection={<IconHistory size={12} aria-hidden="true" />}
          >
            v{version.versionNumber}
          </Badge>
        </UnstyledButton>
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {version.changeNotes}
        </Text>
        <Text size="xs" c="dimmed">
          {version.title} · {formatMoney(version.totalValue)} · IVA {version.taxRate}%
        </Text>
      </Table.Td>
      <Table.Td visibleFrom="sm">{version.creator ? fullName(version.creator) : '—'}</Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(version.createdAt)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Button size="compact-sm" variant="subtle" onClick={onOpen}>
          Ver
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

/** Version history (docs/product.md#versions): the list, 'Criar versão', and any version's full snapshot. */
export function VersionsPanel({ proposalId, canCreate }: { proposalId: string; canCreate: boolean }) {
  const query = useVersions(proposalId);
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);

  const body = (
    <PanelStates
      query={query}
      loadingLabel="A carregar versões…"
      error={{ message: MESSAGES.versionsLoadError }}
      isEmpty={(versions) => versions.length === 0}
      empty="Ainda não há versões. Uma versão guarda o estado da proposta para o poder rever mais tarde."
    >
      {(versions) => (
        <Table.ScrollContainer
          minWidth={0}
          type="native"
          tabIndex={0}
          role="region"
          aria-label="Tabela de versões"
        >
          <Table verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Versão</Table.Th>
                <Table.Th>Notas</Table.Th>
                <Table.Th visibleFrom="sm">Autor</Table.Th>
                <Table.Th>Data</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Ações</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {versions.map((version) => (
                <VersionRow
                  key={version.id}
                  version={version}
                  onOpen={() => setViewing(version.versionNumber)}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </PanelStates>
  );

  return (
    <SectionPanel
      title="Histórico de versões"
      actions={
        canCreate && (
          <Button
            size="sm"
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={() => setCreating(true)}
          >
            Criar versão
          </Button>
        )
      }
    >
      {body}
      <CreateVersionModal proposalId={proposalId} opened={creating} onClose={() => setCreating(false)} />
      <VersionSnapshotModal proposalId={proposalId} number={viewing} onClose={() => setViewing(null)} />
    </SectionPanel>
  );
}
