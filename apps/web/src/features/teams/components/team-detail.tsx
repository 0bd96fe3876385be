import type { TeamDetail as Team } from '@aceite/shared/schemas/teams';
import {
  Box,
  Button,
  EmptyState,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconUserMinus, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ActiveBadge } from '@/components/active-badge';
import { RoleBadge } from '@/components/role-badge';
import { paths } from '@/config/paths';
import { fullName } from '@/lib/format';
import { useIsMobile } from '@/lib/use-is-mobile';
import { useAddTeamMember } from '../api/add-team-member';
import { useRemoveTeamMember } from '../api/remove-team-member';

/** A person who can be added to the team. */
export interface MemberCandidate {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  /** Their current team, if any: adding moves them out of it. */
  team: { id: string; name: string } | null;
}

function failure(prefix: string, error: unknown): string {
  const detail = error instanceof Error && error.message ? error.message : 'tente novamente.';
  return `${prefix}: ${detail}`;
}

interface AddMemberModalProps {
  team: Team;
  candidates: readonly MemberCandidate[];
  candidatesLoading: boolean;
  opened: boolean;
  onClose: () => void;
  onAdded?: () => void;
}

/** 'Adicionar Membro': a selector without the current members; the button waits for a choice. */
function AddMemberModal({
  team,
  candidates,
  candidatesLoading,
  opened,
  onClose,
  onAdded,
}: AddMemberModalProps) {
  const [userId, setUserId] = useState<string | null>(null);
  const add = useAddTeamMember(team.id);
  const memberIds = new Set(team.members.map((member) => member.id));
  const available = candidates.filter((candidate) => !memberIds.has(candidate.id));
  const byId = new Map(available.map((candidate) => [candidate.id, candidate]));

  const close = () => {
    setUserId(null);
    add.reset();
    onClose();
  };

  const submit = () => {
    const person = userId ? byId.get(userId) : undefined;
    if (!person) return;
    add.mutate(person.id, {
      onSuccess: () => {
        notifications.show({
          closeButtonProps: { 'aria-label': 'Fechar notificação' },
          color: 'green',
          message: `${fullName(person)} foi adicionado à equipa.`,
        });
        onAdded?.();
        close();
      },
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Adicionar Membro"
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Select
            label="Utilizador"
            placeholder={available.length ? 'Escolha um utilizador' : undefined}
            data={available.map((candidate) => ({
              value: candidate.id,
              label: `${fullName(candidate)} (${candidate.email})`,
            }))}
            value={userId}
            onChange={setUserId}
            searchable
            disabled={candidatesLoading}
            nothingFoundMessage="Nenhum utilizador encontrado"
            description={
              candidatesLoading
                ? 'A carregar utilizadores…'
                : available.length === 0
                  ? 'Todos os utilizadores ativos já pertencem a esta equipa.'
                  : 'Quem já pertence a outra equipa passa para esta.'
            }
            error={add.isError ? failure('Erro ao adicionar membro', add.error) : undefined}
            renderOption={({ option }) => {
              const person = byId.get(option.value);
              if (!person) return option.label;
              return (
                <div>
                  <Text size="sm">{fullName(person)}</Text>
                  <Text size="xs" c="dimmed">
                    {person.email}
                    {person.team ? ` · Atualmente em ${person.team.name}` : ''}
                  </Text>
                </div>
              );
            }}
            comboboxProps={{ withinPortal: true }}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancelar
            </Button>
            <Button type="submit" disabled={!userId} loading={add.isPending}>
              Adicionar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

type Member = Team['members'][number];

interface MemberActionsProps {
  member: Member;
  canWrite: boolean;
  canEditUsers: boolean;
  removing: boolean;
  onRemove: (member: Member) => void;
  /** In a card on a narrow screen: start-aligned and free to wrap. */
  stacked?: boolean;
}

function MemberActions({ member, canWrite, canEditUsers, removing, onRemove, stacked }: MemberActionsProps) {
  return (
    <Group gap="xs" justify={stacked ? 'flex-start' : 'flex-end'} wrap={stacked ? 'wrap' : 'nowrap'}>
      {canEditUsers && (
        <Button
          component={Link}
          to={paths.userEdit(member.id)}
          size="xs"
          variant="default"
          leftSection={<IconPencil size={14} aria-hidden="true" />}
          aria-label={`Editar utilizador ${fullName(member)}`}
        >
          Editar utilizador
        </Button>
      )}
      {canWrite && (
        <Button
          size="xs"
          variant="subtle"
          color="red"
          leftSection={<IconUserMinus size={14} aria-hidden="true" />}
          onClick={() => onRemove(member)}
          loading={removing}
          aria-label={`Remover da equipa: ${fullName(member)}`}
        >
          Remover da equipa
        </Button>
      )}
    </Group>
  );
}

interface TeamDetailProps {
  team: Team;
  /** The organization's active users, for 'Adicionar Membro'. */
  candidates: readonly MemberCandidate[];
  candidatesLoading: boolean;
  /** Managers and admins change the members (docs/product.md#roles-and-permissions). */
  canWrite: boolean;
  /** Admins edit users, so only they get the link to a member's edit screen. */
  canEditUsers: boolean;
  /** After a member is added or removed (other screens show each user's team). */
  onMembersChanged?: () => void;
}

/** A team's summary and members (docs/product.md#people-and-teams). */
export function TeamDetail({
  team,
  candidates,
  candidatesLoading,
  canWrite,
  canEditUsers,
  onMembersChanged,
}: TeamDetailProps) {
  const [addOpened, addModal] = useDisclosure(false);
  const remove = useRemoveTeamMember(team.id);
  const [removingId, setRemovingId] = useState<string | null>(null);
  const isMobile = useIsMobile();

  const removeMember = (member: Member) => {
    setRemovingId(member.id);
    remove.mutate(member.id, {
      onSuccess: () => {
        notifications.show({
          closeButtonProps: { 'aria-label': 'Fechar notificação' },
          color: 'green',
          message: `${fullName(member)} foi removido da equipa.`,
        });
        onMembersChanged?.();
      },
      onError: (error) =>
        notifications.show({
          closeButtonProps: { 'aria-label': 'Fechar notificação' },
          color: 'red',
          message: failure('Erro ao remover membro', error),
        }),
      onSettled: () => setRemovingId(null),
    });
  };

  const showActions = canWrite || canEditUsers;

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          <div>
            <Text size="sm" c="dimmed">
              Descrição
            </Text>
            <Text>{team.description || '—'}</Text>
          </div>
          <div>
            <Text size="sm" c="dimmed">
              Gestor
            </Text>
            {team.manager ? (
              <>
                <Text fw={600}>{fullName(team.manager)}</Text>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {team.manager.email}
                </Text>
              </>
            ) : (
              <Text>Sem gestor</Text>
            )}
          </div>
          <div>
            <Text size="sm" c="dimmed">
              Membros
            </Text>
            <Text fw={600}>{team.memberCount}</Text>
          </div>
        </SimpleGrid>
      </Paper>

      <Paper withBorder radius="md">
        <Group justify="space-between" p={{ base: 'md', sm: 'lg' }} pb="sm" gap="sm">
          <Title order={2} size="h4">
            Membros
          </Title>
          {canWrite && (
            <Button
              size="sm"
              leftSection={<IconUserPlus size={16} aria-hidden="true" />}
              onClick={addModal.open}
            >
              Adicionar Membro
            </Button>
          )}
        </Group>
        {team.members.length === 0 ? (
          <EmptyState
            py="xl"
            icon={<IconUsers size={28} aria-hidden="true" />}
            variant="light"
            title="Esta equipa ainda não tem membros"
            description={canWrite ? 'Use «Adicionar Membro» para juntar utilizadores à equipa.' : undefined}
          />
        ) : isMobile ? (
          <Stack
            component="ul"
            gap={0}
            p={0}
            m={0}
            style={{ listStyle: 'none', borderTop: '1px solid var(--mantine-color-default-border)' }}
            aria-label="Membros da equipa"
          >
            {team.members.map((member, index) => (
              <Box
                component="li"
                key={member.id}
                p="md"
                style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
              >
                <Stack gap="xs">
                  <div>
                    <Text size="sm" fw={600}>
                      {fullName(member)}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {member.email}
                    </Text>
                  </div>
                  <Group gap="xs">
                    <RoleBadge role={member.role} />
                    {!member.isActive && <ActiveBadge isActive={false} size="sm" />}
                  </Group>
                  {showActions && (
                    <MemberActions
                      member={member}
                      canWrite={canWrite}
                      canEditUsers={canEditUsers}
                      removing={removingId === member.id}
                      onRemove={removeMember}
                      stacked
                    />
                  )}
                </Stack>
              </Box>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer
            minWidth={640}
            type="native"
            tabIndex={0}
            role="region"
            aria-label="Membros da equipa"
            pos="relative"
          >
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Nome</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Função</Table.Th>
                  {showActions && (
                    <Table.Th>
                      <VisuallyHidden>Ações</VisuallyHidden>
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {team.members.map((member) => (
                  <Table.Tr key={member.id}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Text size="sm" fw={600}>
                          {fullName(member)}
                        </Text>
                        {!member.isActive && <ActiveBadge isActive={false} size="sm" />}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{member.email}</Text>
                    </Table.Td>
                    <Table.Td>
                      <RoleBadge role={member.role} />
                    </Table.Td>
                    {showActions && (
                      <Table.Td>
                        <MemberActions
                          member={member}
                          canWrite={canWrite}
                          canEditUsers={canEditUsers}
                          removing={removingId === member.id}
                          onRemove={removeMember}
                        />
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>

      {canWrite && (
        <AddMemberModal
          team={team}
          candidates={candidates}
          candidatesLoading={candidatesLoading}
          opened={addOpened}
          onClose={addModal.close}
          onAdded={onMembersChanged}
        />
      )}
    </Stack>
  );
}
