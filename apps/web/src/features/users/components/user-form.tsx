import { MESSAGES } from '@aceite/shared/messages';
import { type Member, UpdateUserInputSchema } from '@aceite/shared/schemas/users';
import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { z } from 'zod';
import { errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useUpdateUser } from '../api/update-user';
import { NO_TEAM, ROLE_OPTIONS, type TeamOption, teamIdFromSelect, teamSelectData } from './role-options';

const USER_SAVE_ERROR = 'Erro ao guardar utilizador';
const FIELDS = ['firstName', 'lastName', 'role', 'teamId'] as const;

// The select holds 'Sem equipa' as a value of its own; the API schema checks the rest.
const UserFormSchema = UpdateUserInputSchema.extend({ teamId: z.string() });

interface UserFormProps {
  user: Member;
  teams: readonly TeamOption[];
  /** Editing one's own account: the role cannot change (docs/product.md#roles-and-permissions). */
  isSelf: boolean;
  onSaved: (user: Member) => void;
  onCancel: () => void;
}

/** Names, role and team of a member (docs/product.md#people-and-teams, #forms-and-validation). */
export function UserForm({ user, teams, isSelf, onSaved, onCancel }: UserFormProps) {
  const update = useUpdateUser(user.id);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    initialValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.role === 'superadmin' ? 'admin' : user.role,
      teamId: user.teamId ?? NO_TEAM,
    },
    validate: schemaResolver(UserFormSchema, { sync: true }),
    validateInputOnBlur: true,
  });

  // A team that is not in the list (e.g. still loading) must still show by name.
  const teamData = teamSelectData(
    user.team && !teams.some((team) => team.value === user.team?.id)
      ? [...teams, { value: user.team.id, label: user.team.name }]
      : teams,
  );

  const handleSubmit = form.onSubmit((values) => {
    setFormError(null);
    const input = UpdateUserInputSchema.parse({ ...values, teamId: teamIdFromSelect(values.teamId) });
    update.mutate(input, {
      onSuccess: onSaved,
      onError: (error) => {
        if (!applyServerFieldErrors(form, error, FIELDS)) {
          setFormError(errorMessage(error, USER_SAVE_ERROR));
        }
      },
    });
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={720}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          {formError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
              {formError}
            </Alert>
          )}
          <div>
            <Text size="sm" c="dimmed">
              Email
            </Text>
            <Text fw={600}>{user.email}</Text>
          </div>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <TextInput label="Nome" autoComplete="off" required {...form.getInputProps('firstName')} />
            <TextInput label="Apelido" autoComplete="off" required {...form.getInputProps('lastName')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <Select
              label="Função"
              data={ROLE_OPTIONS}
              allowDeselect={false}
              required
              disabled={isSelf}
              description={isSelf ? MESSAGES.cannotChangeOwnRole : undefined}
              {...form.getInputProps('role')}
            />
            <Select
              label="Equipa"
              data={teamData}
              allowDeselect={false}
              searchable={teamData.length > 8}
              nothingFoundMessage="Nenhuma equipa encontrada"
              {...form.getInputProps('teamId')}
            />
          </SimpleGrid>
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onCancel}>
              Cancelar
            </Button>
            <Button type="submit" loading={update.isPending}>
              Guardar
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
